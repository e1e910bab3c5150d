import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A revoke is done only once the link's cached read is gone. The revoked link is marked until its
 * cache is cleared, so a clear that failed (Redis away for a moment) is made again: by the revoke
 * asked again, and by the sweep that clears what is still marked.
 */
export class TrackRevokedCacheClears1764892800000 implements MigrationInterface {
  name = 'TrackRevokedCacheClears1764892800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "sharing"."share_links" ADD COLUMN "cache_clear_pending" boolean NOT NULL DEFAULT false`,
    );
    await queryRunner.query(
      `CREATE INDEX "share_links_cache_clear_pending_idx" ON "sharing"."share_links" ("revoked_at")
       WHERE "cache_clear_pending"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "sharing"."share_links_cache_clear_pending_idx"`);
    await queryRunner.query(`ALTER TABLE "sharing"."share_links" DROP COLUMN "cache_clear_pending"`);
  }
}
