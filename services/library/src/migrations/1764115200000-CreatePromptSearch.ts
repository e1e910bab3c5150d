import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the dashboard's paged list needs to stay fast at 50,000 prompts a user: trigram indexes for
 * the case-insensitive substring search of title and content, the collation the name sort orders
 * by, and an index for each sort, so a page is read from an index instead of sorting the library.
 */
export class CreatePromptSearch1764115200000 implements MigrationInterface {
  name = 'CreatePromptSearch1764115200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // In the library's own schema: pg_trgm is a trusted extension, so the schema's owner may add it.
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS "pg_trgm" WITH SCHEMA "library"`);
    await queryRunner.query(
      `CREATE INDEX "prompts_title_trgm_idx" ON "library"."prompts"
       USING gin (lower("title" COLLATE "und-x-icu") "library"."gin_trgm_ops")`,
    );
    await queryRunner.query(
      `CREATE INDEX "prompts_content_trgm_idx" ON "library"."prompts"
       USING gin (lower("content" COLLATE "und-x-icu") "library"."gin_trgm_ops")`,
    );
    // ICU's root order at base strength (case and accents aside), numbers by value.
    await queryRunner.query(
      `CREATE COLLATION "library"."title_order"
       (provider = icu, locale = 'und-u-kn-true-ks-level1', deterministic = false)`,
    );
    await queryRunner.query(
      `CREATE INDEX "prompts_user_title_idx" ON "library"."prompts"
       ("user_id", "title" COLLATE "library"."title_order", "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "prompts_user_usage_idx" ON "library"."prompts" ("user_id", "usage_count" DESC, "id" DESC)`,
    );
    // The sidebar's counts read this index alone, never the prompts' text.
    await queryRunner.query(
      `CREATE INDEX "prompts_user_category_favorite_idx" ON "library"."prompts" ("user_id", "category_id", "is_favorite")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "library"."prompts_user_category_favorite_idx"`);
    await queryRunner.query(`DROP INDEX "library"."prompts_user_usage_idx"`);
    await queryRunner.query(`DROP INDEX "library"."prompts_user_title_idx"`);
    await queryRunner.query(`DROP COLLATION "library"."title_order"`);
    await queryRunner.query(`DROP INDEX "library"."prompts_content_trgm_idx"`);
    await queryRunner.query(`DROP INDEX "library"."prompts_title_trgm_idx"`);
    await queryRunner.query(`DROP EXTENSION "pg_trgm"`);
  }
}
