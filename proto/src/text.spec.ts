import { describe, expect, it } from 'vitest';
import { usernameKey } from './auth';
import { entityId, plainText } from './text';
import { textProblem } from './text-rules';

describe('plain text', () => {
  it.each([
    ['Ünïcödé and emoji 🙂', 'line', null],
    ['bidi marks \u202e\u200f are letters’ business', 'line', null],
    ['a lone half \ud83d of a pair', 'line', 'malformed'],
    ['a lone low half \ude00', 'multiline', 'malformed'],
    ['NUL \u0000', 'multiline', 'control'],
    ['a tab\tin a line', 'line', 'control'],
    ['a tab\tand lines\r\nin content', 'multiline', null],
    ['a vertical tab \u000b', 'multiline', 'control'],
    ['DEL \u007f and C1 \u0085', 'multiline', 'control'],
  ] as const)('%j as %s: %s', (value, kind, problem) => {
    expect(textProblem(value, kind)).toBe(problem);
  });

  it('names the field in its message, before any other check of it', () => {
    const title = plainText('Title').trim().min(3, 'too short');
    expect(title.safeParse('\u0000').error?.issues[0].message).toBe(
      'Title must not contain control characters',
    );
    expect(title.safeParse('x\udfffy').error?.issues[0].message).toBe(
      'Title contains characters that are not valid text',
    );
  });

  it('takes ids Postgres can hold, and nothing beyond', () => {
    expect(entityId.safeParse(2_147_483_647).success).toBe(true);
    for (const id of [0, -1, 2 ** 31, 2 ** 53, 1.5, '12']) expect(entityId.safeParse(id).success).toBe(false);
  });
});

describe('the username key', () => {
  it('is one for every spelling people would call the same name', () => {
    expect(usernameKey('  Alice ')).toBe('alice');
    expect(usernameKey('ＡＬＩＣＥ')).toBe('alice');
    expect(usernameKey('Cafe\u0301')).toBe(usernameKey('Caf\u00e9'));
    expect(usernameKey('ℌello')).toBe('hello');
  });
});
