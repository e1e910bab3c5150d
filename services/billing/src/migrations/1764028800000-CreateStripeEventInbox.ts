import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateStripeEventInbox1764028800000 implements MigrationInterface {
  name = 'CreateStripeEventInbox1764028800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Every verified Stripe event, once (Stripe's id is the key), until applied and after.
    await queryRunner.query(`
      CREATE TABLE "billing"."stripe_events" (
        "id" text PRIMARY KEY,
        "type" text NOT NULL,
        "payload" jsonb NOT NULL,
        "received_at" timestamptz NOT NULL DEFAULT now(),
        "processed_at" timestamptz,
        "outcome" text,
        "attempts" integer NOT NULL DEFAULT 0,
        "last_error" text
      )`);
    await queryRunner.query(
      `CREATE INDEX "stripe_events_unprocessed_idx" ON "billing"."stripe_events" ("received_at")
       WHERE "processed_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "billing"."stripe_events"`);
  }
}
