import { Client } from 'pg';
import type { StackAddress } from './stack';

const WORDS =
  'write a clear concise summary of the following text for a general audience explain each step and give examples using simple language then list the key points and suggest three follow up questions with short answers keep the tone friendly but precise'.split(
    ' ',
  );

/** Deterministic prose-like text of `length` characters, so seeded libraries look (and compress) like real ones. */
export function realisticText(seed: number, length: number): string {
  let state = seed;
  const words: string[] = [];
  let size = 0;
  while (size < length) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const word = WORDS[state % WORDS.length];
    words.push(word);
    size += word.length + 1;
  }
  return words.join(' ').slice(0, length);
}

/**
 * Writes `count` prompts of 500 to 5,000 characters straight into the library's tables: fast enough
 * to build a 5,000-prompt library for read tests (which is all this is for; writes go through the API).
 */
export async function seedPrompts(
  stack: StackAddress,
  userId: number,
  categoryId: number,
  count: number,
): Promise<void> {
  const client = new Client({ connectionString: stack.env.DATABASE_URL });
  await client.connect();
  try {
    for (let start = 0; start < count; start += 500) {
      const batch = Array.from({ length: Math.min(500, count - start) }, (_, index) => start + index);
      await client.query(
        `INSERT INTO library.prompts (user_id, title, content, category_id, is_favorite, usage_count)
         SELECT $1, title, content, $2, favorite, used
         FROM unnest($3::text[], $4::text[], $5::smallint[], $6::int[]) AS seed(title, content, favorite, used)`,
        [
          userId,
          categoryId,
          batch.map((n) => `Prompt ${n + 1}: ${realisticText(n, 40)}`),
          batch.map((n) => realisticText(n + 7, 500 + ((n * 7919) % 4501))),
          batch.map((n) => (n % 7 === 0 ? 1 : 0)),
          batch.map((n) => n % 13),
        ],
      );
    }
  } finally {
    await client.end();
  }
}

export async function databaseQuery<T>(
  stack: StackAddress,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: stack.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
