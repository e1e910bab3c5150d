import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { cookieName, setCookieLine, type CookieResponse } from '../common/cookies';
import { GATEWAY_CONFIG, cookieSecure, type GatewayConfig } from '../config/gateway-config';
import { cookieValue } from '../session/session-cookie';

const TRUST_DAYS = 90;
const TRUST_SECONDS = TRUST_DAYS * 86_400;
// A few accounts per browser (a shared family computer); the oldest is forgotten first.
const MAX_ACCOUNTS = 5;
const ENTRY = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/;

type Entry = { expiresAt: number; tag: string };

/**
 * Browsers that signed in as a user before. Each holds, in a signed HttpOnly cookie, one entry per
 * account: its expiry and a MAC of the account's username key with that expiry. Nothing is stored
 * on the server. The sign-in limits let such a browser try under its own allowance, so a stranger
 * who spends an account's allowance with wrong passwords does not keep its owner out.
 */
@Injectable()
export class KnownDevices {
  private readonly key: Buffer;
  private readonly name: string;
  private readonly attributes: string;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    // A key of its own, derived from the session secret, so these MACs are never valid session ids.
    this.key = createHmac('sha256', config.SESSION_SECRET).update('known-devices').digest();
    const secure = cookieSecure(config);
    this.name = cookieName('promptlib.device', secure);
    this.attributes = `; Max-Age=${TRUST_SECONDS}; Path=/; HttpOnly${secure ? '; Secure' : ''}; SameSite=Lax`;
  }

  /** This browser's tag for the account, when it signed in as that user within TRUST_DAYS. */
  tagFor(headers: IncomingHttpHeaders, usernameKey: string): string | undefined {
    return this.entryFor(this.entries(headers), usernameKey)?.tag;
  }

  /** Notes on the answer that this browser has signed in as the user, for another TRUST_DAYS. */
  remember(headers: IncomingHttpHeaders, res: CookieResponse, usernameKey: string): void {
    const entries = this.entries(headers);
    const current = this.entryFor(entries, usernameKey);
    const expiresAt = Math.floor(Date.now() / 1000) + TRUST_SECONDS;
    const kept = entries.filter((entry) => entry !== current).slice(-(MAX_ACCOUNTS - 1));
    const value = [...kept, { expiresAt, tag: this.mac(usernameKey, expiresAt) }]
      .map((entry) => `${entry.expiresAt.toString(36)}.${entry.tag}`)
      .join('~');
    setCookieLine(res, this.name, `${this.name}=${value}${this.attributes}`);
  }

  /** The unexpired, well-formed entries of the cookie, oldest first. */
  private entries(headers: IncomingHttpHeaders): Entry[] {
    const value = cookieValue(headers.cookie, this.name);
    if (!value) return [];
    const now = Math.floor(Date.now() / 1000);
    return value
      .split('~')
      .slice(-MAX_ACCOUNTS)
      .flatMap((part) => {
        const match = ENTRY.exec(part);
        const expiresAt = match ? parseInt(match[1], 36) : 0;
        return match && expiresAt > now ? [{ expiresAt, tag: match[2] }] : [];
      });
  }

  private entryFor(entries: Entry[], usernameKey: string): Entry | undefined {
    return entries.find((entry) => {
      const expected = Buffer.from(this.mac(usernameKey, entry.expiresAt));
      const given = Buffer.from(entry.tag);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }

  private mac(usernameKey: string, expiresAt: number): string {
    return createHmac('sha256', this.key)
      .update(`${usernameKey}\n${expiresAt}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }
}
