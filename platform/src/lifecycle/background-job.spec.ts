import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackgroundJob } from './background-job';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A job whose passes are counted, and whose second pass waits until released. */
class CountingJob extends BackgroundJob {
  passes = 0;
  passesFinished = 0;
  release: (() => void) | undefined;

  override async pass(): Promise<number> {
    this.passes += 1;
    if (this.passes === 2) await new Promise<void>((resolve) => (this.release = resolve));
    this.passesFinished += 1;
    return 1_000;
  }
}

describe('BackgroundJob', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('does nothing until the app has bootstrapped, then passes again after each pause', async () => {
    const job = new CountingJob();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(job.passes).toBe(0);
    job.onApplicationBootstrap();
    await tick();
    expect(job.passes).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job.passes).toBe(2);
    job.release!();
    await job.beforeApplicationShutdown();
  });

  it('finishes the pass in flight before shutting down, and starts none after', async () => {
    const job = new CountingJob();
    job.onApplicationBootstrap();
    await tick();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job.passes).toBe(2);
    let stopped = false;
    const stopping = job.beforeApplicationShutdown().then(() => (stopped = true));
    await tick();
    expect(stopped).toBe(false);
    job.release!();
    await stopping;
    expect(job.passesFinished).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(job.passes).toBe(2);
  });
});
