import type { QueryRunner } from 'typeorm';

/**
 * The outbox table OutboxMessage maps, for a new service's first migration (followed by
 * addOutboxTraceContext, the column that came later): one definition here instead of a copy of its
 * DDL in every service. (The migrations of auth and library that landed before this helper keep
 * their own copy: a landed migration is never edited, nor what it calls.)
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

/**
 * The trace context (a W3C `traceparent`) of the change that wrote an event, which the relay
 * publishes with it, so the services that consume the event continue that trace.
 */
export async function addOutboxTraceContext(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`ALTER TABLE "${schema}"."outbox" ADD COLUMN "trace_context" text`);
}

export async function dropOutboxTraceContext(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`ALTER TABLE "${schema}"."outbox" DROP COLUMN "trace_context"`);
}
