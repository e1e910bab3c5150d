import { startGoogleSandbox, type RunningGoogleSandbox } from '../src/google/sandbox-server';

type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });

const CLIENT_ID = 'promptlib-test-client';
const REDIRECT_URI = 'http://localhost:8080/auth/google/callback';

/** The parameters a relying party sends to Google's authorization endpoint for an ID token. */
function authParams(overrides: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'id_token',
    scope: 'openid email profile',
    nonce: 'nonce-1',
    state: 'state-1',
    prompt: 'select_account',
    ...overrides,
  });
}

/** The hidden fields of the picker's forms: the request's own parameters, carried to the POST. */
function hiddenFields(html: string): URLSearchParams {
  const form = /<form method="post" action="\/o\/oauth2\/v2\/auth\/choose"[^>]*>([\s\S]*?)<\/form>/.exec(
    html,
  )![1];
  const fields = new URLSearchParams();
  for (const [, name, value] of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.append(
      name,
      value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    );
  }
  return fields;
}

describe('the Google sign-in sandbox', () => {
  let sandbox: RunningGoogleSandbox;
  let jose: Jose;

  beforeAll(async () => {
    jose = await import('jose');
    sandbox = await startGoogleSandbox({ clientId: CLIENT_ID });
  });

  afterAll(async () => {
    await sandbox?.close();
  });

  /** The picker page, then a POST of one of its choices, as a browser submits the form. */
  async function choose(choice: Record<string, string>): Promise<{ status: number; location: URL }> {
    const page = await fetch(`${sandbox.authorizationUrl}?${authParams()}`);
    const form = hiddenFields(await page.text());
    for (const [name, value] of Object.entries(choice)) form.set(name, value);
    const answer = await fetch(`${sandbox.authorizationUrl}/choose`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
    return { status: answer.status, location: new URL(answer.headers.get('location') ?? '') };
  }

  function verify(token: string, jwks = jose.createRemoteJWKSet(new URL(sandbox.jwksUrl))) {
    return jose.jwtVerify(token, jwks, {
      issuer: sandbox.issuer,
      audience: CLIENT_ID,
      algorithms: ['RS256'],
    });
  }

  it('publishes where it is: the discovery document and the addresses of the running sandbox', async () => {
    expect(sandbox.issuer).toBe(sandbox.url);
    expect(sandbox.authorizationUrl).toBe(`${sandbox.url}/o/oauth2/v2/auth`);
    expect(sandbox.jwksUrl).toBe(`${sandbox.url}/oauth2/v3/certs`);
    const discovery = await fetch(`${sandbox.url}/.well-known/openid-configuration`);
    expect(await discovery.json()).toMatchObject({
      issuer: sandbox.issuer,
      authorization_endpoint: sandbox.authorizationUrl,
      jwks_uri: sandbox.jwksUrl,
      response_types_supported: ['id_token'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
  });

  it('shows an accessible account picker with the test accounts, a typed account and Cancel', async () => {
    const page = await fetch(`${sandbox.authorizationUrl}?${authParams()}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("form-action 'self' http://localhost:8080");
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<h1>Choose an account<\/h1>/);
    for (const text of [
      'Ada Lovelace',
      'ada@example.com',
      'Grace Hopper',
      'grace@example.com',
      '(no name)',
      'anon@example.com',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('<label for="typed-email">Email address</label>');
    expect(html).toContain('<label for="typed-name">Display name');
    expect(html).toMatch(/<button type="submit" name="cancel" value="1">Cancel<\/button>/);
    expect(html).not.toMatch(/<script|style=|<style/);
    expect(hiddenFields(html).toString()).toBe(authParams().toString());
    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(html)![1];
    const css = await fetch(new URL(stylesheet, sandbox.url));
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('answers a choice with an ID token and the state in the fragment, which verifies against the JWKS', async () => {
    const { status, location } = await choose({ account: 'ada' });
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('state')).toBe('state-1');
    const { payload, protectedHeader } = await verify(fragment.get('id_token')!);
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    expect(payload).toMatchObject({
      iss: sandbox.url,
      aud: CLIENT_ID,
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      nonce: 'nonce-1',
      sub: expect.stringMatching(/^\d{21}$/),
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it('gives a typed account the same sub each time, and the preset of that address the same one', async () => {
    const first = await choose({ account: 'typed', email: 'Lin@Example.com', name: 'Lin' });
    const again = await choose({ account: 'typed', email: 'lin@example.com', name: '' });
    const tokenOf = (location: URL) => new URLSearchParams(location.hash.slice(1)).get('id_token')!;
    const one = (await verify(tokenOf(first.location))).payload;
    const two = (await verify(tokenOf(again.location))).payload;
    expect(one).toMatchObject({ email: 'lin@example.com', name: 'Lin' });
    expect(two.sub).toBe(one.sub);
    expect(two).not.toHaveProperty('name');
    const preset = await choose({ account: 'grace' });
    const typed = await choose({ account: 'typed', email: 'grace@example.com' });
    expect((await verify(tokenOf(typed.location))).payload.sub).toBe(
      (await verify(tokenOf(preset.location))).payload.sub,
    );
  });

  it('leaves out the name claim for an account without a display name', async () => {
    const { location } = await choose({ account: 'anon' });
    const { payload } = await verify(new URLSearchParams(location.hash.slice(1)).get('id_token')!);
    expect(payload.email).toBe('anon@example.com');
    expect(payload).not.toHaveProperty('name');
  });

  it('sends access_denied and the state back on Cancel', async () => {
    const { status, location } = await choose({ cancel: '1' });
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(new URLSearchParams(location.hash.slice(1)))).toEqual({
      error: 'access_denied',
      state: 'state-1',
    });
  });

  it('shows the picker again, saying why, for a typed address that is not one', async () => {
    const form = authParams();
    form.set('account', 'typed');
    form.set('email', 'not-an-address');
    const answer = await fetch(`${sandbox.authorizationUrl}/choose`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('value="not-an-address" aria-invalid="true"');
  });

  it.each([
    ['an unknown client_id', { client_id: 'someone-else' }, 'invalid_client'],
    ['a response_type other than id_token', { response_type: 'code' }, 'unsupported_response_type'],
    ['a scope without openid', { scope: 'email profile' }, 'invalid_scope'],
    ['a relative redirect_uri', { redirect_uri: '/callback' }, 'invalid_request'],
    ['a redirect_uri of another scheme', { redirect_uri: 'javascript:alert(1)' }, 'invalid_request'],
    ['no nonce', { nonce: '' }, 'invalid_request'],
  ])('answers %s with a 400 error page and no redirect', async (_, overrides, code) => {
    const page = await fetch(`${sandbox.authorizationUrl}?${authParams(overrides)}`, { redirect: 'manual' });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(await page.text()).toContain(`<code>${code}</code>`);
    const chosen = await fetch(`${sandbox.authorizationUrl}/choose`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `${authParams(overrides)}&account=ada`,
      redirect: 'manual',
    });
    expect(chosen.status).toBe(400);
  });

  it('publishes its key as Google does, and after a rotation only the new one', async () => {
    const before = await fetch(sandbox.jwksUrl);
    expect(before.headers.get('cache-control')).toBe('public, max-age=3600');
    const { keys: oldKeys } = (await before.json()) as { keys: { kid: string }[] };
    expect(oldKeys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig' })]);
    const identity = { sub: '1', email: 'ada@example.com' };
    const oldToken = await sandbox.signIdToken(identity, { nonce: 'n' });

    await sandbox.rotateKey();
    const newToken = await sandbox.signIdToken(identity, { nonce: 'n' });
    const oldKid = jose.decodeProtectedHeader(oldToken).kid;
    const newKid = jose.decodeProtectedHeader(newToken).kid;
    expect(newKid).not.toBe(oldKid);
    expect(oldKid).toBe(oldKeys[0].kid);
    const { keys } = (await (await fetch(sandbox.jwksUrl)).json()) as { keys: { kid: string }[] };
    expect(keys.map((key) => key.kid)).toEqual([newKid]);
    expect((await verify(newToken)).payload.nonce).toBe('n');
    await expect(verify(oldToken)).rejects.toBeInstanceOf(jose.errors.JWKSNoMatchingKey);
  });

  it('rotates through its control route too', async () => {
    const before = jose.decodeProtectedHeader(await sandbox.signIdToken({ sub: '1', email: 'a@b.co' })).kid;
    const rotated = await fetch(`${sandbox.url}/_sandbox/keys/rotate`, { method: 'POST' });
    const { kid } = (await rotated.json()) as { kid: string };
    expect(kid).not.toBe(before);
    const { keys } = (await (await fetch(sandbox.jwksUrl)).json()) as { keys: { kid: string }[] };
    expect(keys.map((key) => key.kid)).toEqual([kid]);
  });

  it('signs tokens a verifier must refuse: a foreign key, expired, another audience or issuer, a nonce to check', async () => {
    const identity = {
      sub: '42',
      email: 'ada@example.com',
      name: 'Ada',
      picture: 'https://example.com/a.png',
    };
    await expect(verify(await sandbox.signIdToken(identity, { signWith: 'foreign' }))).rejects.toBeInstanceOf(
      jose.errors.JWSSignatureVerificationFailed,
    );
    await expect(
      verify(await sandbox.signIdToken(identity, { expiresInSeconds: -60 })),
    ).rejects.toBeInstanceOf(jose.errors.JWTExpired);
    await expect(verify(await sandbox.signIdToken(identity, { aud: 'other-client' }))).rejects.toThrow(/aud/);
    await expect(
      verify(await sandbox.signIdToken(identity, { iss: 'https://accounts.google.com' })),
    ).rejects.toThrow(/iss/);
    const { payload } = await verify(await sandbox.signIdToken(identity, { nonce: 'expected' }));
    expect(payload).toMatchObject({ nonce: 'expected', picture: 'https://example.com/a.png', name: 'Ada' });
  });
});
