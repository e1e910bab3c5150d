import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A prompt's history: one immutable row per create and per change of title, content or category,
 * numbered from 1 per prompt. Rows are kept apart from the prompts table, with no key into it, so
 * a deleted prompt waiting for its Undo keeps its history and gets it back; the history goes when
 * the deletion becomes final. A version whose category is deleted keeps its text, without category.
 * Prompts made before history existed start theirs with their text as it is now.
 */
export class CreatePromptVersions1764979200000 implements MigrationInterface {
  name = 'CreatePromptVersions1764979200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "library"."prompt_versions" (
        "user_id" integer NOT NULL,
        "prompt_id" integer NOT NULL,
        "number" integer NOT NULL CHECK ("number" > 0),
        "title" text NOT NULL,
        "content" text NOT NULL,
        "category_id" integer REFERENCES "library"."categories" ("id") ON DELETE SET NULL,
        "source" text NOT NULL CHECK ("source" IN ('app', 'import', 'restore', 'api')),
        "created_at" timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "prompt_id", "number")
      )`);
    // A category's deletion clears its versions' category through this index, not a full scan.
    await queryRunner.query(
      `CREATE INDEX "prompt_versions_category_id_idx" ON "library"."prompt_versions" ("category_id")`,
    );
    for (const table of ['prompts', 'deleted_prompts']) {
      await queryRunner.query(`
        INSERT INTO "library"."prompt_versions"
          ("user_id", "prompt_id", "number", "title", "content", "category_id", "source", "created_at")
        SELECT "user_id", "id", 1, "title", "content", "category_id", 'app', "updated_at"
        FROM "library"."${table}"`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "library"."prompt_versions"`);
  }
}
