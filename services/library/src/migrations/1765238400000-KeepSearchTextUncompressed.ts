import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A search rechecks each prompt its trigram indexes propose against the stored lower-cased text.
 * Postgres compressed that text (pglz) as soon as a row passed 2 kB, so each recheck first
 * decompressed it: about 5 µs of a prompt of 2.7 kB, two thirds of finding a search's matches. Rows
 * now stay uncompressed up to a page's worth (8,160 bytes, the largest target Postgres allows), and
 * in a larger row the content is compressed or moved out of line before the search text is (MAIN).
 * Rows take about twice the space: 219 MB instead of 113 MB for 50,000 prompts of 500 to 5,000
 * characters.
 *
 * The settings only apply to rows written from now on, so every prompt is written again once,
 * which recomputes its search text; its content keeps the form it has.
 */
export class KeepSearchTextUncompressed1765238400000 implements MigrationInterface {
  name = 'KeepSearchTextUncompressed1765238400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."prompts" SET (toast_tuple_target = 8160)`);
    await queryRunner.query(`ALTER TABLE "library"."prompts" ALTER COLUMN "content_search" SET STORAGE MAIN`);
    await queryRunner.query(`UPDATE "library"."prompts" SET "content" = "content"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "library"."prompts" ALTER COLUMN "content_search" SET STORAGE EXTENDED`,
    );
    await queryRunner.query(`ALTER TABLE "library"."prompts" RESET (toast_tuple_target)`);
    await queryRunner.query(`UPDATE "library"."prompts" SET "content" = "content"`);
  }
}
