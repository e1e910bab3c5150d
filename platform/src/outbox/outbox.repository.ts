import { In } from 'typeorm';
import type { Db } from '../database/db';
import type { PreparedStatement } from '../database/prepared-query';
import { OutboxMessage } from './outbox-message.entity';

/** What waits in a service's outbox: how many events, and the age of the oldest. */
export type OutboxBacklog = { pending: number; oldestAgeSeconds: number };

const HAS_PENDING: PreparedStatement = {
  name: 'outbox-has-pending',
  text: 'SELECT EXISTS (SELECT 1 FROM outbox) AS "pending"',
};

/** The relay's and the metrics' reads and writes of a service's outbox table. */
export class OutboxRepository {
  constructor(private readonly db: Db) {}

  /** Whether any event waits, read on a pooled connection without a lock. */
  async hasPending(): Promise<boolean> {
    const [row] = await this.db.prepared<{ pending: boolean }>(HAS_PENDING, []);
    return row?.pending === true;
  }

  /**
   * The oldest events, locked until the transaction ends; rows another relay holds are skipped, so
   * replicas share the work instead of publishing the same rows at once.
   */
  lockOldest(limit: number): Promise<OutboxMessage[]> {
    return this.db
      .repository(OutboxMessage)
      .createQueryBuilder('message')
      .orderBy('message.createdAt', 'ASC')
      .addOrderBy('message.id', 'ASC')
      .limit(limit)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
  }

  async delete(ids: string[]): Promise<void> {
    await this.db.repository(OutboxMessage).delete({ id: In(ids) });
  }

  async backlog(): Promise<OutboxBacklog> {
    const row = await this.db
      .repository(OutboxMessage)
      .createQueryBuilder('message')
      .select('COUNT(*)', 'pending')
      .addSelect('EXTRACT(EPOCH FROM now() - MIN(message.created_at))', 'age')
      .getRawOne<{ pending: string; age: string | null }>();
    return { pending: Number(row?.pending ?? 0), oldestAgeSeconds: Number(row?.age ?? 0) };
  }
}
