import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subjects } from '@promptlib/proto';
import { ErrorCode, NatsError, type Msg, type NatsConnection, type SubscriptionOptions } from 'nats';
import pino from 'pino';
import { loggerOptions } from '../logging/logger';
import { RawResponder } from './raw-responder';

type LogLine = { level: string; msg: string } & Record<string, unknown>;

async function setUp(handler: (userId: number) => Promise<void>) {
  const lines: LogLine[] = [];
  const logger = pino(loggerOptions('raw-responder-spec', 'debug'), {
    write: (line: string) => lines.push(JSON.parse(line) as LogLine),
  });
  let deliver: SubscriptionOptions['callback'];
  const connection = {
    subscribe: (_subject: string, options: SubscriptionOptions) => {
      deliver = options.callback;
      return { drain: async () => undefined };
    },
    flush: async () => undefined,
  } as unknown as NatsConnection;
  const responder = new RawResponder(connection, 'spec', 'library', logger);
  await responder.serve(subjects.library.promptsList, async (request) => {
    await handler(request.userId);
    return { body: Buffer.from('[]'), headers: {} };
  });
  const respond = vi.fn(() => {
    throw NatsError.errorForCode(ErrorCode.ConnectionClosed);
  });
  const request = (userId: number) =>
    deliver!(null, {
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
    const calls: string[] = [];
    let answerFlush!: () => void;
    const connection = {
      subscribe: () => {
        calls.push('subscribe');
        return { drain: async () => undefined };
      },
      flush: () => {
        calls.push('flush');
        return new Promise<void>((resolve) => (answerFlush = resolve));
      },
    } as unknown as NatsConnection;
    const responder = new RawResponder(connection, 'spec', 'library', pino({ level: 'silent' }));
    let served = false;
    const serving = responder
      .serve(subjects.library.promptsList, async () => ({ body: Buffer.from('[]'), headers: {} }))
      .then(() => (served = true));

    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['subscribe', 'flush']);
    expect(served).toBe(false);
    answerFlush();
    await serving;
    expect(served).toBe(true);
  });
});
