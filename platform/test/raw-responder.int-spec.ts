import { subjects } from '@promptlib/proto';
import { connect, type NatsConnection } from 'nats';
import { RawResponder, ServiceCallError, ServiceClient, createLogger, serviceError } from '../src';

const namespace = `${process.env.APP_NAMESPACE ?? 'plt_local'}_raw`;

describe('raw replies between RawResponder and ServiceClient.requestRaw', () => {
  let nats: NatsConnection;
  let responder: RawResponder;
  let client: ServiceClient;

  beforeAll(async () => {
    nats = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    responder = new RawResponder(nats, namespace, 'library', createLogger('raw-test', 'silent'));
    responder.serve(subjects.library.promptsList, async (payload, requestId) => {
      const { mode } = payload as { mode: string };
      if (mode === 'typed') throw serviceError('NOT_FOUND', 'Prompt not found');
      if (mode === 'broken') throw new Error('SELECT went wrong in library.prompts');
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
      { mode: 'ok' },
      { requestId: 'req-12345678' },
    );
    expect(Buffer.from(reply.body).toString()).toBe('[{"id":1}]');
    expect(reply.header('x-page-count')).toBe('1');
    expect(reply.header('x-request')).toBe('req-12345678');
  });

  it('carries a typed failure as that ServiceError', async () => {
    await expect(client.requestRaw(subjects.library.promptsList, { mode: 'typed' })).rejects.toMatchObject({
      error: { code: 'NOT_FOUND', message: 'Prompt not found' },
    });
  });

  it('turns any other failure into INTERNAL without its details', async () => {
    const attempt = client.requestRaw(subjects.library.promptsList, { mode: 'broken' });
    await expect(attempt).rejects.toBeInstanceOf(ServiceCallError);
    await expect(attempt).rejects.toMatchObject({ error: { code: 'INTERNAL' } });
    await expect(attempt).rejects.not.toMatchObject({ message: expect.stringContaining('SELECT') });
  });

  it('answers SERVICE_UNAVAILABLE when nobody serves the subject', async () => {
    const stranger = new ServiceClient(nats, `${namespace}_none`);
    await expect(stranger.requestRaw(subjects.library.promptsList, {})).rejects.toMatchObject({
      error: { code: 'SERVICE_UNAVAILABLE' },
    });
  });
});
