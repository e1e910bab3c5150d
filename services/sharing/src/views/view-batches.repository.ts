import type { Db } from '@promptlib/platform/service';

const VIEW_BATCHES = '"sharing"."view_batches"';

/** The view batches already added to share_links, so a batch retried after a crash counts once. */
export class ViewBatchesRepository {
  constructor(private readonly db: Db) {}

  /** Records the batch as added; false when it already was. */
  async record(batchId: string): Promise<boolean> {
    const rows = await this.db.query<unknown>(
      `INSERT INTO ${VIEW_BATCHES} ("id") VALUES ($1) ON CONFLICT DO NOTHING RETURNING "id"`,
      [batchId],
    );
    return rows.length > 0;
  }

  /** Forgets the batches added more than a day ago: long past any retry of theirs. */
  async prune(): Promise<void> {
    await this.db.query(`DELETE FROM ${VIEW_BATCHES} WHERE "flushed_at" < now() - interval '1 day'`);
  }
}
