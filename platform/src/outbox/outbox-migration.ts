import type { QueryRunner } from 'typeorm';

/**
 * The outbox table OutboxMessage maps, for a new service's first migration: one definition here
 * instead of a copy of its DDL in every service. (The migrations of auth and library that landed
 * before this helper keep their own copy: a landed migration is never edited.)
 */
export async function createOutboxTable(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`
    CREATE TABLE "${schema}"."outbox" (
      "id" uuid PRIMARY KEY,
      "subject" text NOT NULL,
      "payload" jsonb NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
  await queryRunner.query(`CREATE INDEX "outbox_created_at_idx" ON "${schema}"."outbox" ("created_at")`);
}

export async function dropOutboxTable(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`DROP TABLE "${schema}"."outbox"`);
}
