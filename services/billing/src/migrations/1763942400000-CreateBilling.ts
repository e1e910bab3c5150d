import { createOutboxTable, dropOutboxTable } from '@promptlib/platform/service';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBilling1763942400000 implements MigrationInterface {
  name = 'CreateBilling1763942400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One Stripe customer per user.
    await queryRunner.query(`
      CREATE TABLE "billing"."customers" (
        "user_id" integer PRIMARY KEY,
        "stripe_customer_id" text NOT NULL UNIQUE,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // The checkouts billing started, so a user can only ever ask about their own.
    await queryRunner.query(`
      CREATE TABLE "billing"."checkout_sessions" (
        "id" text PRIMARY KEY,
        "user_id" integer NOT NULL,
        "price_id" text NOT NULL,
        "subscription_id" text,
        "completed_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "checkout_sessions_user_idx" ON "billing"."checkout_sessions" ("user_id")`,
    );
    // Subscriptions as Stripe last described them; "version" counts the changes billing saw.
    await queryRunner.query(`
      CREATE TABLE "billing"."subscriptions" (
        "id" text PRIMARY KEY,
        "user_id" integer NOT NULL,
        "customer_id" text NOT NULL,
        "price_id" text NOT NULL,
        "status" text NOT NULL,
        "current_period_end" timestamptz NOT NULL,
        "ends_at" timestamptz,
        "ended_at" timestamptz,
        "version" integer NOT NULL DEFAULT 1,
        "synced_at" timestamptz NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "subscriptions_user_idx" ON "billing"."subscriptions" ("user_id")`);
    await queryRunner.query(
      `CREATE INDEX "subscriptions_synced_idx" ON "billing"."subscriptions" ("synced_at")
       WHERE "status" NOT IN ('canceled', 'incomplete_expired')`,
    );
    // The tier last announced to the other services, one row per user: its version only grows,
    // and locking the row serialises everything billing does for that user.
    await queryRunner.query(`
      CREATE TABLE "billing"."user_tiers" (
        "user_id" integer PRIMARY KEY,
        "is_pro" boolean NOT NULL DEFAULT false,
        "is_cancelled" boolean NOT NULL DEFAULT false,
        "ends_at" timestamptz,
        "version" integer NOT NULL DEFAULT 0 CHECK ("version" >= 0),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "user_tiers_ending_idx" ON "billing"."user_tiers" ("ends_at") WHERE "is_pro"`,
    );
    await createOutboxTable(queryRunner, 'billing');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropOutboxTable(queryRunner, 'billing');
    await queryRunner.query(`DROP TABLE "billing"."user_tiers"`);
    await queryRunner.query(`DROP TABLE "billing"."subscriptions"`);
    await queryRunner.query(`DROP TABLE "billing"."checkout_sessions"`);
    await queryRunner.query(`DROP TABLE "billing"."customers"`);
  }
}
