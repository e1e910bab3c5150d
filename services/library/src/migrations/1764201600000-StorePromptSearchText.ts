import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A search rechecks every prompt its trigram index proposes. Lower-casing a prompt's content with
 * ICU for each recheck cost about 40 µs a prompt of 2.7 kB, most of a search's time at 50,000
 * prompts; the content lower-cased once, when it is written, is read instead. The column keeps the
 * collation the search's pattern is lowered with, so its index serves the search's LIKE.
 */
export class StorePromptSearchText1764201600000 implements MigrationInterface {
  name = 'StorePromptSearchText1764201600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "library"."prompts" ADD COLUMN "content_search" text COLLATE "und-x-icu"
       GENERATED ALWAYS AS (lower("content" COLLATE "und-x-icu")) STORED`,
    );
    await queryRunner.query(`DROP INDEX "library"."prompts_content_trgm_idx"`);
    await queryRunner.query(
      `CREATE INDEX "prompts_content_search_trgm_idx" ON "library"."prompts"
       USING gin ("content_search" "library"."gin_trgm_ops")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "library"."prompts_content_search_trgm_idx"`);
    await queryRunner.query(
      `CREATE INDEX "prompts_content_trgm_idx" ON "library"."prompts"
       USING gin (lower("content" COLLATE "und-x-icu") "library"."gin_trgm_ops")`,
    );
    await queryRunner.query(`ALTER TABLE "library"."prompts" DROP COLUMN "content_search"`);
  }
}
