import { serviceError } from '@promptlib/platform';
import { MAX_ID, type PromptSort } from '@promptlib/proto';

/**
 * Where a page of cards ends, as the sort orders cards: the last card's id, and under name or used
 * its title or use count too. The next page starts right after it, so a card created or deleted
 * between two calls never shifts the others into a gap or a repeat, as an offset would.
 */
export type CardKey =
  | { sort: 'recent'; id: number }
  | { sort: 'name'; id: number; title: string }
  | { sort: 'used'; id: number; usageCount: number }
  | { sort: 'lastUsed'; id: number; lastUsedAt: string | null };

export const CURSOR_MESSAGE = 'The cursor is not one this list gave, or it belongs to another sort.';

const PREFIX: Record<PromptSort, string> = { recent: 'r', name: 'n', used: 'u', lastUsed: 'l' };
// A time as a card gives it: UTC to the millisecond.
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MAX_USAGE = 2_147_483_647;
// A title as the database can hold it: a cursor's title is compared in SQL.
const TITLE_MAX_CHARS = 1_000;

/** Where a card stands in the sort: its id, and the title, use count or last use the sort orders by. */
export function keyOf(
  card: { id: number; title: string; usageCount: number; lastUsedAt: string | null },
  sort: PromptSort,
): CardKey {
  if (sort === 'name') return { sort, id: card.id, title: card.title };
  if (sort === 'used') return { sort, id: card.id, usageCount: card.usageCount };
  if (sort === 'lastUsed') return { sort, id: card.id, lastUsedAt: card.lastUsedAt };
  return { sort, id: card.id };
}

/** The key as the opaque text a page answers: its sort's letter, then the key as base64url JSON. */
export function encodeCursor(key: CardKey): string {
  const payload =
    key.sort === 'recent'
      ? [key.id]
      : key.sort === 'name'
        ? [key.id, key.title]
        : key.sort === 'used'
          ? [key.id, key.usageCount]
          : [key.id, key.lastUsedAt];
  return `${PREFIX[key.sort]}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
}

/** The key a cursor names, for a list in `sort`; VALIDATION_FAILED (400) for anything else. */
export function decodeCursor(cursor: string, sort: PromptSort): CardKey {
  const key = parse(cursor, sort);
  if (!key) {
    throw serviceError('VALIDATION_FAILED', CURSOR_MESSAGE, {
      cursor: { rule: 'invalid', message: CURSOR_MESSAGE },
    });
  }
  return key;
}

function parse(cursor: string, sort: PromptSort): CardKey | null {
  const match = /^([rnul])\.([A-Za-z0-9_-]{1,2000})$/.exec(cursor);
  if (!match || match[1] !== PREFIX[sort]) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(match[2], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(payload) || !isId(payload[0])) return null;
  const [id, value] = payload as [number, unknown];
  if (sort === 'recent') return payload.length === 1 ? { sort, id } : null;
  if (payload.length !== 2) return null;
  if (sort === 'lastUsed') {
    return value === null ||
      (typeof value === 'string' && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)))
      ? { sort, id, lastUsedAt: value as string | null }
      : null;
  }
  if (sort === 'used') {
    return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_USAGE
      ? { sort, id, usageCount: value as number }
      : null;
  }
  return typeof value === 'string' && value.length <= TITLE_MAX_CHARS && !value.includes('\u0000')
    ? { sort, id, title: value }
    : null;
}

function isId(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_ID;
}
