import { eventually } from '@promptlib/platform/testing';
import type { ApiError, UserResponse } from '@promptlib/proto';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '@promptlib/proto';
import { ApiClient, STRONG_PASSWORD, uniqueUsername } from '../support/api-client';
import { startStack, type Gateway, type Stack } from '../support/stack';

describe('the auth service going away and coming back while the gateway runs', () => {
  let stack: Stack;
  let gateway: Gateway;

  beforeAll(async () => {
    stack = await startStack('authdown', ['auth']);
    gateway = await stack.startGateway();
  }, 270_000);

  afterAll(async () => {
    await stack?.stop();
  }, 90_000);

  it('answers 503 at once while auth is down, and signs in again once it is back, without a gateway restart', async () => {
    const username = uniqueUsername('resilient');
    const client = new ApiClient(gateway.url);
    expect((await client.post('/api/register', { username, password: STRONG_PASSWORD })).status).toBe(201);

    expect(await stack.services.auth.stop()).toBe(0);

    const started = Date.now();
    const down = await new ApiClient(gateway.url).post<ApiError>(
      '/api/login',
      { username, password: STRONG_PASSWORD },
      { allowServerError: true },
    );
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    // A second under the request timeout: a loaded machine answers slowly, but not by waiting it out.
    expect(Date.now() - started).toBeLessThan(DEFAULT_REQUEST_TIMEOUT_MS - 1_000);
    // The existing session needs no auth service to be read.
    expect((await client.get('/api/user')).status).toBe(200);

    await stack.startService('auth');
    // Ready, auth answers; its first sign-in (an argon2 hash on a process just started) can still
    // outlast the gateway's wait on a loaded machine, which answers 503 as it should.
    const back = await eventually(
      () =>
        new ApiClient(gateway.url).post<UserResponse>(
          '/api/login',
          { username, password: STRONG_PASSWORD },
          { allowServerError: true },
        ),
      (answer) => answer.status !== 503,
      20_000,
    );
    expect(back.status).toBe(200);
    expect(back.body.user.username).toBe(username);
  }, 360_000);
});
