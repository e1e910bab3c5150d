import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subjects } from '@promptlib/proto';
import { ErrorCode, NatsError, type Msg, type NatsConnection, type SubscriptionOptions } from 'nats';
import pino from 'pino';
import { loggerOptions } from '../logging/logger';
import { RawResponder } from './raw-responder';

type LogLine = { level: string; msg: string } & Record<string, unknown>;

/** A connection that records its calls, hands back the subscription's callback, and flushes with `flush`. */
function fakeConnection(flush: () => Promise<void> = async () => undefined) {
  const calls: string[] = [];
  let deliver: SubscriptionOptions['callback'] | undefined;
  const connection = {
    subscribe: (_subject: string, options: SubscriptionOptions) => {
      calls.push('subscribe');
      deliver = options.callback;
      return { drain: async () => undefined };
    },
    flush: () => {
      calls.push('flush');
      return flush();
    },
  } as unknown as NatsConnection;
  return {
    connection,
    calls,
    deliver: (...args: Parameters<NonNullable<SubscriptionOptions['callback']>>) => deliver!(...args),
  };
}

const emptyPage = async () => ({ body: Buffer.from('[]'), headers: {} });

async function setUp(handler: (userId: number) => Promise<void>) {
  const lines: LogLine[] = [];
  const logger = pino(loggerOptions('raw-responder-spec', 'debug'), {
    write: (line: string) => lines.push(JSON.parse(line) as LogLine),
  });
  const { connection, deliver } = fakeConnection();
  const responder = new RawResponder(connection, 'spec', 'library', logger);
  await responder.serve(subjects.library.promptsList, async (request) => {
    await handler(request.userId);
    return emptyPage();
  });
  const respond = vi.fn(() => {
    throw NatsError.errorForCode(ErrorCode.ConnectionClosed);
  });
  const request = (userId: number) =>
    deliver(null, {
      data: Buffer.from(JSON.stringify({ userId })),
      headers: undefined,
      respond,
    } as unknown as Msg);
  return { responder, request, respond, lines };
}

describe('RawResponder when respond() throws', () => {
  const unhandled: unknown[] = [];
  const recordUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', recordUnhandled);
  });
  afterEach(() => process.off('unhandledRejection', recordUnhandled));

  it.each([
    ['a reply', async () => undefined],
    [
      'a failure',
      async () => {
        throw new Error('the query failed');
      },
    ],
  ])('logs %s it cannot send at warn and rejects nothing', async (_case, handler) => {
    const { responder, request, respond, lines } = await setUp(handler);

    request(1);
    await responder.stop();
    await new Promise((resolve) => setImmediate(resolve));

    expect(respond).toHaveBeenCalled();
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'Raw reply could not be sent',
        subject: subjects.library.promptsList,
        err: expect.objectContaining({ code: 'CONNECTION_CLOSED' }),
      }),
    );
    expect(unhandled).toEqual([]);
  });
});

describe('RawResponder.serve', () => {
  it('resolves only once the server has answered the flush that follows the subscription', async () => {
    let answerFlush!: () => void;
    const { connection, calls } = fakeConnection(
      () => new Promise<void>((resolve) => (answerFlush = resolve)),
    );
    const responder = new RawResponder(connection, 'spec', 'library', pino({ level: 'silent' }));
    let served = false;
    const serving = responder.serve(subjects.library.promptsList, emptyPage).then(() => (served = true));

    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['subscribe', 'flush']);
    expect(served).toBe(false);
    answerFlush();
    await serving;
    expect(served).toBe(true);
  });

  // The service's bootstrap awaits serve: a connection lost before the server holds the
  // subscription fails the start, rather than a service reporting ready that nobody can reach.
  it('rejects with the flush’s error when the connection closes before the server answers', async () => {
    const closed = NatsError.errorForCode(ErrorCode.ConnectionClosed);
    const { connection } = fakeConnection(() => Promise.reject(closed));
    const responder = new RawResponder(connection, 'spec', 'library', pino({ level: 'silent' }));

    await expect(responder.serve(subjects.library.promptsList, emptyPage)).rejects.toBe(closed);
  });
});
