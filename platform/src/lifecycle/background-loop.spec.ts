import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackgroundLoop } from './background-loop';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('BackgroundLoop', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
  );
  afterEach(() => vi.useRealTimers());

  it('pauses between steps for as long as the step asks', async () => {
    const step = vi.fn(async () => 1_000);
    const loop = new BackgroundLoop({ step });
    loop.start();
    await tick();
    expect(step).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(step).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(step).toHaveBeenCalledTimes(2);
    await loop.stop();
  });

  it('runs the next step at once when woken during a pause or during a step', async () => {
    let release: (() => void) | undefined;
    const step = vi.fn(() => new Promise<number>((resolve) => (release = () => resolve(60_000))));
    const loop = new BackgroundLoop({ step });
    loop.start();
    await tick();
    release!();
    await tick();
    loop.wake();
    await tick();
    expect(step).toHaveBeenCalledTimes(2);
    loop.wake();
    release!();
    await tick();
    await tick();
    expect(step).toHaveBeenCalledTimes(3);
    release!();
    await loop.stop();
  });

  it('lets the pause run its course while wakes are not honoured', async () => {
    const step = vi.fn(async () => 5_000);
    const loop = new BackgroundLoop({ step, honoursWake: () => false });
    loop.start();
    await tick();
    loop.wake();
    await tick();
    expect(step).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(step).toHaveBeenCalledTimes(2);
    await loop.stop();
  });

  it('stop() ends the pause and waits for the step in flight', async () => {
    let finished = false;
    const step = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      finished = true;
      return 60_000;
    });
    const loop = new BackgroundLoop({ step });
    loop.start();
    await tick();
    const stopped = loop.stop();
    await vi.advanceTimersByTimeAsync(100);
    await stopped;
    expect(finished).toBe(true);
    expect(step).toHaveBeenCalledTimes(1);
    expect(loop.isRunning).toBe(false);
  });

  it('ends by itself once its isActive condition turns false', async () => {
    let active = true;
    const step = vi.fn(async () => {
      active = false;
      return 10;
    });
    const loop = new BackgroundLoop({ step, isActive: () => active });
    loop.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(step).toHaveBeenCalledTimes(1);
    expect(loop.isRunning).toBe(true);
    expect(loop.isActive).toBe(false);
    await loop.stop();
  });
});
