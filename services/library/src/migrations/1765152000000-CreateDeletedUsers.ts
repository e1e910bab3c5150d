import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The users whose accounts were deleted, by id and time alone: an event about one of them that
 * arrives after the deletion (billing's tier change, a registration redelivered) must not bring
 * anything of theirs back. Kept for longer than the events stream keeps an event, then forgotten.
 */
export class CreateDeletedUsers1765152000000 implements MigrationInterface {
  name = 'CreateDeletedUsers1765152000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "library"."deleted_users" (
        "user_id" integer PRIMARY KEY,
        "deleted_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "library"."deleted_users"`);
  }
}
