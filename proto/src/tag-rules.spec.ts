import { describe, expect, it } from 'vitest';
import { sameTag, tagProblem } from './tag-rules';

describe('a tag', () => {
  it('is 1 to 40 characters of plain text without a comma', () => {
    expect(tagProblem('email')).toBeNull();
    expect(tagProblem('x'.repeat(40))).toBeNull();
    expect(tagProblem('')).toBe('tagMin');
    expect(tagProblem('x'.repeat(41))).toBe('tagMax');
    expect(tagProblem('a,b')).toBe('tagComma');
    expect(tagProblem('tab\there')).toBe('controlCharacters');
    expect(tagProblem('half \ud83d')).toBe('malformedText');
  });

  it('is one with itself in another case', () => {
    expect(sameTag('Work', 'wORK')).toBe(true);
    expect(sameTag('Work', 'Works')).toBe(false);
  });
});
