import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each prompt was last copied, for the "last used" sort: never-used prompts come after every
 * used one (-infinity in the index), ties newest first. Stored to the millisecond, the precision a
 * page's cursor carries, so a cursor names its card's key exactly. A nullable column without a
 * default is added without rewriting the table.
 */
export class AddPromptLastUsed1764806400000 implements MigrationInterface {
  name = 'AddPromptLastUsed1764806400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."prompts" ADD COLUMN "last_used_at" timestamptz(3)`);
    await queryRunner.query(
      `CREATE INDEX "prompts_user_last_used_idx" ON "library"."prompts"
       ("user_id", COALESCE("last_used_at", '-infinity'::timestamptz) DESC, "id" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "library"."prompts_user_last_used_idx"`);
    await queryRunner.query(`ALTER TABLE "library"."prompts" DROP COLUMN "last_used_at"`);
  }
}
