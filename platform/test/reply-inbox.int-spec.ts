import { connect, type NatsConnection } from 'nats';
import { setTimeout as sleep } from 'node:timers/promises';
import { ReplyInbox, RequestFailed } from '../src/nats/reply-inbox';

const namespace = `${process.env.APP_NAMESPACE ?? 'plt_local'}_inbox`;
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

describe('request-reply over one inbox per connection', () => {
  let nats: NatsConnection;

  beforeAll(async () => {
    nats = await connect({ servers: NATS_URL, noAsyncTraces: true });
    // Echoes the payload after the delay it names, so replies come back in another order than asked.
    nats.subscribe(`${namespace}.echo`, {
      callback: (_error, message) => {
        const delayMs = Number(Buffer.from(message.data).toString().split(':')[1]);
        setTimeout(() => message.respond(message.data), delayMs);
      },
    });
    nats.subscribe(`${namespace}.silent`, { callback: () => undefined });
    await nats.flush();
  });

  afterAll(async () => {
    await nats.close();
  });

  it('gives every request its own reply when many are in flight and answered out of order', async () => {
    const inbox = ReplyInbox.of(nats);
    const asked = Array.from({ length: 60 }, (_, n) => `request-${n}:${(n * 37) % 25}`);
    const replies = await Promise.all(
      asked.map((payload) => inbox.request(`${namespace}.echo`, Buffer.from(payload), { timeout: 5_000 })),
    );
    expect(replies.map((reply) => Buffer.from(reply.data).toString())).toEqual(asked);
  });

  it('asks for its replies under the connection’s own inbox prefix, the only inboxes its user may read', async () => {
    const own = await connect({ servers: NATS_URL, noAsyncTraces: true, inboxPrefix: '_INBOX_library' });
    try {
      const asked: string[] = [];
      const watch = nats.subscribe(`${namespace}.echo`, {
        queue: 'watch',
        callback: (_error, message) => asked.push(message.reply ?? ''),
      });
      await nats.flush();
      await ReplyInbox.of(own).request(`${namespace}.echo`, Buffer.from('own:0'), { timeout: 2_000 });
      watch.unsubscribe();
      expect(asked).toEqual([expect.stringMatching(/^_INBOX_library\./)]);
    } finally {
      await own.close();
    }
  });

  it('shares one inbox between the clients of a connection', () => {
    expect(ReplyInbox.of(nats)).toBe(ReplyInbox.of(nats));
  });

  it('fails at once with NO_RESPONDERS when nobody serves the subject', async () => {
    const started = Date.now();
    const attempt = ReplyInbox.of(nats).request(`${namespace}.nobody`, Buffer.from('x'), { timeout: 5_000 });
    await expect(attempt).rejects.toEqual(new RequestFailed('NO_RESPONDERS'));
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('fails with TIMEOUT when the responder does not answer in time, and ignores a late answer', async () => {
    const inbox = ReplyInbox.of(nats);
    await expect(inbox.request(`${namespace}.silent`, Buffer.from('x'), { timeout: 200 })).rejects.toEqual(
      new RequestFailed('TIMEOUT'),
    );
    const late = inbox.request(`${namespace}.echo`, Buffer.from('late:400'), { timeout: 100 });
    await expect(late).rejects.toEqual(new RequestFailed('TIMEOUT'));
    await sleep(500);
    // The late reply found nobody waiting; the inbox still serves new requests.
    const next = await inbox.request(`${namespace}.echo`, Buffer.from('next:0'), { timeout: 2_000 });
    expect(Buffer.from(next.data).toString()).toBe('next:0');
  });

  it('fails what is waiting with CONNECTION_CLOSED when the connection closes', async () => {
    const own = await connect({ servers: NATS_URL, noAsyncTraces: true });
    const waiting = ReplyInbox.of(own).request(`${namespace}.silent`, Buffer.from('x'), { timeout: 10_000 });
    await own.flush();
    await own.close();
    await expect(waiting).rejects.toEqual(new RequestFailed('CONNECTION_CLOSED'));
    // A request made after the close fails at once, and leaves nothing waiting for a timer.
    await expect(
      ReplyInbox.of(own).request(`${namespace}.echo`, Buffer.from('x:0'), { timeout: 10_000 }),
    ).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
  });
});
