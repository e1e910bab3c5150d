import { describe, expect, it } from 'vitest';
import { provideGoogle, SANDBOX_CLIENT_ID } from './google-access';

describe('Google sign-in for npm start', () => {
  it('leaves the environment to the real Google without GOOGLE_SANDBOX=1', async () => {
    expect(await provideGoogle({ GOOGLE_CLIENT_ID: 'real.apps.googleusercontent.com' })).toEqual({});
    expect(await provideGoogle({ GOOGLE_SANDBOX: '0' })).toEqual({});
  });

  it('starts the sandbox with GOOGLE_SANDBOX=1 and points every Google setting at it', async () => {
    const { access, sandbox } = await provideGoogle({ GOOGLE_SANDBOX: '1', NODE_ENV: 'development' });
    try {
      expect(access).toEqual({
        GOOGLE_CLIENT_ID: SANDBOX_CLIENT_ID,
        GOOGLE_ISSUER: sandbox!.url,
        GOOGLE_JWKS_URL: `${sandbox!.url}/oauth2/v3/certs`,
        GOOGLE_AUTH_URL: `${sandbox!.url}/o/oauth2/v2/auth`,
      });
      const discovery = await fetch(`${sandbox!.url}/.well-known/openid-configuration`);
      expect(await discovery.json()).toMatchObject({ issuer: access!.GOOGLE_ISSUER });
    } finally {
      await sandbox?.close();
    }
  });

  it('gives the sandbox the client id set in GOOGLE_CLIENT_ID, on GOOGLE_SANDBOX_PORT', async () => {
    const probe = await provideGoogle({ GOOGLE_SANDBOX: '1' });
    const port = new URL(probe.sandbox!.url).port;
    await probe.sandbox!.close();
    const { access, sandbox } = await provideGoogle({
      GOOGLE_SANDBOX: '1',
      GOOGLE_CLIENT_ID: 'my-client',
      GOOGLE_SANDBOX_PORT: port,
    });
    try {
      expect(access!.GOOGLE_CLIENT_ID).toBe('my-client');
      expect(new URL(sandbox!.url).port).toBe(port);
      const picker = await fetch(
        `${access!.GOOGLE_AUTH_URL}?${new URLSearchParams({
          client_id: 'my-client',
          redirect_uri: 'http://localhost:8080/auth/google',
          response_type: 'id_token',
          scope: 'openid email profile',
          nonce: 'n',
        })}`,
      );
      expect(picker.status).toBe(200);
    } finally {
      await sandbox?.close();
    }
  });

  it('refuses the sandbox in production, and a GOOGLE_SANDBOX or port it cannot read', async () => {
    await expect(provideGoogle({ GOOGLE_SANDBOX: '1', NODE_ENV: 'production' })).rejects.toThrow(
      /GOOGLE_SANDBOX=1 is refused in production/,
    );
    await expect(provideGoogle({ GOOGLE_SANDBOX: 'yes' })).rejects.toThrow(/GOOGLE_SANDBOX must be 1/);
    await expect(provideGoogle({ GOOGLE_SANDBOX: '1', GOOGLE_SANDBOX_PORT: 'http' })).rejects.toThrow(
      /GOOGLE_SANDBOX_PORT must be a port number/,
    );
  });
});
