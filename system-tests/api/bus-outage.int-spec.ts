import type { ApiError, Prompt } from '@promptlib/proto';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '@promptlib/proto';
import { eventually, PrivateNatsServer } from '@promptlib/platform/testing';
import { newLibraryUser, promptBody } from '../support/library-api';
import { startStack, type Gateway, type Stack } from '../support/stack';

describe('NATS going away while a change is sent', () => {
  let nats: PrivateNatsServer;
  let stack: Stack;
  let gateway: Gateway;

  beforeAll(async () => {
    const binary = PrivateNatsServer.binary();
    if (!binary) throw new Error('nats-server is not installed');
    nats = await PrivateNatsServer.create(binary);
    await nats.start();
    const bus = { NATS_URL: nats.url };
    stack = await startStack('busdown', ['auth', 'library'], { services: bus, gateway: bus });
    gateway = await stack.startGateway();
  }, 270_000);

  afterAll(async () => {
    await stack?.stop();
    await nats?.remove();
  }, 90_000);

  /** How many prompt creations the library has taken from NATS and handled. */
  async function createsHandled(): Promise<number> {
    const text = await (await fetch(`http://127.0.0.1:${stack.services.library.healthPort}/metrics`)).text();
    const line =
      /^service_requests_total\{[^}]*subject="library\.prompts\.create"[^}]*outcome="handled"[^}]*\} (\d+)/m;
    return Number(line.exec(text)?.[1] ?? 0);
  }

  it('answers 503 at once, and the refused create never happens, not even once NATS is back', async () => {
    const user = await newLibraryUser(gateway.url, 'busdown');
    const before = await createsHandled();
    await nats.stop();

    const started = Date.now();
    const refused = await user.client.post<ApiError>(
      '/api/prompts',
      promptBody({ title: 'Sent while NATS was away' }),
      {
        allowServerError: true,
      },
    );
    expect({ status: refused.status, code: refused.body.code }).toEqual({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
    // Refused, not buffered until the request timeout: a second under it leaves a loaded machine room.
    expect(Date.now() - started).toBeLessThan(DEFAULT_REQUEST_TIMEOUT_MS - 1_000);

    await nats.start();
    const prompts = await eventually(
      () => user.client.get<Prompt[]>('/api/prompts', { allowServerError: true }),
      (answer) => answer.status === 200,
      20_000,
    );
    expect(prompts.body.map((prompt) => prompt.title)).not.toContain('Sent while NATS was away');
    expect(await createsHandled()).toBe(before);

    // And the system works again. Each process reconnects on its own backoff, so the write path
    // may answer 503 a moment longer than the read did; a refused create is never carried out, so
    // exactly one create is handled however many tries it takes.
    const created = await eventually(
      () =>
        user.client.post<Prompt>('/api/prompts', promptBody({ title: 'Sent once NATS was back' }), {
          allowServerError: true,
        }),
      (answer) => answer.status !== 503,
      20_000,
    );
    expect(created.status).toBe(201);
    expect(await createsHandled()).toBe(before + 1);
  }, 180_000);
});
