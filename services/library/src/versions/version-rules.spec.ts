import { describe, expect, it } from 'vitest';
import type { ImportVersion } from '@promptlib/proto';
import { importedDates, importedHistory, importedTime, importedVersions } from './version-rules';

const now = new Date('2026-11-27T12:00:00.000Z');
const categoryIdOf = (name: string | null) => (name === 'Work' ? 7 : name === 'General' ? 1 : null);
const version = (n: number, fields: Partial<ImportVersion> = {}): ImportVersion => ({
  version: n,
  title: `Title ${n}`,
  content: `Content ${n}`,
  category: 'Work',
  createdAt: `2025-01-0${n}T00:00:00.000Z`,
  source: 'app',
  ...fields,
});
const text = { title: 'Title 3', content: 'Content 3', categoryId: 7 };
const current = { ...text, updatedAt: new Date('2025-02-01') };

describe('imported history', () => {
  it('takes a moment as written, and a broken or future one as now', () => {
    expect(importedTime('2024-05-06T07:08:09.123Z', now)).toEqual(new Date('2024-05-06T07:08:09.123Z'));
    expect(importedTime('not a date', now)).toEqual(now);
    expect(importedTime('2030-01-01T00:00:00Z', now)).toEqual(now);
    expect(importedTime(undefined, now)).toEqual(now);
    // A clock a little ahead is believed, but nothing is dated after the import.
    expect(importedTime('2026-11-27T12:01:00.000Z', now)).toEqual(now);
    expect(importedDates({ createdAt: '2024-01-01T00:00:00Z' }, now)).toEqual({
      createdAt: new Date('2024-01-01T00:00:00Z'),
      updatedAt: new Date('2024-01-01T00:00:00Z'),
    });
  });

  it('keeps the file’s versions with their numbers, times, sources and categories', () => {
    const history = importedHistory(
      current,
      [version(1), version(2, { source: 'restore' }), version(3)],
      undefined,
      categoryIdOf,
      20,
      now,
    );
    expect(history).toEqual([
      {
        version: 1,
        title: 'Title 1',
        content: 'Content 1',
        categoryId: 7,
        createdAt: new Date('2025-01-01'),
        source: 'app',
      },
      {
        version: 2,
        title: 'Title 2',
        content: 'Content 2',
        categoryId: 7,
        createdAt: new Date('2025-01-02'),
        source: 'restore',
      },
      {
        version: 3,
        title: 'Title 3',
        content: 'Content 3',
        categoryId: 7,
        createdAt: new Date('2025-01-03'),
        source: 'app',
      },
    ]);
  });

  it('adds the prompt’s own text as a version of the import when the newest is not it', () => {
    const history = importedHistory(current, [version(1), version(2)], undefined, categoryIdOf, 20, now);
    expect(history.at(-1)).toEqual({
      ...text,
      version: 3,
      createdAt: current.updatedAt,
      source: 'import',
    });
    // A version in a category the user has not: without one, so not the prompt's text either.
    expect(
      importedHistory(current, [version(3, { category: 'Gone' })], undefined, categoryIdOf, 20, now),
    ).toHaveLength(2);
    // No history at all: it starts with the import.
    expect(importedHistory(current, [], undefined, categoryIdOf, 20, now)).toEqual([
      { ...text, version: 1, createdAt: current.updatedAt, source: 'import' },
    ]);
  });

  it('numbers a history again from 1 when its numbers do not grow', () => {
    const numbers = (versions: ImportVersion[]) =>
      importedHistory(current, versions, undefined, categoryIdOf, 20, now).map((kept) => kept.version);
    expect(numbers([version(5), version(2), version(3)])).toEqual([1, 2, 3]);
    expect(
      numbers([version(4), version(9), version(12, { title: 'Title 3', content: 'Content 3' })]),
    ).toEqual([4, 9, 12]);
    expect(numbers([version(2_147_483_647, { title: 'Old', content: 'Old text' })])).toEqual([1, 2]);
  });

  it('drops the versions create would refuse, and keeps the plan’s newest', () => {
    const history = importedHistory(
      current,
      [version(1, { title: 'x' }), version(2, { content: 'Bell\u0007' }), version(3)],
      undefined,
      categoryIdOf,
      20,
      now,
    );
    expect(history.map((kept) => kept.version)).toEqual([3]);
    const many = Array.from({ length: 30 }, (_, index) =>
      version(index + 1, { createdAt: '2025-01-01T00:00:00Z' }),
    );
    const kept = importedHistory(
      { ...current, title: 'Title 30', content: 'Content 30' },
      many,
      undefined,
      categoryIdOf,
      20,
      now,
    );
    expect(kept.map((row) => row.version)).toEqual(Array.from({ length: 20 }, (_, index) => index + 11));
  });

  it('gives the prompt’s own text the number, time and source the file gave it, and keeps the older below it', () => {
    const own = { version: 9, createdAt: '2025-01-09T00:00:00.000Z', source: 'restore' as const };
    const history = importedHistory(
      current,
      [version(1), version(2), version(9)],
      own,
      categoryIdOf,
      20,
      now,
    );
    expect(history.map((kept) => [kept.version, kept.title, kept.source])).toEqual([
      [1, 'Title 1', 'app'],
      [2, 'Title 2', 'app'],
      [9, 'Title 3', 'restore'],
    ]);
    expect(history.at(-1)).toEqual({
      ...text,
      version: 9,
      createdAt: new Date('2025-01-09'),
      source: 'restore',
    });
    // Its older versions may all come on later pages.
    expect(importedHistory(current, [], own, categoryIdOf, 20, now)).toHaveLength(1);
  });

  it('keeps a later page’s versions as numbered, in any order', () => {
    expect(
      importedVersions([version(2), version(1)], categoryIdOf, now, false).map((kept) => kept.version),
    ).toEqual([2, 1]);
  });
});
