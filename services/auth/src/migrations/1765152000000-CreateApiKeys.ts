import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Personal API keys: only each key's SHA-256 is kept (a key is 256 random bits, so a fast hash
 * cannot be reversed by guessing), with the start of it to tell keys apart in a list.
 */
export class CreateApiKeys1765152000000 implements MigrationInterface {
  name = 'CreateApiKeys1765152000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "auth"."api_keys" (
         "id" bigserial PRIMARY KEY,
         "user_id" integer NOT NULL REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
         "name" text NOT NULL,
         "scope" text NOT NULL CHECK ("scope" IN ('read', 'write')),
         "start" text NOT NULL,
         "hash" text NOT NULL,
         "created_at" timestamptz NOT NULL DEFAULT now(),
         "expires_at" timestamptz,
         "last_used_at" timestamptz
       )`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "api_keys_hash_key" ON "auth"."api_keys" ("hash")`);
    await queryRunner.query(`CREATE INDEX "api_keys_user_id" ON "auth"."api_keys" ("user_id", "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth"."api_keys"`);
  }
}
