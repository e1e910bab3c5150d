import { eventsStream } from '@promptlib/proto';
import type { JetStreamManager, NatsConnection } from 'nats';
import { Gauge, type Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { Db } from '../database/db';
import { latest, withTimeout } from '../health/scrape-reads';
import { OutboxRepository, type OutboxBacklog } from './outbox.repository';

export type OutboxMetricsOptions = {
  registry: Registry;
  dataSource: DataSource;
  connection: NatsConnection;
  namespace: string;
};

// A scrape must not wait for a Postgres or NATS that is away; the gauges then keep their last reading.
const READ_TIMEOUT_MS = 1_000;

/**
 * The gauges that show events piling up: how full the namespace's stream is, and what waits in this
 * service's outbox (a full stream or an outage leaves events there). Read at scrape time, one
 * stream info and one query per scrape, never more than one of each in flight.
 */
export function registerOutboxMetrics(options: OutboxMetricsOptions): void {
  const { registry, dataSource, connection } = options;
  const streamName = eventsStream(options.namespace).name;
  let manager: Promise<JetStreamManager> | undefined;
  const readFill = latest(async () => {
    // No API check: that is a request of its own, and one that fails while NATS is away.
    manager ??= connection.jetstreamManager({ checkAPI: false, timeout: READ_TIMEOUT_MS });
    const { config, state } = await (await manager).streams.info(streamName);
    return config.max_bytes > 0 ? state.bytes / config.max_bytes : 0;
  });
  const outbox = new OutboxRepository(new Db(dataSource.manager));
  const readBacklog = latest((): Promise<OutboxBacklog> => outbox.backlog());

  new Gauge({
    name: 'events_stream_fill_ratio',
    help: "Bytes in the namespace's events stream over its byte limit; at 1 new events wait in the outboxes",
    registers: [registry],
    async collect() {
      const fill = await withTimeout(readFill(), READ_TIMEOUT_MS).catch(() => undefined);
      if (fill !== undefined) this.set(fill);
    },
  });
  new Gauge({
    name: 'outbox_pending_events',
    help: "Events committed in this service's outbox and not yet published to the stream",
    registers: [registry],
    async collect() {
      const backlog = await withTimeout(readBacklog(), READ_TIMEOUT_MS).catch(() => undefined);
      if (backlog) this.set(backlog.pending);
    },
  });
  new Gauge({
    name: 'outbox_oldest_event_age_seconds',
    help: "Age of the oldest event waiting in this service's outbox; 0 when it is empty",
    registers: [registry],
    async collect() {
      const backlog = await withTimeout(readBacklog(), READ_TIMEOUT_MS).catch(() => undefined);
      if (backlog) this.set(backlog.oldestAgeSeconds);
    },
  });
}
