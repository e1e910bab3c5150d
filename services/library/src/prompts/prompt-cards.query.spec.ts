import { describe, expect, it } from 'vitest';
import type { PromptSort } from '@promptlib/proto';
import { cardPageAmongSql, type CardQuery } from './prompt-cards.query';
import type { CardKey } from './prompt-cursor';

const KEYS: Record<PromptSort, CardKey> = {
  recent: { sort: 'recent', id: 40 },
  name: { sort: 'name', id: 40, title: 'Weekly report' },
  used: { sort: 'used', id: 40, usageCount: 3 },
  lastUsed: { sort: 'lastUsed', id: 40, lastUsedAt: null },
};

const query = (sort: PromptSort, after: boolean, change: Partial<CardQuery> = {}): CardQuery => ({
  userId: 7,
  favoritesOnly: false,
  categoryId: null,
  tag: null,
  needle: 'report',
  sort,
  after: after ? KEYS[sort] : null,
  rows: 51,
  ...change,
});

describe('the page among a search’s matches, as a prepared statement', () => {
  const variants = (Object.keys(KEYS) as PromptSort[]).flatMap((sort) => [
    query(sort, false),
    query(sort, true),
  ]);

  it('has one name for each text: a name prepared once on a connection is never asked for another text', () => {
    const statements = variants.map((variant) => cardPageAmongSql(variant, [1, 2, 3]));
    expect(new Set(statements.map((statement) => statement.name)).size).toBe(variants.length);
    expect(new Set(statements.map((statement) => statement.text)).size).toBe(variants.length);
  });

  it('keeps its name and text whatever the user, the matches, the page size, the key or the search', () => {
    for (const variant of variants) {
      const { name, text } = cardPageAmongSql(variant, [1, 2, 3]);
      const other = cardPageAmongSql(
        {
          ...variant,
          userId: 8,
          rows: 11,
          needle: 'other words',
          after: variant.after && { ...variant.after, id: 99 },
        },
        Array.from({ length: 500 }, (_, index) => index + 1),
      );
      expect({ name: other.name, text: other.text }).toEqual({ name, text });
      expect(other.values).toContain(8);
      expect(other.values).toContain(11);
    }
  });
});
