/** An authorization request the picker may answer: Google's implicit flow for an ID token. */
export type AuthRequest = {
  clientId: string;
  redirectUri: string;
  responseType: 'id_token';
  scope: string;
  nonce: string;
  state?: string;
  prompt?: string;
};

/** Why a request cannot be answered, with the OAuth error code Google's error page shows. */
export class AuthRequestError extends Error {
  constructor(
    readonly code: 'invalid_client' | 'invalid_request' | 'unsupported_response_type' | 'invalid_scope',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Checks the parameters of GET /o/oauth2/v2/auth (and the same ones carried by the picker's forms).
 * Nothing is sent back to a redirect_uri before it has been checked.
 */
export function parseAuthRequest(params: URLSearchParams, expectedClientId: string): AuthRequest {
  const clientId = params.get('client_id') ?? '';
  if (clientId !== expectedClientId) {
    throw new AuthRequestError(
      'invalid_client',
      clientId ? `The OAuth client was not found: ${clientId}.` : 'Missing required parameter: client_id.',
    );
  }
  const redirectUri = params.get('redirect_uri') ?? '';
  if (!isRedirectUri(redirectUri)) {
    throw new AuthRequestError(
      'invalid_request',
      'redirect_uri must be an absolute http or https address without a fragment.',
    );
  }
  const responseType = params.get('response_type');
  if (responseType !== 'id_token') {
    throw new AuthRequestError(
      'unsupported_response_type',
      `response_type must be id_token, not ${responseType ?? 'missing'}.`,
    );
  }
  const scope = params.get('scope') ?? '';
  if (!scope.split(' ').includes('openid')) {
    throw new AuthRequestError('invalid_scope', 'scope must include openid.');
  }
  const nonce = params.get('nonce');
  if (!nonce) {
    throw new AuthRequestError('invalid_request', 'Missing required parameter: nonce.');
  }
  const state = params.get('state');
  const prompt = params.get('prompt');
  return {
    clientId,
    redirectUri,
    responseType,
    scope,
    nonce,
    ...(state === null ? {} : { state }),
    ...(prompt === null ? {} : { prompt }),
  };
}

/** The request's parameters again, as the picker's forms carry them from page to POST. */
export function authRequestFields(request: AuthRequest): [string, string][] {
  const fields: [string, string][] = [
    ['client_id', request.clientId],
    ['redirect_uri', request.redirectUri],
    ['response_type', request.responseType],
    ['scope', request.scope],
    ['nonce', request.nonce],
  ];
  if (request.state !== undefined) fields.push(['state', request.state]);
  if (request.prompt !== undefined) fields.push(['prompt', request.prompt]);
  return fields;
}

/** Where the browser goes with the answer: the redirect_uri with it in the fragment, as Google's implicit flow does. */
export function answerUrl(request: AuthRequest, answer: Record<string, string>): string {
  const fragment = new URLSearchParams(answer);
  if (request.state !== undefined) fragment.set('state', request.state);
  return `${request.redirectUri}#${fragment.toString()}`;
}

function isRedirectUri(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hash === '' && !text.includes('#');
}
