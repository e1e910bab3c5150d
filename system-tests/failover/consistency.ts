import { setTimeout as sleep } from 'node:timers/promises';
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
    // Views: each visitor once per link. A read answered while Redis was away is served from
    // Postgres uncounted, by design: such a visitor may be missing, never counted twice.
    // A view is counted after the read answered: the list is read again until the counts settle.
    const viewsDeadline = Date.now() + SETTLE_MS;
    for (;;) {
      const links = await fetchJson<{ shareId: string; views: number }[]>(
        stack.url,
        '/api/shares',
        user.cookie,
      );
      const views = new Map(links.map((link) => [link.shareId, link.views]));
      const checked: string[] = [];
      const mismatches: string[] = [];
      for (const shareId of user.shares.values()) {
        const visits = user.visits.get(shareId) ?? [];
        if (!views.has(shareId) || visits.length === 0) continue;
        checked.push(shareId);
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
      if (mismatches.length === 0 || Date.now() > viewsDeadline) {
        result.viewsChecked += checked.length;
        result.viewMismatches.push(...mismatches);
        break;
      }
      await sleep(250);
    }
    for (const [id, shareId] of user.shares) {
      const content = library.get(id);
      if (content === undefined) continue;
      result.sharesChecked += 1;
      const deadline = Date.now() + SETTLE_MS;
      for (;;) {
        const shared = await fetchJson<{ content?: string }>(stack.url, `/api/shared/${shareId}`).catch(
          () => ({ content: undefined }),
        );
        if (shared.content === content) break;
        if (Date.now() > deadline) {
          result.shareMismatches.push(
            `share ${shareId} of prompt ${id} reads "${shared.content}", the library "${content}"`,
          );
          break;
        }
        await sleep(250);
      }
    }
  }
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const billing = await stack.query<{
      user_id: number;
      is_pro: boolean;
      is_cancelled: boolean;
      version: number;
    }>('SELECT user_id, is_pro, is_cancelled, version FROM billing.user_tiers');
    const library = new Map(
      (
        await stack.query<{ user_id: number; is_pro: boolean; is_cancelled: boolean; version: number }>(
          'SELECT user_id, is_pro, is_cancelled, version FROM library.user_tiers',
        )
      ).map((row) => [row.user_id, row]),
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
    result.tiersChecked = billing.length;
    if (mismatches.length === 0 || Date.now() > deadline) {
      result.tierMismatches = mismatches;
      return result;
    }
    await sleep(250);
  }
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
