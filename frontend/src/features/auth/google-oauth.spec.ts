import {
  authorizationUrl,
  isCallbackMessage,
  parseCallbackFragment,
  profileFromIdToken,
  randomState,
  stateMatches,
} from './google-oauth';

/** An unsigned JWT with these claims: header and signature are never read in the browser. */
function idToken(claims: Record<string, unknown>): string {
  const json = JSON.stringify(claims);
  const base64url = btoa(String.fromCharCode(...new TextEncoder().encode(json)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `eyJhbGciOiJSUzI1NiJ9.${base64url}.c2lnbmF0dXJl`;
}

describe('authorizationUrl', () => {
  const request = {
    authUrl: 'https://accounts.example.com/o/oauth2/v2/auth',
    clientId: 'client-1.apps.example.com',
    redirectUri: 'https://app.example.com/auth/google/callback',
    nonce: 'n0/nce+',
    state: 'abc123',
  };

  it('asks for an ID token with the profile and email scopes, the nonce, the state and the account chooser', () => {
    expect(authorizationUrl(request)).toBe(
      'https://accounts.example.com/o/oauth2/v2/auth' +
        '?client_id=client-1.apps.example.com' +
        '&redirect_uri=https%3A%2F%2Fapp.example.com%2Fauth%2Fgoogle%2Fcallback' +
        '&response_type=id_token' +
        '&scope=openid%20profile%20email' +
        '&nonce=n0%2Fnce%2B' +
        '&state=abc123' +
        '&prompt=select_account',
    );
  });

  it('reads back as the parameters it was given', () => {
    const params = new URL(authorizationUrl(request)).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      client_id: request.clientId,
      redirect_uri: request.redirectUri,
      response_type: 'id_token',
      scope: 'openid profile email',
      nonce: request.nonce,
      state: request.state,
      prompt: 'select_account',
    });
  });

  it('keeps a query the endpoint already has', () => {
    const url = authorizationUrl({ ...request, authUrl: 'https://sso.example.com/auth?tenant=7' });
    expect(url.startsWith('https://sso.example.com/auth?tenant=7&client_id=')).toBe(true);
  });
});

describe('parseCallbackFragment', () => {
  it('reads the ID token and the state', () => {
    expect(parseCallbackFragment('#id_token=a.b.c&state=s1&authuser=0')).toEqual({
      state: 's1',
      idToken: 'a.b.c',
    });
  });

  it('reads an error with its description', () => {
    expect(parseCallbackFragment('#error=access_denied&state=s1')).toEqual({
      state: 's1',
      error: 'access_denied',
    });
    expect(
      parseCallbackFragment('#state=s1&error=invalid_request&error_description=Missing%20nonce'),
    ).toEqual({
      state: 's1',
      error: 'invalid_request',
      errorDescription: 'Missing nonce',
    });
  });

  it('finds nothing in a fragment without a state or without an answer', () => {
    expect(parseCallbackFragment('')).toBeNull();
    expect(parseCallbackFragment('#id_token=a.b.c')).toBeNull();
    expect(parseCallbackFragment('#state=s1')).toBeNull();
  });

  it('accepts the fragment without its #', () => {
    expect(parseCallbackFragment('state=s1&id_token=t')).toEqual({ state: 's1', idToken: 't' });
  });
});

describe('isCallbackMessage', () => {
  it('accepts what the callback posts and nothing else', () => {
    expect(isCallbackMessage({ state: 's', idToken: 't' })).toBe(true);
    expect(isCallbackMessage({ state: 's', error: 'access_denied' })).toBe(true);
    expect(isCallbackMessage({ state: 's' })).toBe(false);
    expect(isCallbackMessage({ idToken: 't' })).toBe(false);
    expect(isCallbackMessage('state=s&id_token=t')).toBe(false);
    expect(isCallbackMessage(null)).toBe(false);
  });
});

describe('profileFromIdToken', () => {
  it("takes SPEC's fields from the token's claims", () => {
    const token = idToken({
      sub: '109876543210987654321',
      name: 'Zoë Müller',
      email: 'zoe@example.com',
      picture: 'https://example.com/zoe.png',
      nonce: 'n',
    });
    expect(profileFromIdToken(token)).toEqual({
      googleId: '109876543210987654321',
      displayName: 'Zoë Müller',
      email: 'zoe@example.com',
      photoURL: 'https://example.com/zoe.png',
    });
  });

  it("names a user without a display name 'User' and a number below 1000", () => {
    const token = idToken({ sub: '1', email: 'anon@example.com' });
    expect(profileFromIdToken(token, () => 0.4237)?.displayName).toBe('User423');
    expect(profileFromIdToken(token, () => 0.99999)?.displayName).toBe('User999');
    expect(profileFromIdToken(idToken({ sub: '1', name: '  ' }), () => 0)?.displayName).toBe('User0');
    for (let i = 0; i < 50; i++) expect(profileFromIdToken(token)?.displayName).toMatch(/^User\d{1,3}$/);
  });

  it('leaves out an email or picture the token does not have', () => {
    expect(profileFromIdToken(idToken({ sub: '1', name: 'Ada' }))).toEqual({
      googleId: '1',
      displayName: 'Ada',
      email: null,
      photoURL: null,
    });
  });

  it('refuses what is not a token with a subject', () => {
    expect(profileFromIdToken('not-a-token')).toBeNull();
    expect(profileFromIdToken('a.%%%.c')).toBeNull();
    expect(profileFromIdToken(idToken({ name: 'No Sub' }))).toBeNull();
    expect(profileFromIdToken(`a.${btoa('[1,2]')}.c`)).toBeNull();
  });
});

describe('state', () => {
  it('is new for every sign-in and long enough not to be guessed', () => {
    const first = randomState();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(randomState()).not.toBe(first);
  });

  it('matches only the same non-empty text', () => {
    expect(stateMatches('abc', 'abc')).toBe(true);
    expect(stateMatches('abc', 'abd')).toBe(false);
    expect(stateMatches('', '')).toBe(false);
    expect(stateMatches(null, null)).toBe(false);
    expect(stateMatches(undefined, 'abc')).toBe(false);
    expect(stateMatches('abc', undefined)).toBe(false);
  });
});
