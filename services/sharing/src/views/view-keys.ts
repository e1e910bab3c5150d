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
};

/** One view per client per link in this window. */
export const VIEW_WINDOW_SECONDS = 30 * 60;

/**
 * Counts a view unless this client's view of the link already counted within the window.
 * KEYS: seen, pending. ARGV: window seconds, share id.
 */
export const COUNT_VIEW = `
  if redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then
    redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
  end
  return 0`;
