import type { OutgoingHttpHeader } from 'node:http';

/** The part of Node's response a cookie is set on (answers written to it directly carry it too). */
export type CookieResponse = {
  getHeader(name: string): OutgoingHttpHeader | undefined;
  setHeader(name: string, value: OutgoingHttpHeader): unknown;
};

/**
 * A cookie's name with the prefix browsers enforce when it is Secure: `__Host-` for one on Path=/
 * (it cannot have come from another host or a sub-domain, nor been set over plain http),
 * `__Secure-` for one on a narrower path.
 */
export function cookieName(name: string, secure: boolean, path: '/' | 'narrower' = '/'): string {
  if (!secure) return name;
  return `${path === '/' ? '__Host-' : '__Secure-'}${name}`;
}

/** Sets one Set-Cookie line of the answer, replacing a line for the same cookie set earlier. */
export function setCookieLine(res: CookieResponse, name: string, line: string): void {
  const existing = res.getHeader('Set-Cookie');
  const others = (Array.isArray(existing) ? existing : existing ? [String(existing)] : []).filter(
    (cookie) => !cookie.startsWith(`${name}=`),
  );
  res.setHeader('Set-Cookie', others.length === 0 ? line : [...others, line]);
}
