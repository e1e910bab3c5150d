import { startGoogleSandbox, type RunningGoogleSandbox } from '@promptlib/sandboxes';

/** Where the apps find Google sign-in: given to every app (the gateway and auth read them). */
export type GoogleAccess = {
  GOOGLE_CLIENT_ID: string;
  GOOGLE_ISSUER: string;
  GOOGLE_JWKS_URL: string;
  GOOGLE_AUTH_URL: string;
};

export const SANDBOX_CLIENT_ID = 'promptlib-sandbox-client';

/**
 * Google sign-in for `npm start`: with GOOGLE_SANDBOX=1, the sandbox, started here on
 * GOOGLE_SANDBOX_PORT (else a free port) for GOOGLE_CLIENT_ID (else a sandbox client id), and the
 * apps pointed at it; without, nothing: the apps read the real Google's settings from the
 * environment as it is. Never the sandbox in production.
 */
export async function provideGoogle(
  env: NodeJS.ProcessEnv,
): Promise<{ access?: GoogleAccess; sandbox?: RunningGoogleSandbox }> {
  if (!sandboxWanted(env.GOOGLE_SANDBOX)) return {};
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'GOOGLE_SANDBOX=1 is refused in production: sign-in must go to the real Google there. Unset GOOGLE_SANDBOX.',
    );
  }
  const clientId = env.GOOGLE_CLIENT_ID || SANDBOX_CLIENT_ID;
  const sandbox = await startGoogleSandbox({ clientId, port: sandboxPort(env.GOOGLE_SANDBOX_PORT) });
  return {
    access: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_ISSUER: sandbox.issuer,
      GOOGLE_JWKS_URL: sandbox.jwksUrl,
      GOOGLE_AUTH_URL: sandbox.authorizationUrl,
    },
    sandbox,
  };
}

// A value that is neither on nor off is a typo, and would otherwise quietly mean the real Google.
function sandboxWanted(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new Error(`GOOGLE_SANDBOX must be 1 (the Google sign-in sandbox) or 0, not "${value}".`);
}

function sandboxPort(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`GOOGLE_SANDBOX_PORT must be a port number (0 to 65535), not "${value}".`);
  }
  return port;
}
