import { randomBytes } from 'node:crypto';
// jose is published as ES modules only; this package compiles to CommonJS, so it is loaded with import().
import type { CryptoKey, JWK, JWTPayload } from 'jose' with { 'resolution-mode': 'import' };

type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });

type KeyPair = { kid: string; privateKey: CryptoKey; publicKey: CryptoKey };

/** A key the JWKS publishes: what Google's certificate endpoint lists for each of its keys. */
export type PublishedKey = JWK & { kid: string; alg: 'RS256'; use: 'sig' };

/**
 * The sandbox's RS256 keys: one current key, published in the JWKS and used for every token, and a
 * foreign one that is never published, for tokens a verifier must refuse.
 */
export class SigningKeys {
  private foreign: Promise<KeyPair> | undefined;

  private constructor(
    private readonly jose: Jose,
    private current: KeyPair,
  ) {}

  static async create(): Promise<SigningKeys> {
    const jose = await import('jose');
    return new SigningKeys(jose, await newKeyPair(jose));
  }

  get kid(): string {
    return this.current.kid;
  }

  /** Google replaces its keys now and then; the JWKS then lists only the new one. */
  async rotate(): Promise<void> {
    this.current = await newKeyPair(this.jose);
  }

  async jwks(): Promise<{ keys: PublishedKey[] }> {
    const jwk = await this.jose.exportJWK(this.current.publicKey);
    return { keys: [{ ...jwk, kid: this.current.kid, alg: 'RS256', use: 'sig' }] };
  }

  /**
   * A signed ID token. A foreign signature still names the current kid, as a forged token would: the
   * verifier finds that key and the signature does not match it.
   */
  async sign(payload: JWTPayload, signWith: 'current' | 'foreign' = 'current'): Promise<string> {
    const key = signWith === 'foreign' ? await this.foreignKey() : this.current;
    return new this.jose.SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: this.current.kid, typ: 'JWT' })
      .sign(key.privateKey);
  }

  private foreignKey(): Promise<KeyPair> {
    this.foreign ??= newKeyPair(this.jose);
    return this.foreign;
  }
}

async function newKeyPair(jose: Jose): Promise<KeyPair> {
  const { privateKey, publicKey } = await jose.generateKeyPair('RS256');
  // Google's kids are 40 hex digits.
  return { kid: randomBytes(20).toString('hex'), privateKey, publicKey };
}
