import { describe, expect, it } from 'vitest';
import { httpsPhotoUrl } from './google-id-tokens';

describe('a Google photo', () => {
  it('is kept over https only: never plain http, a script or data URL, or an overlong address', () => {
    expect(httpsPhotoUrl('https://lh3.googleusercontent.com/a/photo=s96-c')).toBe(
      'https://lh3.googleusercontent.com/a/photo=s96-c',
    );
    for (const refused of [
      'http://lh3.googleusercontent.com/a/photo',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      `https://example.com/${'a'.repeat(2_100)}`,
      'not a url',
      42,
      null,
    ])
      expect(httpsPhotoUrl(refused)).toBeNull();
  });
});
