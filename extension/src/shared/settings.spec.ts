import { normalizeServerUrl } from './settings';

describe('normalizeServerUrl', () => {
  it('keeps an address’s origin and takes https when none is typed', () => {
    expect(normalizeServerUrl(' https://prompts.example.com/dashboard?x=1 ')).toBe(
      'https://prompts.example.com',
    );
    expect(normalizeServerUrl('prompts.example.com')).toBe('https://prompts.example.com');
    expect(normalizeServerUrl('http://localhost:8080/')).toBe('http://localhost:8080');
  });

  it('refuses what is no web address', () => {
    expect(normalizeServerUrl('')).toBeNull();
    expect(normalizeServerUrl('javascript:alert(1)')).toBeNull();
    expect(normalizeServerUrl('ftp://files.example.com')).toBeNull();
    expect(normalizeServerUrl('http://')).toBeNull();
  });
});
