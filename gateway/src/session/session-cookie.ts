import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The session cookie's name; `__Host-promptlib.sid` when the cookie is Secure (see cookieName). */
export const SESSION_COOKIE = 'promptlib.sid';

/**
 * The cookie's value is `s:<session id>.<HMAC-SHA256 of the id>`, the format express-session
 * wrote, so sessions opened before the gateway kept them itself still work. Only an id this
 * gateway signed is ever looked up in Redis.
 */
export class SessionCookie {
  constructor(private readonly secret: string) {}

  static newId(): string {
    return randomBytes(24).toString('base64url');
  }

  sign(sessionId: string): string {
    return `s:${sessionId}.${this.mac(sessionId)}`;
  }

  /** The session id a cookie value carries, or undefined when it is not one we signed. */
  verify(value: string): string | undefined {
    if (!value.startsWith('s:')) return undefined;
    const dot = value.lastIndexOf('.');
    if (dot < 2) return undefined;
    const sessionId = value.slice(2, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(this.mac(sessionId));
    return given.length === expected.length && timingSafeEqual(given, expected) ? sessionId : undefined;
  }

  private mac(sessionId: string): string {
    return createHmac('sha256', this.secret).update(sessionId).digest('base64').replace(/=+$/, '');
  }
}

/** The value of the named cookie in a Cookie header (URL-decoded), without parsing the others. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let start = header.indexOf(`${name}=`);
  // Only at the start of the header or of a pair, not inside another cookie's name.
  while (start > 0 && header[start - 1] !== ' ' && header[start - 1] !== ';') {
    start = header.indexOf(`${name}=`, start + 1);
  }
  if (start === -1) return undefined;
  const from = start + name.length + 1;
  const end = header.indexOf(';', from);
  const raw = header.slice(from, end === -1 ? undefined : end).trim();
  try {
    return decodeURIComponent(raw.startsWith('"') ? raw.slice(1, -1) : raw);
  } catch {
    return undefined;
  }
}
