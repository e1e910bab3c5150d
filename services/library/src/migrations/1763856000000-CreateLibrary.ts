import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateLibrary1763856000000 implements MigrationInterface {
  name = 'CreateLibrary1763856000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One row per user: the tier projection, and the row that serialises a user's creations.
    await queryRunner.query(`
      CREATE TABLE "library"."user_tiers" (
        "user_id" integer PRIMARY KEY,
        "is_pro" boolean NOT NULL DEFAULT false,
        "is_cancelled" boolean NOT NULL DEFAULT false,
        "ends_at" timestamptz,
        "version" integer NOT NULL DEFAULT 0,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "library"."categories" (
        "id" serial PRIMARY KEY,
        "user_id" integer NOT NULL,
        "name" text NOT NULL,
        "position" integer NOT NULL DEFAULT 0,
        "is_default" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "categories_user_name_key" ON "library"."categories" ("user_id", lower("name"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "categories_one_default_per_user" ON "library"."categories" ("user_id") WHERE "is_default"`,
    );
    await queryRunner.query(`
      CREATE TABLE "library"."prompts" (
        "id" serial PRIMARY KEY,
        "user_id" integer NOT NULL,
        "title" text NOT NULL,
        "content" text NOT NULL,
        "category_id" integer REFERENCES "library"."categories" ("id") ON DELETE CASCADE,
        "is_favorite" smallint NOT NULL DEFAULT 0 CHECK ("is_favorite" IN (0, 1)),
        "usage_count" integer NOT NULL DEFAULT 0,
        "version" integer NOT NULL DEFAULT 1,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // The list is read per user, newest first, a page at a time.
    await queryRunner.query(
      `CREATE INDEX "prompts_user_id_id_idx" ON "library"."prompts" ("user_id", "id" DESC)`,
    );
    await queryRunner.query(`CREATE INDEX "prompts_category_id_idx" ON "library"."prompts" ("category_id")`);
    await queryRunner.query(`
      CREATE TABLE "library"."outbox" (
        "id" uuid PRIMARY KEY,
        "subject" text NOT NULL,
        "payload" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "outbox_created_at_idx" ON "library"."outbox" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "library"."outbox"`);
    await queryRunner.query(`DROP TABLE "library"."prompts"`);
    await queryRunner.query(`DROP TABLE "library"."categories"`);
    await queryRunner.query(`DROP TABLE "library"."user_tiers"`);
  }
}
