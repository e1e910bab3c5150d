import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tags: a prompt keeps its own, in the spelling the user first gave each, so they travel with it
 * wherever it goes (to the deleted prompts waiting for an Undo and back, into an export); a table
 * keeps each user's spelling of each tag. A GIN index finds a tag's prompts. The search's lowered text
 * takes the tags in after the content, so a search finds a prompt by its tags too; the function
 * that joins them is declared immutable (array_to_string is not, for arrays of any type, though it
 * is for text) so the stored column can use it.
 */
export class AddPromptTags1765065600000 implements MigrationInterface {
  name = 'AddPromptTags1765065600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['prompts', 'deleted_prompts']) {
      await queryRunner.query(
        `ALTER TABLE "library"."${table}" ADD COLUMN "tags" text[] NOT NULL DEFAULT '{}'`,
      );
    }
    await queryRunner.query(`CREATE INDEX "prompts_tags_idx" ON "library"."prompts" USING gin ("tags")`);
    // Each user's spelling of each tag, by its lower-cased key: the first use makes the row, and
    // every later use of the tag in any case takes this spelling.
    await queryRunner.query(`
      CREATE TABLE "library"."tags" (
        "user_id" integer NOT NULL,
        "key" text NOT NULL,
        "name" text NOT NULL,
        PRIMARY KEY ("user_id", "key")
      )`);
    await queryRunner.query(`
      CREATE FUNCTION "library"."tags_text"(tags text[]) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT CASE WHEN cardinality(tags) = 0 THEN '' ELSE E'\\n' || array_to_string(tags, E'\\n') END $$`);
    await queryRunner.query(`ALTER TABLE "library"."prompts" DROP COLUMN "content_search"`);
    await queryRunner.query(
      `ALTER TABLE "library"."prompts" ADD COLUMN "content_search" text COLLATE "und-x-icu"
       GENERATED ALWAYS AS (lower(("content" || "library"."tags_text"("tags")) COLLATE "und-x-icu")) STORED`,
    );
    await queryRunner.query(
      `CREATE INDEX "prompts_content_search_trgm_idx" ON "library"."prompts"
       USING gin ("content_search" "library"."gin_trgm_ops")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."prompts" DROP COLUMN "content_search"`);
    await queryRunner.query(
      `ALTER TABLE "library"."prompts" ADD COLUMN "content_search" text COLLATE "und-x-icu"
       GENERATED ALWAYS AS (lower("content" COLLATE "und-x-icu")) STORED`,
    );
    await queryRunner.query(
      `CREATE INDEX "prompts_content_search_trgm_idx" ON "library"."prompts"
       USING gin ("content_search" "library"."gin_trgm_ops")`,
    );
    await queryRunner.query(`DROP FUNCTION "library"."tags_text"(text[])`);
    await queryRunner.query(`DROP TABLE "library"."tags"`);
    await queryRunner.query(`DROP INDEX "library"."prompts_tags_idx"`);
    for (const table of ['prompts', 'deleted_prompts']) {
      await queryRunner.query(`ALTER TABLE "library"."${table}" DROP COLUMN "tags"`);
    }
  }
}
