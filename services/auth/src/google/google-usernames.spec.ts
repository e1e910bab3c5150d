import { describe, expect, it } from 'vitest';
import { limits } from '@promptlib/proto';
import { usernameCandidates } from './google-usernames';

const fixed = (value: number) => (below: number) => value % below;

describe('usernames for new Google users', () => {
  it('tries the display name first, then the name with a number that widens after a few tries', () => {
    const candidates = usernameCandidates('Ada Lovelace', fixed(123_456_789));
    expect(candidates[0]).toBe('Ada Lovelace');
    expect(candidates.slice(1, 5)).toEqual(Array(4).fill('Ada Lovelace 789'));
    expect(candidates[5]).toBe('Ada Lovelace 456789');
    expect(candidates.at(-1)).toBe('Ada Lovelace 123456789');
  });

  it('gives a user without a display name "User" and a number below 1000', () => {
    const candidates = usernameCandidates(null, (below) => below - 1);
    expect(candidates[0]).toBe('User999');
    expect(candidates.every((name) => /^User\d+$/.test(name))).toBe(true);
  });

  it('makes any display name a valid username: no control characters, not too long, not too short', () => {
    expect(usernameCandidates('  Grace\n\tHopper  ', fixed(1))[0]).toBe('Grace Hopper');
    const long = usernameCandidates('x'.repeat(200), fixed(999_999_999));
    expect(long.every((name) => name.length <= limits.username.max)).toBe(true);
    expect(usernameCandidates('Al', fixed(7))[0]).toBe('User7');
    expect(usernameCandidates('\u0000\u0001', fixed(7))[0]).toBe('User7');
    expect(usernameCandidates('Ada\udfff \u0085Lovelace\ud83d', fixed(7))[0]).toBe('Ada Lovelace');
  });
});
