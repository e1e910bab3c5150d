import { describe, expect, it } from 'vitest';
import { MAX_ID, type EventData, type EventSubject } from '@promptlib/proto';
import { eventDataSchemas } from './event-schemas';

// As the producers write them: auth (registration, Google sign-in), library, billing.
const valid: { [S in EventSubject]: EventData[S][] } = {
  'events.user.registered': [
    { userId: 1, username: 'alice' },
    { userId: MAX_ID, username: 'Zoë Ünïcödé 🙂 42' },
  ],
  'events.user.deleted': [{ userId: 1 }, { userId: MAX_ID }],
  'events.prompt.updated': [
    {
      userId: 7,
      promptId: 42,
      title: 'Summarise a meeting',
      content: 'Summarise:\n\t- decisions\r\n\t- owners\n\n{{notes}}',
      categoryId: 3,
      version: 1,
    },
    {
      userId: 7,
      promptId: 43,
      title: 'Ünïcödé 🙂',
      content: 'x'.repeat(20_000),
      categoryId: null,
      version: 9,
    },
  ],
  'events.prompt.deleted': [{ userId: 7, promptId: 42, version: 2 }],
  'events.category.deleted': [
    { userId: 7, categoryId: 3, promptIds: [42, 43] },
    { userId: 7, categoryId: 4, promptIds: [] },
    { userId: 7, categoryId: 5, promptIds: Array.from({ length: 30_000 }, (_, index) => index + 1) },
  ],
  'events.prompt.marked': [
    { userId: 7, promptId: 42, isFavorite: 1, tags: ['Ünïcödé 🙂', 'draft'] },
    { userId: 7, promptId: 42, isFavorite: 0, tags: [] },
  ],
  'events.tag.changed': [
    { userId: 7, name: 'draft', newName: 'Work in progress' },
    { userId: 7, name: 'draft', newName: null },
  ],
  'events.category.updated': [
    { userId: 7, categoryId: 3, name: 'Work', position: 0 },
    { userId: 7, categoryId: 4, name: 'Ünïcödé 🙂', position: 41 },
  ],
  'events.share.changed': [
    { userId: 7, promptId: 42, shareId: 'bWFkZSB1cCBmb3IgYSB0ZX' },
    { userId: 7, promptId: 42, shareId: null },
  ],
  'events.tier.changed': [
    { userId: 7, isPro: true, isCancelled: false, endsAt: null, version: 1 },
    {
      userId: 7,
      isPro: true,
      isCancelled: true,
      endsAt: new Date(Date.UTC(2099, 0, 5)).toISOString(),
      version: 2,
    },
    { userId: 7, isPro: false, isCancelled: false, endsAt: '2026-12-01T10:00:00+01:00', version: MAX_ID },
  ],
};

