import { eventually } from '@promptlib/platform/testing';
import type { FailoverStack } from './failover-stack';
import type { UserRecord } from './steady-load';

export type Consistency = {
  /** Acknowledged prompts checked, and those missing or holding content no write left there. */
  promptsChecked: number;
  lostWrites: string[];
  /** Shared prompts checked, and those whose public text differs from the library's. */
  sharesChecked: number;
  shareMismatches: string[];
  /** Shares whose views were checked, and those counting a visitor twice or missing one. */
  viewsChecked: number;
  viewMismatches: string[];
  /** Users with a tier in billing, and those whose tier in library differs. */
  tiersChecked: number;
  tierMismatches: string[];
};

const SETTLE_MS = 15_000;

/**
 * After the load: every prompt the load was told it created exists with the content last
 * acknowledged (or one a write of unknown outcome may have left), every shared prompt's public
 * text equals the library's, and every user's tier in library equals billing's. Events may still
 * be on their way: the comparisons are retried for a while before a difference counts.
 */
export async function checkConsistency(
  stack: FailoverStack,
  users: UserRecord[],
  redisDown: { from: number; to: number }[] = [],
): Promise<Consistency> {
  const result: Consistency = {
    promptsChecked: 0,
    lostWrites: [],
    sharesChecked: 0,
    shareMismatches: [],
    viewsChecked: 0,
    viewMismatches: [],
    tiersChecked: 0,
    tierMismatches: [],
  };
  for (const user of users) {
    const listed = await fetchJson<{ id: number; content: string }[]>(stack.url, '/api/prompts', user.cookie);
    const library = new Map(listed.map((prompt) => [prompt.id, prompt.content]));
    for (const [id, expected] of user.prompts) {
      result.promptsChecked += 1;
      const content = library.get(id);
      if (content === undefined) result.lostWrites.push(`${user.username}: prompt ${id} is missing`);
      else if (content !== expected.content && !expected.possible.has(content)) {
        result.lostWrites.push(
          `${user.username}: prompt ${id} reads "${content}", not "${expected.content}"`,
        );
      }
    }
    // A view is counted after the read answered: the list is read again until the counts settle.
    const views = await eventually(
      async () => {
        const links = await fetchJson<{ shareId: string; views: number }[]>(
          stack.url,
          '/api/shares',
          user.cookie,
        );
        return viewMismatchesOf(user, new Map(links.map((link) => [link.shareId, link.views])), redisDown);
      },
      ({ mismatches }) => mismatches.length === 0,
      SETTLE_MS,
    );
    result.viewsChecked += views.checked;
    result.viewMismatches.push(...views.mismatches);
    for (const [id, shareId] of user.shares) {
      const content = library.get(id);
      if (content === undefined) continue;
      result.sharesChecked += 1;
      const shared = await eventually(
        () =>
          fetchJson<{ content?: string }>(stack.url, `/api/shared/${shareId}`).catch(() => ({
            content: undefined,
          })),
        (read) => read.content === content,
        SETTLE_MS,
      );
      if (shared.content !== content) {
        result.shareMismatches.push(
          `share ${shareId} of prompt ${id} reads "${shared.content}", the library "${content}"`,
        );
      }
    }
  }
  const tiers = await eventually(
    () => tierMismatchesOf(stack),
    (read) => read.mismatches.length === 0,
    SETTLE_MS,
  );
  result.tiersChecked = tiers.checked;
  result.tierMismatches = tiers.mismatches;
  return result;
}

type TierRow = { user_id: number; is_pro: boolean; is_cancelled: boolean; version: number };

/** Users whose tier in library differs from billing's, of how many billing holds. */
async function tierMismatchesOf(stack: FailoverStack): Promise<{ checked: number; mismatches: string[] }> {
  const billing = await stack.query<TierRow>(
    'SELECT user_id, is_pro, is_cancelled, version FROM billing.user_tiers',
  );
  const library = new Map(
    (await stack.query<TierRow>('SELECT user_id, is_pro, is_cancelled, version FROM library.user_tiers')).map(
      (row) => [row.user_id, row],
    ),
  );
  const mismatches = billing.flatMap((row) => {
    const seen = library.get(row.user_id);
    const same =
      seen &&
      seen.is_pro === row.is_pro &&
      seen.is_cancelled === row.is_cancelled &&
      seen.version === row.version;
    return same
      ? []
      : [`user ${row.user_id}: billing ${describe(row)}, library ${seen ? describe(seen) : 'nothing'}`];
  });
  return { checked: billing.length, mismatches };
}

/**
 * The user's links whose view counts cannot be right: each visitor counts once per link, and a
 * read answered while Redis was away is served from Postgres uncounted, by design, so such a
 * visitor may be missing, never counted twice.
 */
function viewMismatchesOf(
  user: UserRecord,
  views: Map<string, number>,
  redisDown: { from: number; to: number }[],
): { checked: number; mismatches: string[] } {
  let checked = 0;
  const mismatches: string[] = [];
  for (const shareId of user.shares.values()) {
    const visits = user.visits.get(shareId) ?? [];
    if (!views.has(shareId) || visits.length === 0) continue;
    checked += 1;
    const all = new Set(visits.map((visit) => visit.client));
    const surely = new Set(
      visits
        .filter((visit) => !redisDown.some((down) => visit.at >= down.from && visit.at <= down.to))
        .map((visit) => visit.client),
    );
    const counted = views.get(shareId) ?? 0;
    if (counted < surely.size || counted > all.size) {
      mismatches.push(
        `share ${shareId} counts ${counted} views of ${all.size} visitors (${surely.size} while Redis was up)`,
      );
    }
  }
  return { checked, mismatches };
}

function describe(row: { is_pro: boolean; is_cancelled: boolean; version: number }): string {
  return `${row.is_pro ? 'Pro' : 'free'}${row.is_cancelled ? ' (cancelled)' : ''} v${row.version}`;
}

async function fetchJson<T>(baseUrl: string, path: string, cookie?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { Origin: baseUrl, ...(cookie ? { Cookie: cookie } : {}) },
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}
