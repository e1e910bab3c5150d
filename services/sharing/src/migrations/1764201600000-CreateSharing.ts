import { createOutboxTable, dropOutboxTable } from '@promptlib/platform/service';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSharing1764201600000 implements MigrationInterface {
  name = 'CreateSharing1764201600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Every link ever made; a revoked one stays, so its id is never handed out again.
    await queryRunner.query(`
      CREATE TABLE "sharing"."share_links" (
        "id" text PRIMARY KEY,
        "prompt_id" integer NOT NULL,
        "owner_id" integer NOT NULL,
        "views" bigint NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "revoked_at" timestamptz
      )`);
    // At most one live link per prompt: sharing again answers the same link.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "share_links_live_prompt_idx" ON "sharing"."share_links" ("prompt_id")
       WHERE "revoked_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "share_links_live_owner_idx" ON "sharing"."share_links" ("owner_id")
       WHERE "revoked_at" IS NULL`,
    );
    // The title and content of shared prompts as the library last announced them. A deleted
    // prompt stays as a tombstone ("deleted"), so no late event can bring its text back.
    await queryRunner.query(`
      CREATE TABLE "sharing"."prompt_texts" (
        "prompt_id" integer PRIMARY KEY,
        "owner_id" integer NOT NULL,
        "title" text NOT NULL,
        "content" text NOT NULL,
        "version" integer NOT NULL,
        "deleted" boolean NOT NULL DEFAULT false,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // The view batches already added to share_links, so a batch retried after a crash counts once.
    await queryRunner.query(`
      CREATE TABLE "sharing"."view_batches" (
        "id" uuid PRIMARY KEY,
        "flushed_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await createOutboxTable(queryRunner, 'sharing');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropOutboxTable(queryRunner, 'sharing');
    await queryRunner.query(`DROP TABLE "sharing"."view_batches"`);
    await queryRunner.query(`DROP TABLE "sharing"."prompt_texts"`);
    await queryRunner.query(`DROP TABLE "sharing"."share_links"`);
  }
}
