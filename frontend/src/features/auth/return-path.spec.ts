import { describe, expect, it } from 'vitest';
import { authPathFor, returnPath } from './return-path';

describe('returnPath', () => {
  it('goes back to the page that sent the user to sign in, with its query', () => {
    expect(returnPath('?next=%2Fshared%2Fabc123')).toBe('/shared/abc123');
    expect(returnPath('?next=%2Fsubscribe%3Fplan%3Dannual')).toBe('/subscribe?plan=annual');
    expect(returnPath(authPathFor('/shared/xyz', 'register').split('?')[1])).toBe('/shared/xyz');
  });

  it('goes to the library without a next page, or with one that is not a page of this site', () => {
    for (const next of [
      '',
      'shared/x',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/auth',
    ]) {
      expect(returnPath(`?next=${encodeURIComponent(next)}`)).toBe('/');
    }
    expect(returnPath('')).toBe('/');
  });
});

describe('authPathFor', () => {
  it('names the page to come back to, and the sign-up tab when asked', () => {
    expect(authPathFor('/subscribe')).toBe('/auth?next=%2Fsubscribe');
    expect(authPathFor('/shared/abc', 'register')).toBe('/auth?next=%2Fshared%2Fabc&tab=register');
  });
});
