import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddGoogleIdentity1764288000000 implements MigrationInterface {
  name = 'AddGoogleIdentity1764288000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The Google account (the ID token's subject) a user signs in with, and their photo.
    await queryRunner.query(`ALTER TABLE "auth"."users" ADD COLUMN "google_subject" text`);
    await queryRunner.query(`ALTER TABLE "auth"."users" ADD COLUMN "photo_url" text`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "users_google_subject_key" ON "auth"."users" ("google_subject")
       WHERE "google_subject" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "auth"."users_google_subject_key"`);
    await queryRunner.query(`ALTER TABLE "auth"."users" DROP COLUMN "photo_url"`);
    await queryRunner.query(`ALTER TABLE "auth"."users" DROP COLUMN "google_subject"`);
  }
}
