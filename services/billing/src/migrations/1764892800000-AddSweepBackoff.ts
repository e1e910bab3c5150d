import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A subscription the sweep could not re-read (Stripe away, or no longer knowing it) waits before
 * the next try, longer after each failure: such rows never fill a pass and hide every other due user.
 */
export class AddSweepBackoff1764892800000 implements MigrationInterface {
  name = 'AddSweepBackoff1764892800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "billing"."subscriptions"
         ADD COLUMN "sweep_failures" integer NOT NULL DEFAULT 0,
         ADD COLUMN "sweep_retry_at" timestamptz`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "billing"."subscriptions" DROP COLUMN "sweep_failures", DROP COLUMN "sweep_retry_at"`,
    );
  }
}
