const SAME_SITE = 'http://return.invalid';

/**
 * Where a sign-in or sign-up sends the user: back to the page that sent them to /auth (its `next`
 * parameter), else the library. Only a path of this site is followed: `//host/x`, `/\host`, or a
 * full address elsewhere would make the sign-in page a way to send someone to another site.
 */
export function returnPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/')) return '/';
  const url = new URL(next, SAME_SITE);
  if (url.origin !== SAME_SITE || url.pathname.startsWith('/auth')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /auth, asked to come back to `path` once signed in; on its sign-up tab for `register`. */
export function authPathFor(path: string, tab: 'login' | 'register' = 'login'): string {
  const params = new URLSearchParams({ next: path });
  if (tab === 'register') params.set('tab', 'register');
  return `/auth?${params.toString()}`;
}
