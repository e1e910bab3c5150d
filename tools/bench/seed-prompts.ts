import { Client } from 'pg';

const WORDS = (
  'write a clear concise summary of the following text for a general audience explain each step and ' +
  'give examples using simple language then list the key points and suggest three follow up questions ' +
  'with short answers keep the tone friendly but precise review this code for bugs translate into German ' +
  'act as an experienced editor rewrite the paragraph below in plain English'
).split(' ');

/**
 * Deterministic prose-like text of exactly `length` characters, with sentences, quotes and line
 * breaks, so the JSON both servers produce has the escaping and size of a real library.
 */
export function realisticText(seed: number, length: number): string {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
  let text = '';
  while (text.length < length) {
    const word = WORDS[next() % WORDS.length];
    const roll = next() % 100;
    if (roll < 6) text += `${word}.\n\n`;
    else if (roll < 14) text += `${word}. `;
    else if (roll < 16) text += `"${word}" `;
    else text += `${word} `;
  }
  return text.slice(0, length);
}

export type SeedTarget = { databaseUrl: string; userId: number; categoryId: number };

export type SeedText = { title: string; content: string };

/** The title and content of the `n`th seeded prompt (0-based), which is also the `n`th id in insertion order. */
function seedText(n: number): SeedText {
  return {
    title: `Prompt ${n + 1}: ${realisticText(n, 40).replace(/\s+/g, ' ').trim()}`,
    content: realisticText(n + 7, 500 + ((n * 7919) % 4501)),
  };
}

/**
 * Writes `count` prompts of 500 to 5,000 characters straight into the library's table: building a
 * large library through the API would take minutes and measure nothing we care about here.
 * `decorate` lets a bench plant words it will later search for.
 */
export async function seedPrompts(
  target: SeedTarget,
  count: number,
  decorate: (n: number, text: SeedText) => SeedText = (_n, text) => text,
): Promise<void> {
  const client = new Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    for (let start = 0; start < count; start += 500) {
      const batch = Array.from({ length: Math.min(500, count - start) }, (_, index) => start + index);
      const texts = batch.map((n) => decorate(n, seedText(n)));
      await client.query(
        `INSERT INTO library.prompts (user_id, title, content, category_id, is_favorite, usage_count)
         SELECT $1, title, content, $2, favorite, used
         FROM unnest($3::text[], $4::text[], $5::smallint[], $6::int[]) AS seed(title, content, favorite, used)`,
        [
          target.userId,
          target.categoryId,
          texts.map((text) => text.title),
          texts.map((text) => text.content),
          batch.map((n) => (n % 7 === 0 ? 1 : 0)),
          batch.map((n) => n % 13),
        ],
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * Statistics and the visibility map as autovacuum leaves them after a bulk load: the plans of the
 * steady state, not of a table the planner has never measured.
 */
export async function analyzePrompts(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('VACUUM ANALYZE library.prompts').finally(() => client.end());
}
