import type { QueryResultRow } from 'pg';
import type { EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import { queryPrepared, type PreparedStatement } from './prepared-query';

/**
 * A repository's one handle on the database: the connection of a unit of work's transaction, or
 * the pool when no transaction is open. Repositories take it in their constructor, so no method
 * takes a manager and no caller can hand one the wrong connection.
 */
export class Db {
  constructor(private readonly manager: EntityManager) {}

  /** True inside a unit of work's transaction: locks taken now hold until it commits. */
  get inTransaction(): boolean {
    return this.manager.queryRunner?.isTransactionActive === true;
  }

  /** TypeORM's repository of an entity, on this handle's connection. */
  repository<Entity extends ObjectLiteral>(entity: EntityTarget<Entity>): Repository<Entity> {
    return this.manager.getRepository(entity);
  }

  /** True once Postgres answers a statement: the readiness check. */
  async isReachable(): Promise<boolean> {
    await this.manager.query('SELECT 1');
    return true;
  }

  /** The rows a SELECT or an INSERT … RETURNING answers. */
  query<Row>(sql: string, values: unknown[] = []): Promise<Row[]> {
    return this.manager.query<Row[]>(sql, values);
  }

  /**
   * The rows an UPDATE or DELETE … RETURNING answers: TypeORM answers those two as [rows, count]
   * where every other statement answers the rows alone.
   */
  async changed<Row>(sql: string, values: unknown[] = []): Promise<Row[]> {
    const [rows] = await this.manager.query<[Row[], number]>(sql, values);
    return rows;
  }

  /**
   * A statement of the hot path, prepared once per pooled connection (see queryPrepared). Inside a
   * transaction it runs unprepared on the transaction's connection, since its locks and its view
   * of uncommitted rows belong to that connection alone.
   */
  prepared<Row extends QueryResultRow>(statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
    if (this.manager.queryRunner) return this.manager.query<Row[]>(statement.text, values);
    return queryPrepared<Row>(this.manager.connection, statement, values);
  }
}

// Postgres's SQLSTATE for a row that a unique index already holds.
const UNIQUE_VIOLATION = '23505';

/**
 * True for the error of a write refused by a unique index. Postgres aborts the transaction with
 * it, so it is handled once the unit of work has rolled back, never inside it.
 */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;
}

/**
 * The error an in-memory repository throws where Postgres would refuse a duplicate: its code,
 * and the index it ran into under `constraint`, as pg reports them.
 */
export function uniqueViolation(constraint: string): Error {
  return Object.assign(new Error(`duplicate key value violates unique constraint "${constraint}"`), {
    code: UNIQUE_VIOLATION,
    constraint,
  });
}
