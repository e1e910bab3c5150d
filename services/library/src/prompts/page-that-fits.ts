import { MAX_MESSAGE_BYTES } from '@promptlib/proto';

// Room in a reply for its headers.
const REPLY_HEADROOM_BYTES = 16 * 1024;
/** The most a page's JSON may weigh: a NATS message less room for its headers and envelope. */
const PAGE_REPLY_MAX_BYTES = MAX_MESSAGE_BYTES - REPLY_HEADROOM_BYTES;

/**
 * Whether rows lie beyond a page read with a byte budget and at most `maxRows` rows: the budget cut
 * it short of the rows its read considered, or it considered as many as it could.
 */
export function morePages(rows: readonly { candidates: number }[], maxRows: number): boolean {
  const candidates = rows[0]?.candidates ?? 0;
  return rows.length > 0 && (rows.length < candidates || candidates === maxRows);
}

/** A row of a page read newest first below a cursor, with the number of rows its read considered. */
type PagedRow = { id: number; candidates: number };

export type PageThatFits<Row, Reply> = { rows: Row[]; reply: Reply; nextBefore: number | null };

/**
 * A page that is one NATS reply: `read` takes up to `maxRows` rows (the query sizes them by a byte
 * budget of its own), and should their encoded reply still weigh more than PAGE_REPLY_MAX_BYTES
 * (text heavy with escapes), half as many are read again, down to a single row, which goes
 * whatever its size. `nextBefore` is the last row's id when rows beyond the page remain.
 */
export async function pageThatFits<Row extends PagedRow, Reply>(
  maxRows: number,
  read: (rows: number) => Promise<Row[]>,
  encode: (rows: Row[]) => { reply: Reply; bytes: number },
): Promise<PageThatFits<Row, Reply>> {
  for (let rows = maxRows; ; rows = Math.max(1, Math.floor(rows / 2))) {
    const found = await read(rows);
    const { reply, bytes } = encode(found);
    if (bytes <= PAGE_REPLY_MAX_BYTES || rows === 1) {
      const more = morePages(found, rows);
      return { rows: found, reply, nextBefore: more ? found[found.length - 1].id : null };
    }
  }
}
