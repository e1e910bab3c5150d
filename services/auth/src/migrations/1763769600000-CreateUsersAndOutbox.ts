import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsersAndOutbox1763769600000 implements MigrationInterface {
  name = 'CreateUsersAndOutbox1763769600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auth"."users" (
        "id" serial PRIMARY KEY,
        "username" text NOT NULL,
        "password_hash" text,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "users_username_lower_key" ON "auth"."users" (lower("username"))`,
    );
    await queryRunner.query(`
      CREATE TABLE "auth"."outbox" (
        "id" uuid PRIMARY KEY,
        "subject" text NOT NULL,
        "payload" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "outbox_created_at_idx" ON "auth"."outbox" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth"."outbox"`);
    await queryRunner.query(`DROP TABLE "auth"."users"`);
  }
}
