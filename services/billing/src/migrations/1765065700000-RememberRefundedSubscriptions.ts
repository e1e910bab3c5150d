import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A second subscription paid all the same is cancelled and refunded, and its checkout says so. Its
 * webhooks may come before its checkout's completion names it: the subscription remembers the
 * refund, and the checkout takes it over when it is completed.
 */
export class RememberRefundedSubscriptions1765065700000 implements MigrationInterface {
  name = 'RememberRefundedSubscriptions1765065700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "billing"."subscriptions" ADD COLUMN "refunded_at" timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "billing"."subscriptions" DROP COLUMN "refunded_at"`);
  }
}
