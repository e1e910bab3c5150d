import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';
import pino from 'pino';
import { loggerOptions } from '../logging/logger';
import { installProcessFailureHandlers, type ProcessFailureOptions } from './process-failures';

type LogLine = { level: string; msg: string } & Record<string, unknown>;

const GRACE_MS = 1_000;
const tick = () => new Promise((resolve) => setImmediate(resolve));

function setUp(options: Partial<ProcessFailureOptions> = {}) {
  const lines: LogLine[] = [];
  const logger = pino(loggerOptions('process-failures-spec', 'debug'), {
    write: (line: string) => lines.push(JSON.parse(line) as LogLine),
  });
  const source = new EventEmitter();
  const exit = vi.fn<(code: number) => void>();
  const failures = installProcessFailureHandlers({ logger, graceMs: GRACE_MS, source, exit, ...options });
  return { failures, source, exit, lines };
}

describe('installProcessFailureHandlers', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
  );
  afterEach(() => vi.useRealTimers());

  it('logs an unhandled rejection at error, with the request id, and keeps running', async () => {
    const { failures, source, exit, lines } = setUp({ currentRequestId: () => 'req-1' });
    const shutdown = vi.fn(async () => undefined);
    failures.shutDownWith(shutdown);

    source.emit('unhandledRejection', new Error('lost promise'));
    await tick();

    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'Unhandled promise rejection',
        requestId: 'req-1',
        err: expect.objectContaining({ message: 'lost promise' }),
      }),
    );
    expect(shutdown).not.toHaveBeenCalled();
    expect(exit).not.toHaveBeenCalled();
  });

  it('leaves the request id out where none is known', () => {
    const { source, lines } = setUp({ currentRequestId: () => undefined });
    source.emit('unhandledRejection', 'a bare reason');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toHaveProperty('requestId');
  });

  it('logs an uncaught exception as fatal, shuts down the way SIGTERM does, and exits 1', async () => {
    const { failures, source, exit, lines } = setUp({ currentRequestId: () => 'req-2' });
    let closed = false;
    failures.shutDownWith(async () => {
      closed = true;
      // As installGracefulShutdown does once it has closed everything.
      failures.exit(0);
    });

    source.emit('uncaughtException', new Error('boom'));
    await tick();

    expect(lines[0]).toEqual(
      expect.objectContaining({
        level: 'fatal',
        msg: 'Uncaught exception; shutting down',
        requestId: 'req-2',
        err: expect.objectContaining({ message: 'boom' }),
      }),
    );
    expect(closed).toBe(true);
    expect(exit.mock.calls).toEqual([[1]]);
  });

  it('exits 1 at once when the exception comes before there is anything to shut down', () => {
    const { source, exit, lines } = setUp();
    source.emit('uncaughtException', new Error('during startup'));
    expect(lines).toContainEqual(expect.objectContaining({ level: 'fatal' }));
    expect(exit.mock.calls).toEqual([[1]]);
  });

  it('does not start the shutdown again on a second exception during it, and still exits once', async () => {
    const { failures, source, exit, lines } = setUp();
    let finishShutdown!: () => void;
    const shutdown = vi.fn(() => new Promise<void>((resolve) => (finishShutdown = resolve)));
    failures.shutDownWith(shutdown);

    source.emit('uncaughtException', new Error('first'));
    source.emit('uncaughtException', new Error('second, from the shutdown'));
    finishShutdown();
    await tick();

    expect(shutdown).toHaveBeenCalledTimes(1);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      ['fatal', 'Uncaught exception; shutting down'],
      ['fatal', 'Uncaught exception while shutting down'],
    ]);
    expect(exit.mock.calls).toEqual([[1]]);
  });

  it('exits 1 once the grace period has passed when the shutdown hangs', async () => {
    const { failures, source, exit } = setUp();
    failures.shutDownWith(() => new Promise<void>(() => undefined));

    source.emit('uncaughtException', new Error('boom'));
    await vi.advanceTimersByTimeAsync(GRACE_MS - 1);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit.mock.calls).toEqual([[1]]);
  });

  it('exits 1 when the shutdown itself fails', async () => {
    const { failures, source, exit, lines } = setUp();
    failures.shutDownWith(async () => {
      throw new Error('close failed');
    });

    source.emit('uncaughtException', new Error('boom'));
    await tick();

    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', msg: 'Shutdown failed' }));
    expect(exit.mock.calls).toEqual([[1]]);
  });

  it('passes the exit code of a shutdown with no failure through', () => {
    const { failures, exit } = setUp();
    failures.exit(0);
    expect(exit.mock.calls).toEqual([[0]]);
  });

  it('ends a SIGTERM shutdown already under way with 1 when an exception arrives during it', async () => {
    const { failures, source, exit } = setUp();
    let finishShutdown!: () => void;
    const underWay = new Promise<void>((resolve) => (finishShutdown = resolve)).then(() => failures.exit(0));
    failures.shutDownWith(() => underWay);

    source.emit('uncaughtException', new Error('boom'));
    finishShutdown();
    await tick();

    expect(exit.mock.calls).toEqual([[1]]);
  });

  it('stops listening once uninstalled', () => {
    const { failures, source } = setUp();
    failures.uninstall();
    expect(source.listenerCount('unhandledRejection')).toBe(0);
    expect(source.listenerCount('uncaughtException')).toBe(0);
  });
});
