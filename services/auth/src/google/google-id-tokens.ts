import { Inject, Injectable } from '@nestjs/common';
import { textProblem } from '@promptlib/proto';
import type { JWTPayload, createRemoteJWKSet } from 'jose' with { 'resolution-mode': 'import' };
import { AUTH_CONFIG, GOOGLE_ISSUER, type AuthConfig } from '../config/auth-config';

// Keys are re-read when a token names one not in the cached set (Google rotated), at most this often.
const JWKS_REFETCH_COOLDOWN_MS = 5_000;
// Even without an unknown key, the set is re-read after this long.
const JWKS_MAX_AGE_MS = 3_600_000;
// Clocks of Google's servers and ours may differ a little.
const CLOCK_TOLERANCE_SECONDS = 30;

/** What a verified ID token says of the person; nothing else is trusted. */
export type GoogleIdentity = {
  subject: string;
  name: string | null;
  email: string | null;
  picture: string | null;
};

/** What sign-in uses of the verifier; its unit specs hand it identities without tokens. */
export type IdTokenVerifier = Pick<GoogleIdTokens, 'enabled' | 'verify'>;

export class IdTokenRejected extends Error {
  override readonly name = 'IdTokenRejected';
}

/**
 * Verifies Google ID tokens: the signature against the issuer's published keys (cached; a token
 * signed with a key not seen yet makes one rate-limited refetch, so a rotation needs no restart),
 * the issuer, the audience (our client id), the expiry, and the nonce the session was given.
 */
@Injectable()
export class GoogleIdTokens {
  private keys: ReturnType<typeof createRemoteJWKSet> | undefined;
  private readonly issuers: string[];

  constructor(@Inject(AUTH_CONFIG) private readonly config: AuthConfig) {
    // Google signs with either spelling of its issuer.
    this.issuers =
      config.GOOGLE_ISSUER === GOOGLE_ISSUER
        ? [GOOGLE_ISSUER, 'accounts.google.com']
        : [config.GOOGLE_ISSUER];
  }

  get enabled(): boolean {
    return this.config.GOOGLE_CLIENT_ID !== undefined;
  }

  async verify(idToken: string, nonce: string): Promise<GoogleIdentity> {
    if (!this.config.GOOGLE_CLIENT_ID) throw new IdTokenRejected('Google sign-in is not configured');
    // jose is an ES module only: loaded the way a CommonJS build can.
    const { createRemoteJWKSet, jwtVerify } = await import('jose');
    this.keys ??= createRemoteJWKSet(new URL(this.config.GOOGLE_JWKS_URL), {
      cooldownDuration: JWKS_REFETCH_COOLDOWN_MS,
      cacheMaxAge: JWKS_MAX_AGE_MS,
    });
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.keys, {
        issuer: this.issuers,
        audience: this.config.GOOGLE_CLIENT_ID,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
      }));
    } catch (error) {
      throw new IdTokenRejected((error as Error).message);
    }
    if (payload.nonce !== nonce) throw new IdTokenRejected('The token was not issued for this sign-in');
    const subject = payload.sub;
    if (typeof subject !== 'string' || subject.length === 0 || subject.length > 255 || textProblem(subject)) {
      throw new IdTokenRejected('The token names no account');
    }
    return {
      subject,
      name: text(payload.name),
      email: text(payload.email),
      picture: httpsPhotoUrl(payload.picture),
    };
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * A photo shown in our pages comes over https, never from a script or data URL, nor over plain
 * http, which a network in between could swap (and which an https page would block as mixed content).
 */
export function httpsPhotoUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2_048) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
