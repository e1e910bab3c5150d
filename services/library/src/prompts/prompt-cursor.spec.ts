import { describe, expect, it } from 'vitest';
import type { PromptSort } from '@promptlib/proto';
import { decodeCursor, encodeCursor, type CardKey } from './prompt-cursor';

describe('prompt list cursors', () => {
  it.each<CardKey>([
    { sort: 'recent', id: 42 },
    { sort: 'name', id: 7, title: 'Ünïcödé "quoted" title 🚀' },
    { sort: 'used', id: 2_147_483_647, usageCount: 0 },
    { sort: 'lastUsed', id: 9, lastUsedAt: '2026-11-27T05:01:02.345Z' },
    { sort: 'lastUsed', id: 9, lastUsedAt: null },
  ])('gives back the key it was made of (%o)', (key) => {
    expect(decodeCursor(encodeCursor(key), key.sort)).toEqual(key);
  });

  it('is URL-safe text', () => {
    expect(encodeCursor({ sort: 'name', id: 1, title: '???>>>' })).toMatch(/^n\.[A-Za-z0-9_-]+$/);
  });

  const refused = (cursor: string, sort: PromptSort = 'recent') =>
    expect(() => decodeCursor(cursor, sort)).toThrow(
      expect.objectContaining({
        error: expect.objectContaining({ code: 'VALIDATION_FAILED', rules: { cursor: 'invalid' } }),
      }),
    );
  const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('refuses a cursor of another sort', () => {
    refused(encodeCursor({ sort: 'recent', id: 5 }), 'used');
    refused(encodeCursor({ sort: 'used', id: 5, usageCount: 3 }), 'name');
  });

  it.each([
    ['no prefix', encoded([5])],
    ['an unknown prefix', `x.${encoded([5])}`],
    ['no JSON', 'r.bm90IGpzb24'],
    ['not an array', `r.${encoded({ id: 5 })}`],
    ['a zero id', `r.${encoded([0])}`],
    ['a fractional id', `r.${encoded([1.5])}`],
    ['an id beyond the database', `r.${encoded([2_147_483_648])}`],
    ['a string id', `r.${encoded(['5'])}`],
    ['extra values', `r.${encoded([5, 6])}`],
    ['characters outside base64url', 'r.abc+/='],
    ['an empty payload', 'r.'],
  ])('refuses %s', (_case, cursor) => refused(cursor));

  it('refuses a bad use count or title', () => {
    refused(`u.${encoded([5, -1])}`, 'used');
    refused(`u.${encoded([5, 'many'])}`, 'used');
    refused(`u.${encoded([5])}`, 'used');
    refused(`n.${encoded([5, 12])}`, 'name');
    refused(`n.${encoded([5, 'a\u0000b'])}`, 'name');
    refused(`n.${encoded([5, 'x'.repeat(1_001)])}`, 'name');
  });

  it('refuses a last use that is not a time as a card gives it', () => {
    refused(encodeCursor({ sort: 'lastUsed', id: 5, lastUsedAt: null }), 'used');
    refused(`l.${encoded([5])}`, 'lastUsed');
    refused(`l.${encoded([5, 1_764_000_000_000])}`, 'lastUsed');
    refused(`l.${encoded([5, 'yesterday'])}`, 'lastUsed');
    refused(`l.${encoded([5, '2026-11-27'])}`, 'lastUsed');
    refused(`l.${encoded([5, '2026-13-45T99:99:99.999Z'])}`, 'lastUsed');
  });
});
