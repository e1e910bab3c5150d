import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SessionCookie, cookieValue } from './session-cookie';

describe('the session cookie', () => {
  const cookie = new SessionCookie('a-session-secret-of-at-least-32-characters');

  it('verifies an id it signed, as express-session signed it (s:<id>.<base64 HMAC-SHA256, no padding>)', () => {
    const signed = cookie.sign('abc123');
    expect(signed).toMatch(/^s:abc123\.[A-Za-z0-9+/]{43}$/);
    expect(cookie.verify(signed)).toBe('abc123');
  });

  it('reads a value express-session wrote with the same secret', () => {
    // cookie-signature's sign(id, secret), which express-session used: sessions opened before still work.
    const written = 's:Kq3xPZ7bYdX2w9Qv1mTnL0aRcE5sHgUi.DEIb/iCJWQx/ySGeCCQcBnf7BcPTb9afK7kQz42KnWg';
    expect(cookie.verify(written)).toBe('Kq3xPZ7bYdX2w9Qv1mTnL0aRcE5sHgUi');
  });

  it.each([
    ['a tampered id', (signed: string) => signed.replace('s:abc', 's:abd')],
    ['a tampered signature', (signed: string) => signed.slice(0, -1) + (signed.endsWith('A') ? 'B' : 'A')],
    ['no signature', () => 's:abc123'],
    ['no prefix', (signed: string) => signed.slice(2)],
    ['a truncated signature', (signed: string) => signed.slice(0, -5)],
    ['an empty value', () => ''],
  ])('refuses %s', (_case, change) => {
    expect(cookie.verify(change(cookie.sign('abc123')))).toBeUndefined();
  });

  it('refuses an id signed with another secret', () => {
    const other = new SessionCookie('another-secret-of-at-least-32-characters!');
    expect(cookie.verify(other.sign('abc123'))).toBeUndefined();
  });

  it('makes ids of 32 URL-safe characters, different each time', () => {
    const ids = new Set(Array.from({ length: 100 }, () => SessionCookie.newId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});

describe('finding the session cookie in a Cookie header', () => {
  it.each([
    ['promptlib.sid=s%3Aabc.def', 's:abc.def'],
    ['theme=dark; promptlib.sid=s%3Aabc.def; lang=en', 's:abc.def'],
    ['theme=dark;promptlib.sid=s%3Aabc.def', 's:abc.def'],
    ['promptlib.sid="s%3Aabc.def"', 's:abc.def'],
    ['xpromptlib.sid=s%3Aevil.sig; promptlib.sid=s%3Aabc.def', 's:abc.def'],
  ])('reads %s', (header, value) => {
    expect(cookieValue(header, SESSION_COOKIE)).toBe(value);
  });

  it.each([
    ['no header', undefined],
    ['other cookies only', 'theme=dark; lang=en'],
    ['a longer name only', 'xpromptlib.sid=s%3Aabc.def'],
    ['a value that does not decode', 'promptlib.sid=%E0%A4%A'],
  ])('finds none with %s', (_case, header) => {
    expect(cookieValue(header, SESSION_COOKIE)).toBeUndefined();
  });
});
