import type { IncomingMessage, ServerResponse } from 'node:http';
import { AuthRequestError, answerUrl, parseAuthRequest, type AuthRequest } from './auth-request';
import { identityFor, isEmailAddress, PRESET_IDENTITIES, type GoogleIdentity } from './identities';
import { errorPage, pickerPage, STYLESHEET, STYLESHEET_PATH } from './picker-page';
import { SigningKeys } from './signing-keys';
import { closeServer, listen, readBody, sendJson } from '../sandbox-http';

export type { GoogleIdentity } from './identities';

export type GoogleSandboxOptions = {
  /** The one OAuth client the sandbox knows: the `aud` of its tokens. */
  clientId: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /**
   * Where browsers reach it, when not at its own address (behind a port mapping, say): the issuer
   * of its tokens and the address of its account picker.
   */
  publicUrl?: string;
};

/** What a test may change in a token it signs, to make one a verifier must refuse. */
export type IdTokenOverrides = {
  nonce?: string;
  aud?: string;
  iss?: string;
  /** From now; negative: already expired. 3600 by default, as Google's. */
  expiresInSeconds?: number;
  /** 'foreign': a key the JWKS does not list. */
  signWith?: 'current' | 'foreign';
};

export type RunningGoogleSandbox = {
  /** Where it answers, e.g. http://127.0.0.1:41234. */
  url: string;
  /** The issuer of its tokens: its public address, else the one it answers at. */
  issuer: string;
  authorizationUrl: string;
  jwksUrl: string;
  /** Signs an ID token as the picker would, for integration tests; overrides let a test make a bad one. */
  signIdToken(identity: GoogleIdentity, claims?: IdTokenOverrides): Promise<string>;
  /** A new current key (new kid); the JWKS then lists only it, so a verifier that cached the old one must fetch again. */
  rotateKey(): Promise<void>;
  close(): Promise<void>;
};

const TOKEN_LIFETIME_SECONDS = 3600;

/**
 * A local stand-in for Google's OpenID Connect sign-in (the implicit flow for an ID token), for
 * development and tests: an account picker at Google's authorization path, its JWKS and discovery
 * document, and RS256 ID tokens a verifier checks exactly as it checks Google's. Keys live in memory
 * and are new at each start. It never runs in production.
 *
 * Test controls: POST /_sandbox/keys/rotate replaces the signing key.
 */
