import { subjects } from '@promptlib/proto';
import { connect, type NatsConnection } from 'nats';
import { RawResponder, ServiceCallError, ServiceClient, createLogger, serviceError } from '../src';
import { captureLogger } from './support/capture-logger';

const namespace = `${process.env.APP_NAMESPACE ?? 'plt_local'}_raw`;
const OK = 1;
const TYPED_FAILURE = 2;
const BROKEN = 3;

describe('raw replies between RawResponder and ServiceClient.requestRaw', () => {
  let nats: NatsConnection;
  let responder: RawResponder;
  let client: ServiceClient;

  beforeAll(async () => {
    nats = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    responder = new RawResponder(nats, namespace, 'library', createLogger('raw-test', 'silent'));
    // The request's user picks the answer: 1 succeeds, 2 fails typed, 3 fails untyped.
    await responder.serve(subjects.library.promptsList, async (request, requestId) => {
      if (request.userId === TYPED_FAILURE) throw serviceError('NOT_FOUND', 'Prompt not found');
      if (request.userId === BROKEN) throw new Error('SELECT went wrong in library.prompts');
      return {
        body: Buffer.from('[{"id":1}]'),
        headers: { 'x-page-count': '1', 'x-request': requestId ?? '' },
      };
    });
    client = new ServiceClient(nats, namespace);
  });

  afterAll(async () => {
    await responder.stop();
    await nats.close();
  });

  it('passes bytes and headers through untouched, with the request id', async () => {
    const reply = await client.requestRaw(
      subjects.library.promptsList,
      { userId: OK },
      { requestId: 'req-12345678' },
    );
    expect(Buffer.from(reply.body).toString()).toBe('[{"id":1}]');
    expect(reply.header('x-page-count')).toBe('1');
    expect(reply.header('x-request')).toBe('req-12345678');
  });

  it('carries a typed failure as that ServiceError', async () => {
    await expect(
      client.requestRaw(subjects.library.promptsList, { userId: TYPED_FAILURE }),
    ).rejects.toMatchObject({
      error: { code: 'NOT_FOUND', message: 'Prompt not found' },
    });
  });

  it('turns any other failure into INTERNAL without its details', async () => {
    const attempt = client.requestRaw(subjects.library.promptsList, { userId: BROKEN });
    await expect(attempt).rejects.toBeInstanceOf(ServiceCallError);
    await expect(attempt).rejects.toMatchObject({ error: { code: 'INTERNAL' } });
    await expect(attempt).rejects.not.toMatchObject({ message: expect.stringContaining('SELECT') });
  });

  it('refuses a payload that does not match the request schema of the subject, naming the field', async () => {
    const notAUser = { userId: 'me' } as unknown as { userId: number };
    await expect(client.requestRaw(subjects.library.promptsList, notAUser)).rejects.toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { userId: expect.any(String) } },
    });
  });

  it('answers SERVICE_UNAVAILABLE when nobody serves the subject', async () => {
    const stranger = new ServiceClient(nats, `${namespace}_none`);
    await expect(stranger.requestRaw(subjects.library.promptsList, { userId: OK })).rejects.toMatchObject({
      error: { code: 'SERVICE_UNAVAILABLE' },
    });
  });
});

describe('RawResponder replies that cannot be sent', () => {
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const unhandled: unknown[] = [];
  const recordUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(() => process.on('unhandledRejection', recordUnhandled));
  afterAll(() => process.off('unhandledRejection', recordUnhandled));
  beforeEach(() => (unhandled.length = 0));

  it('answers a reply larger than NATS accepts as INTERNAL, at once', async () => {
    const { logger, lines } = captureLogger('raw-too-large-test');
    const nats = await connect({ servers: natsUrl });
    const tooLargeNamespace = `${namespace}_too_large`;
    const responder = new RawResponder(nats, tooLargeNamespace, 'library', logger);
    const maxPayload = nats.info?.max_payload ?? 1024 * 1024;
    await responder.serve(subjects.library.promptsList, async () => ({
      body: new Uint8Array(maxPayload + 1),
      headers: {},
    }));
    try {
      const client = new ServiceClient(nats, tooLargeNamespace);
      const startedAt = Date.now();
      await expect(
        client.requestRaw(subjects.library.promptsList, { userId: OK }, { timeoutMs: 3_000 }),
      ).rejects.toMatchObject({ error: { code: 'INTERNAL' } });
      expect(Date.now() - startedAt).toBeLessThan(1_000);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          msg: 'Raw reply could not be sent',
          err: expect.objectContaining({ code: 'MAX_PAYLOAD_EXCEEDED' }),
        }),
      );
      expect(unhandled).toEqual([]);
    } finally {
      await responder.stop();
      await nats.close();
    }
  });

  it.each([
    ['a reply', OK],
    ['a failure', BROKEN],
  ])(
    'lets a handler in flight when the connection closes finish with %s: no crash, and stop() returns',
    async (_case, userId) => {
      const { logger } = captureLogger('raw-closing-test');
      const closingNamespace = `${namespace}_closing`;
      const [serving, calling] = await Promise.all([
        connect({ servers: natsUrl }),
        connect({ servers: natsUrl }),
      ]);
      let handlerStarted!: () => void;
      const started = new Promise<void>((resolve) => (handlerStarted = resolve));
      let finishHandler!: () => void;
      const finish = new Promise<void>((resolve) => (finishHandler = resolve));
      const responder = new RawResponder(serving, closingNamespace, 'library', logger);
      await responder.serve(subjects.library.promptsList, async (request) => {
        handlerStarted();
        await finish;
        if (request.userId === BROKEN) throw new Error('the query failed');
        return { body: Buffer.from('[]'), headers: {} };
      });
      try {
        const client = new ServiceClient(calling, closingNamespace);
        const attempt = client.requestRaw(subjects.library.promptsList, { userId }, { timeoutMs: 1_000 });
        await started;
        await serving.close();
        finishHandler();

        await expect(attempt).rejects.toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
        await responder.stop();
        expect(unhandled).toEqual([]);
      } finally {
        finishHandler();
        await calling.close();
      }
    },
  );
});
