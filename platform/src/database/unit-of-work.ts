import type { FactoryProvider } from '@nestjs/common';
import type { EventData, EventEnvelope, EventSubject } from '@promptlib/proto';
import type { DataSource } from 'typeorm';
import { OutboxRelay } from '../outbox/outbox-relay';
import { writeOutboxMany } from '../outbox/write-outbox';
import { DATA_SOURCE } from '../tokens';
import { Db } from './db';

/** Events recorded in a transaction; they are published only if it commits. */
export type Outbox = {
  add<S extends EventSubject>(subject: S, data: EventData[S]): Promise<EventEnvelope<S>>;
  /** One event per item, all of one subject, written in one statement (an import page). */
  addMany<S extends EventSubject>(subject: S, items: EventData[S][]): Promise<EventEnvelope<S>[]>;
};

/** What a transaction's work is handed: the service's repositories bound to it, and its outbox. */
export type Transaction<Repositories> = Repositories & { outbox: Outbox };

/**
 * A service's data access. `transaction` runs work in one database transaction with the
 * repositories bound to it and relays the events it recorded as soon as it has committed; `direct`
 * is the same repositories outside any transaction, each statement on a pooled connection (reads,
 * and changes made in one statement such as a counter).
 */
export type UnitOfWork<Repositories> = {
  readonly direct: Repositories;
  transaction<T>(work: (tx: Transaction<Repositories>) => Promise<T>): Promise<T>;
};

/** The relay that publishes committed outbox rows; woken after each commit that wrote some. */
export type OutboxWaker = { notify(): void };

/** Builds a service's repositories on one database handle. */
export type RepositoryFactory<Repositories> = (db: Db) => Repositories;

/** The unit of work over Postgres: what every service's production code uses. */
export class PostgresUnitOfWork<Repositories> implements UnitOfWork<Repositories> {
  readonly direct: Repositories;

  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: OutboxWaker,
    private readonly repositories: RepositoryFactory<Repositories>,
  ) {
    this.direct = repositories(new Db(dataSource.manager));
  }

  async transaction<T>(work: (tx: Transaction<Repositories>) => Promise<T>): Promise<T> {
    let wroteEvents = false;
    const result = await this.dataSource.transaction(async (manager) => {
      const outbox: Outbox = {
        add: async (subject, data) => (await outbox.addMany(subject, [data]))[0],
        addMany: async (subject, items) => {
          const envelopes = await writeOutboxMany(manager, subject, items);
          wroteEvents ||= envelopes.length > 0;
          return envelopes;
        },
      };
      return work({ ...this.repositories(new Db(manager)), outbox });
    });
    // Publishing now rather than at the relay's next poll: the events are committed, and other
    // services (and the user's other tabs) should learn of the change at once.
    if (wroteEvents) this.relay.notify();
    return result;
  }
}

/**
 * The Nest provider of a service's unit of work under `token`; the service's rules inject it
 * with `@Inject(token) uow: UnitOfWork<TheirRepositories>`, and their unit specs pass the
 * in-memory one from `@promptlib/platform/testing` instead.
 */
export function unitOfWorkProvider<Repositories>(
  token: symbol,
  repositories: RepositoryFactory<Repositories>,
): FactoryProvider<UnitOfWork<Repositories>> {
  return {
    provide: token,
    inject: [DATA_SOURCE, OutboxRelay],
    useFactory: (dataSource: DataSource, relay: OutboxRelay) =>
      new PostgresUnitOfWork(dataSource, relay, repositories),
  };
}

/**
 * A repository's public methods: what rules may call, and what its in-memory fake implements
 * (a class type with private members would admit no other implementation).
 */
export type RepositoryContract<Repository> = Pick<Repository, keyof Repository>;