const refused: { [S in EventSubject]: [string, unknown][] } = {
  'events.user.deleted': [
    ['a string id', { userId: '1' }],
    ['a zero id', { userId: 0 }],
    ['no id', {}],
    ['an id above int4', { userId: 2 ** 53 }],
  ],
  'events.user.registered': [
    ['a string id', { userId: '1', username: 'alice' }],
    ['a zero id', { userId: 0, username: 'alice' }],
    ['no username', { userId: 1 }],
    ['a username with a control character', { userId: 1, username: 'al\u0000ice' }],
    ['a username of half a surrogate pair', { userId: 1, username: 'al\ud83dice' }],
    ['a username far above the limit', { userId: 1, username: 'a'.repeat(201) }],
  ],
  'events.prompt.updated': [
    [
      'a nested object as title',
      {
        userId: 7,
        promptId: 42,
        title: { a: { b: { c: 1 } } },
        content: 'Content',
        categoryId: 3,
        version: 1,
      },
    ],
    [
      'a tab in the title',
      { userId: 7, promptId: 42, title: 'A\ttitle', content: 'Content', categoryId: 3, version: 1 },
    ],
    [
      'NUL in the content',
      { userId: 7, promptId: 42, title: 'Title', content: 'A\u0000b', categoryId: 3, version: 1 },
    ],
    [
      'an id beyond int4',
      { userId: 7, promptId: MAX_ID + 1, title: 'Title', content: 'Content', categoryId: 3, version: 1 },
    ],
    ['no category at all', { userId: 7, promptId: 42, title: 'Title', content: 'Content', version: 1 }],
    [
      'a fractional version',
      { userId: 7, promptId: 42, title: 'Title', content: 'Content', categoryId: 3, version: 1.5 },
    ],
    [
      'content far above the limit',
      { userId: 7, promptId: 42, title: 'Title', content: 'x'.repeat(80_001), categoryId: null, version: 1 },
    ],
  ],
  'events.prompt.deleted': [
    ['a negative id', { userId: -1, promptId: 42, version: 2 }],
    ['a negative version', { userId: 7, promptId: 42, version: -1 }],
    ['a version as a string', { userId: 7, promptId: 42, version: '2' }],
    ['a version beyond int4', { userId: 7, promptId: 42, version: MAX_ID + 1 }],
  ],
  'events.category.deleted': [
    ['no prompt ids', { userId: 7, categoryId: 3 }],
    ['a string among the ids', { userId: 7, categoryId: 3, promptIds: [42, '43'] }],
    ['a zero among the ids', { userId: 7, categoryId: 3, promptIds: [42, 0] }],
    ['more ids than a category can hold', { userId: 7, categoryId: 3, promptIds: Array(100_001).fill(1) }],
    ['an object for the ids', { userId: 7, categoryId: 3, promptIds: { 0: 42 } }],
  ],
  'events.prompt.marked': [
    ['a star of 2', { userId: 7, promptId: 42, isFavorite: 2, tags: [] }],
    ['a star as true', { userId: 7, promptId: 42, isFavorite: true, tags: [] }],
    ['a tag with a line break', { userId: 7, promptId: 42, isFavorite: 0, tags: ['a\nb'] }],
    [
      'more tags than a prompt can hold',
      { userId: 7, promptId: 42, isFavorite: 0, tags: Array(81).fill('a') },
    ],
    ['no tags', { userId: 7, promptId: 42, isFavorite: 0 }],
  ],
  'events.tag.changed': [
    ['no new name at all', { userId: 7, name: 'draft' }],
    ['a tag far above the limit', { userId: 7, name: 'x'.repeat(161), newName: null }],
  ],
  'events.category.updated': [
    ['a negative position', { userId: 7, categoryId: 3, name: 'Work', position: -1 }],
    ['a name with NUL', { userId: 7, categoryId: 3, name: 'W\u0000rk', position: 0 }],
    ['no name', { userId: 7, categoryId: 3, position: 0 }],
  ],
  'events.share.changed': [
    ['a link id with a slash', { userId: 7, promptId: 42, shareId: '../../admin' }],
    ['no link id at all', { userId: 7, promptId: 42 }],
  ],
  'events.tier.changed': [
    [
      'a version of "x", userId -1 and no isPro',
      { userId: -1, isCancelled: false, endsAt: null, version: 'x' },
    ],
    ['isPro as a string', { userId: 7, isPro: 'true', isCancelled: false, endsAt: null, version: 1 }],
    [
      'an end that is not a date',
      { userId: 7, isPro: true, isCancelled: true, endsAt: 'tomorrow', version: 1 },
    ],
    [
      'an end as a number',
      { userId: 7, isPro: true, isCancelled: true, endsAt: 4_102_444_800_000, version: 1 },
    ],
    ['no end at all', { userId: 7, isPro: true, isCancelled: false, version: 1 }],
    ['an id above int4', { userId: 2 ** 53, isPro: true, isCancelled: false, endsAt: null, version: 1 }],
  ],
};

const subjects = Object.keys(eventDataSchemas) as EventSubject[];

describe('eventDataSchemas', () => {
  it.each(subjects.flatMap((subject) => valid[subject].map((data) => [subject, data] as const)))(
    'accepts %s as its producer sends it: %j',
    (subject, data) => {
      expect(eventDataSchemas[subject].safeParse(data)).toEqual({ success: true, data });
    },
  );

  it.each(
    subjects.flatMap((subject) => refused[subject].map(([what, data]) => [subject, what, data] as const)),
  )('refuses %s with %s', (subject, _what, data) => {
    expect(eventDataSchemas[subject].safeParse(data).success).toBe(false);
  });

  it.each(subjects)('refuses %s data that is not an object', (subject) => {
    for (const data of [null, [], 'text', 42, [valid[subject][0]]]) {
      expect(eventDataSchemas[subject].safeParse(data).success).toBe(false);
    }
  });

  it('drops fields the contract does not declare, so no handler sees them', () => {
    const data = { userId: 7, isPro: true, isCancelled: false, endsAt: null, version: 3, isAdmin: true };
    expect(eventDataSchemas['events.tier.changed'].parse(data)).toEqual({
      userId: 7,
      isPro: true,
      isCancelled: false,
      endsAt: null,
      version: 3,
    });
  });
});
