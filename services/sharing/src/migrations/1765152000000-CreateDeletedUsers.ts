import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The users whose accounts were deleted, by id and time alone: an event about one of them that
 * arrives after the deletion (an edit the library published as it was being deleted) must not bring
 * anything of theirs back. Kept for longer than the events stream keeps an event, then forgotten.
 */
export class CreateDeletedUsers1765152000000 implements MigrationInterface {
  name = 'CreateDeletedUsers1765152000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "sharing"."deleted_users" (
        "user_id" integer PRIMARY KEY,
        "deleted_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sharing"."deleted_users"`);
  }
}
