import { eventEnvelopes, type Outbox, type Transaction, type UnitOfWork } from '@promptlib/platform/service';
import type { EventEnvelope, EventSubject } from '@promptlib/proto';

/**
 * The unit of work of a service's unit specs: its repositories are in-memory fakes over `tables`,
 * a plain object of the fakes' rows. It keeps the contract the rules rely on:
 * - a transaction that throws leaves the tables as they were and its events unwritten;
 * - transactions run one at a time, as the row locks of the real one make creations by one user;
 * - events are the envelopes the real outbox writes (size limit included), kept in `events` once
 *   their transaction has committed.
 * `direct` reads the tables as they are, as a statement outside a transaction would.
 */
export class InMemoryUnitOfWork<Repositories, Tables extends object> implements UnitOfWork<Repositories> {
  readonly direct: Repositories;
  /** The events of committed transactions, in the order they were written. */
  readonly events: EventEnvelope<EventSubject>[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly tables: Tables,
    private readonly repositories: (tables: Tables) => Repositories,
  ) {
    this.direct = repositories(tables);
  }

  transaction<T>(work: (tx: Transaction<Repositories>) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      const before = structuredClone(this.tables);
      const written: EventEnvelope<EventSubject>[] = [];
      const outbox: Outbox = {
        add: async (subject, data) => (await outbox.addMany(subject, [data]))[0],
        addMany: async (subject, items) => {
          const envelopes = eventEnvelopes(subject, items);
          written.push(...envelopes);
          return envelopes;
        },
      };
      try {
        const result = await work({ ...this.repositories(this.tables), outbox });
        this.events.push(...written);
        return result;
      } catch (error) {
        Object.assign(this.tables, before);
        throw error;
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** The committed events of one subject, their data only: what a spec usually asserts. */
  eventsOf<S extends EventSubject>(subject: S): EventEnvelope<S>['data'][] {
    return this.events
      .filter((event): event is EventEnvelope<S> => event.type === subject)
      .map((event) => event.data);
  }
}
