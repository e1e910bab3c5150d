import { describe, expect, it } from 'vitest';
import {
  commonPasswordCount,
  normalizeUsername,
  passwordProblem,
  registrationProblems,
  usernameProblem,
} from './credential-rules';

describe('credential rules', () => {
  it('ships at least the 1,000 most common passwords', () => {
    expect(commonPasswordCount).toBeGreaterThanOrEqual(1_000);
  });

  it.each(['123456', 'password', 'qwerty123', 'iloveyou', 'PASSWORD1', 'sunshine'])(
    'refuses the common password %p',
    (password) => {
      expect(passwordProblem(password)).toEqual({
        rule: 'tooCommon',
        message: 'This password is too common. Choose one that is harder to guess.',
      });
    },
  );

  it('accepts an uncommon password of 6 to 128 characters', () => {
    expect(passwordProblem('violet-Harbor-71')).toBeNull();
    expect(passwordProblem('zq8#Lm')).toBeNull();
    expect(passwordProblem('a9'.repeat(64))).toBeNull();
  });

  it('names the length rules', () => {
    expect(passwordProblem('zq8#L')).toEqual({
      rule: 'tooShort',
      message: 'Password must be at least 6 characters',
    });
    expect(passwordProblem('a9'.repeat(64) + 'x')).toEqual({
      rule: 'tooLong',
      message: 'Password must be at most 128 characters',
    });
    expect(usernameProblem('ab')).toEqual({
      rule: 'tooShort',
      message: 'Username must be at least 3 characters',
    });
    expect(usernameProblem('a'.repeat(51))).toEqual({
      rule: 'tooLong',
      message: 'Username must be at most 50 characters',
    });
    expect(usernameProblem('bad\u0000name')).toEqual({
      rule: 'controlCharacters',
      message: 'Username must not contain control characters',
    });
  });

  it('trims surrounding spaces from usernames', () => {
    expect(normalizeUsername('  alice ')).toBe('alice');
  });

  it('collects one rule and message per field', () => {
    expect(registrationProblems('ab', '123')).toEqual({
      username: { rule: 'tooShort', message: 'Username must be at least 3 characters' },
      password: { rule: 'tooShort', message: 'Password must be at least 6 characters' },
    });
    expect(registrationProblems('alice', 'violet-Harbor-71')).toBeNull();
  });
});