export async function startGoogleSandbox(options: GoogleSandboxOptions): Promise<RunningGoogleSandbox> {
  if (process.env.NODE_ENV === 'production') throw new Error('The Google sandbox never runs in production.');
  const keys = await SigningKeys.create();
  const { server, url } = await listen(options);
  const issuer = options.publicUrl?.replace(/\/+$/, '') ?? url;
  const authorizationUrl = `${issuer}/o/oauth2/v2/auth`;
  const jwksUrl = `${url}/oauth2/v3/certs`;

  const signIdToken = (identity: GoogleIdentity, claims: IdTokenOverrides = {}): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + (claims.expiresInSeconds ?? TOKEN_LIFETIME_SECONDS);
    // An expired token was issued a lifetime before it ran out, as a stale real one would have been.
    const iat = exp < now ? exp - TOKEN_LIFETIME_SECONDS : now;
    return keys.sign(
      {
        iss: claims.iss ?? issuer,
        azp: options.clientId,
        aud: claims.aud ?? options.clientId,
        sub: identity.sub,
        email: identity.email,
        email_verified: true,
        ...(identity.name ? { name: identity.name } : {}),
        ...(identity.picture ? { picture: identity.picture } : {}),
        ...(claims.nonce === undefined ? {} : { nonce: claims.nonce }),
        iat,
        exp,
      },
      claims.signWith,
    );
  };

  type Answer = (req: IncomingMessage, body: string, res: ServerResponse) => Promise<void> | void;
  const routes: Record<string, Partial<Record<string, Answer>>> = {
    '/o/oauth2/v2/auth': { GET: (req, _, res) => showPicker(new URL(req.url ?? '/', url).searchParams, res) },
    '/o/oauth2/v2/auth/choose': { POST: (_, body, res) => choose(new URLSearchParams(body), res) },
    '/oauth2/v3/certs': {
      GET: async (_, __, res) =>
        sendJson(res, 200, await keys.jwks(), { 'Cache-Control': 'public, max-age=3600' }),
    },
    '/.well-known/openid-configuration': {
      GET: (_, __, res) =>
        sendJson(
          res,
          200,
          {
            issuer,
            authorization_endpoint: authorizationUrl,
            jwks_uri: jwksUrl,
            response_types_supported: ['id_token'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
            scopes_supported: ['openid', 'email', 'profile'],
            claims_supported: [
              'aud',
              'azp',
              'email',
              'email_verified',
              'exp',
              'iat',
              'iss',
              'name',
              'nonce',
              'picture',
              'sub',
            ],
          },
          { 'Cache-Control': 'public, max-age=3600' },
        ),
    },
    [STYLESHEET_PATH]: { GET: (_, __, res) => sendStylesheet(res) },
    '/_sandbox/keys/rotate': {
      POST: async (_, __, res) => {
        await keys.rotate();
        sendJson(res, 200, { kid: keys.kid });
      },
    },
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    readBody(req)
      .then(async (body) => {
        const path = new URL(req.url ?? '/', url).pathname;
        const methods = routes[path];
        const answer = methods?.[req.method ?? 'GET'];
        if (answer) return answer(req, body, res);
        if (methods)
          return sendJson(
            res,
            405,
            { error: 'method_not_allowed' },
            { Allow: Object.keys(methods).join(', ') },
          );
        sendJson(res, 404, { error: 'not_found', error_description: `Nothing at ${path}.` });
      })
      .catch(() => {
        if (res.headersSent) return res.destroy();
        sendJson(res, 500, { error: 'server_error' });
      });
  });

  function showPicker(params: URLSearchParams, res: ServerResponse): void {
    const request = checkedRequest(params, res);
    if (request) sendHtml(res, 200, pickerPage(request), formTarget(request));
  }

  async function choose(form: URLSearchParams, res: ServerResponse): Promise<void> {
    const request = checkedRequest(form, res);
    if (!request) return;
    if (form.has('cancel')) return redirect(res, answerUrl(request, { error: 'access_denied' }));
    const account = form.get('account') ?? '';
    const identity = account === 'typed' ? typedIdentity(form) : PRESET_IDENTITIES[account];
    if (!identity) {
      const email = form.get('email') ?? '';
      const name = form.get('name') ?? '';
      const message =
        account === 'typed' ? 'Enter an email address, like name@example.com.' : 'Choose an account.';
      return sendHtml(res, 400, pickerPage(request, { message, email, name }), formTarget(request));
    }
    const idToken = await signIdToken(identity, { nonce: request.nonce });
    redirect(res, answerUrl(request, { id_token: idToken }));
  }

  /** The request, or undefined once the error page is sent: nothing goes to a redirect_uri not yet checked. */
  function checkedRequest(params: URLSearchParams, res: ServerResponse): AuthRequest | undefined {
    try {
      return parseAuthRequest(params, options.clientId);
    } catch (error) {
      if (!(error instanceof AuthRequestError)) throw error;
      sendHtml(res, 400, errorPage(error.code, error.message));
      return undefined;
    }
  }

  return {
    url,
    issuer,
    authorizationUrl,
    jwksUrl,
    signIdToken,
    rotateKey: () => keys.rotate(),
    close: () => closeServer(server),
  };
}

function typedIdentity(form: URLSearchParams): GoogleIdentity | undefined {
  const email = form.get('email') ?? '';
  return isEmailAddress(email) ? identityFor(email, form.get('name') ?? undefined) : undefined;
}

// Browsers hold a form's redirect to the same CSP as the form, so the app's origin is allowed too.
function formTarget(request: AuthRequest): string {
  return new URL(request.redirectUri).origin;
}

function sendHtml(res: ServerResponse, status: number, html: string, formTarget?: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    'Content-Security-Policy': [
      "default-src 'none'",
      "style-src 'self'",
      `form-action 'self'${formTarget ? ` ${formTarget}` : ''}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(html);
}

function sendStylesheet(res: ServerResponse): void {
  res.writeHead(200, {
    'Content-Type': 'text/css; charset=utf-8',
    'Content-Length': Buffer.byteLength(STYLESHEET),
    'Cache-Control': 'public, max-age=3600',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(STYLESHEET);
}

// 303: the browser follows a form's POST with a GET of the given address.
function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, 'Content-Length': 0, 'Cache-Control': 'no-store' });
  res.end();
}
