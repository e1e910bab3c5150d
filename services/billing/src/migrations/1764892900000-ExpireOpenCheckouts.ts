import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A user has one checkout open at most: starting one, or paying one, ends the others at Stripe, so
 * monthly in one tab and annual in another cannot both be paid. An ended checkout is no longer read.
 * A checkout paid all the same (both paid before either was seen) is refunded, and says so.
 */
export class ExpireOpenCheckouts1764892900000 implements MigrationInterface {
  name = 'ExpireOpenCheckouts1764892900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "billing"."checkout_sessions" ADD COLUMN "expired_at" timestamptz, ADD COLUMN "refunded_at" timestamptz`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "billing"."checkout_sessions" DROP COLUMN "expired_at", DROP COLUMN "refunded_at"`,
    );
  }
}
