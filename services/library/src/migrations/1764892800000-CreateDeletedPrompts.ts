import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deleted prompts wait here, whole, until their restore window ends (the Undo of a deletion): out
 * of the prompts table, so no list, count, search or limit has to tell them apart, and back with the
 * same id, so a share link, a use count and a last use survive an undone deletion. A category's
 * deletion takes its waiting prompts with it.
 */
export class CreateDeletedPrompts1764892800000 implements MigrationInterface {
  name = 'CreateDeletedPrompts1764892800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "library"."deleted_prompts" (
        "id" integer PRIMARY KEY,
        "user_id" integer NOT NULL,
        "title" text NOT NULL,
        "content" text NOT NULL,
        "category_id" integer REFERENCES "library"."categories" ("id") ON DELETE CASCADE,
        "is_favorite" smallint NOT NULL,
        "usage_count" integer NOT NULL,
        "last_used_at" timestamptz(3),
        "version" integer NOT NULL,
        "created_at" timestamptz NOT NULL,
        "updated_at" timestamptz NOT NULL,
        "deleted_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // The purge reads the oldest first; a category's deletion finds its waiting prompts.
    await queryRunner.query(
      `CREATE INDEX "deleted_prompts_deleted_at_idx" ON "library"."deleted_prompts" ("deleted_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "deleted_prompts_category_id_idx" ON "library"."deleted_prompts" ("category_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "library"."deleted_prompts"`);
  }
}
