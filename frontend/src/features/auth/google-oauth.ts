/** Where Google sends the browser back: a route of this app, as the CSP allows no inline script. */
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

/**
 * How the callback window hands Google's answer to the page that asked for it. window.opener is
 * not used: a round trip through another origin's pages can sever it.
 */
export const GOOGLE_SIGN_IN_CHANNEL = 'promptlib-google-sign-in';

/** The state of a sign-in that left the page instead of using a popup, kept for the tab's return. */
export const GOOGLE_REDIRECT_STATE_KEY = 'promptlib-google-redirect-state';

/** The state a whole-page sign-in saved in this tab, if any; storage may be switched off. */
export function savedRedirectState(): string | null {
  try {
    return sessionStorage.getItem(GOOGLE_REDIRECT_STATE_KEY);
  } catch {
    return null;
  }
}

/** What the callback window posts on the channel. */
export type GoogleCallbackMessage =
  { state: string; idToken: string } | { state: string; error: string; errorDescription?: string };

/** SPEC's Google sign-in payload. The server reads identity from the ID token alone. */
export type GoogleProfile = {
  googleId: string;
  displayName: string;
  email: string | null;
  photoURL: string | null;
};

export type AuthorizationRequest = {
  authUrl: string;
  clientId: string;
  redirectUri: string;
  nonce: string;
  state: string;
};

/** The OpenID Connect implicit-flow request for an ID token with the profile and email scopes. */
export function authorizationUrl({
  authUrl,
  clientId,
  redirectUri,
  nonce,
  state,
}: AuthorizationRequest): string {
  const params: [string, string][] = [
    ['client_id', clientId],
    ['redirect_uri', redirectUri],
    ['response_type', 'id_token'],
    ['scope', 'openid profile email'],
    ['nonce', nonce],
    ['state', state],
    ['prompt', 'select_account'],
  ];
  const query = params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  return `${authUrl}${authUrl.includes('?') ? '&' : '?'}${query}`;
}

/** Google's answer in the callback URL's fragment, or null when it carries none. */
export function parseCallbackFragment(hash: string): GoogleCallbackMessage | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const state = params.get('state');
  if (!state) return null;
  const idToken = params.get('id_token');
  if (idToken) return { state, idToken };
  const error = params.get('error');
  if (!error) return null;
  const errorDescription = params.get('error_description');
  return errorDescription ? { state, error, errorDescription } : { state, error };
}

/** Whether something received on the channel has the shape the callback posts. */
export function isCallbackMessage(value: unknown): value is GoogleCallbackMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    typeof message.state === 'string' &&
    (typeof message.idToken === 'string' || typeof message.error === 'string')
  );
}

/** An unguessable state for one sign-in, so an answer can be matched to the request that asked for it. */
export function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function stateMatches(expected: string | null | undefined, actual: unknown): boolean {
  return typeof expected === 'string' && expected !== '' && actual === expected;
}

/**
 * SPEC's payload from the ID token's claims, read without verifying the signature: the server
 * verifies the token and ignores these fields but for checking that googleId names its subject.
 */
export function profileFromIdToken(
  idToken: string,
  random: () => number = Math.random,
): GoogleProfile | null {
  const claims = idTokenClaims(idToken);
  if (!claims || typeof claims.sub !== 'string' || claims.sub === '') return null;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  return {
    googleId: claims.sub,
    displayName: text(claims.name) ?? `User${Math.floor(random() * 1000)}`,
    email: text(claims.email),
    photoURL: text(claims.picture),
  };
}

function idTokenClaims(idToken: string): Record<string, unknown> | null {
  const parts = idToken.split('.');
  if (parts.length !== 3) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
