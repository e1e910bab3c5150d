/** Redis keys of view counting (under the namespace's prefix, which the client adds). */
export const viewKeys = {
  /** Set for 30 minutes once a client's view of a link has counted. */
  seen: (shareId: string, client: string) => `share-seen:${shareId}:${client}`,
  /** Views not yet added to Postgres: a hash of share id → count. */
  pending: 'share-views:pending',
  /** A batch taken from `pending` for one flush. */
  batch: (batchId: string) => `share-views:batch:${batchId}`,
  /** The ids of batches taken and not yet known to be in Postgres. */
  batches: 'share-views:batches',
  /** How many new visitors' views were counted in this minute (see SHARE_VIEW_VISITORS_PER_MINUTE). */
  visitorsInMinute: (minute: number) => `share-seen-budget:${minute}`,
};

/** The minute a view falls in, for its visitor budget. */
export const currentMinute = () => Math.floor(Date.now() / 60_000);

/**
 * The Lua that counts a view unless this client's view of the link already counted within the
 * window, or this minute's visitors are over the ceiling. KEYS[seen], KEYS[pending], KEYS[budget]
 * and ARGV[window seconds], ARGV[share id], ARGV[ceiling] are named by position by its callers.
 */
export function countViewLua(seen: number, pending: number, budget: number, args: number): string {
  return `
    if redis.call('EXISTS', KEYS[${seen}]) == 0 then
      local visitors = redis.call('INCR', KEYS[${budget}])
      if visitors == 1 then redis.call('EXPIRE', KEYS[${budget}], 120) end
      if visitors <= tonumber(ARGV[${args + 2}]) then
        redis.call('SET', KEYS[${seen}], '1', 'EX', ARGV[${args}])
        redis.call('HINCRBY', KEYS[${pending}], ARGV[${args + 1}], 1)
      end
    end`;
}

/** One view per client per link in this window. */
export const VIEW_WINDOW_SECONDS = 30 * 60;

/** Counts a view (see countViewLua). KEYS: seen, pending, budget. ARGV: window seconds, share id, ceiling. */
export const COUNT_VIEW = `${countViewLua(1, 2, 3, 1)}
  return 0`;
