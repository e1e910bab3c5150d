import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { ServiceName } from '@promptlib/proto';
import type Redis from 'ioredis';
import type { NatsConnection } from 'nats';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { DataSource, MixedList, EntitySchema } from 'typeorm';
import { createDataSource } from '../database/create-data-source';
import { Db } from '../database/db';
import { assertServiceLogin } from '../database/database-logins';
import { runMigrations } from '../database/run-migrations';
import { createMetricsRegistry } from '../health/metrics';
import { Readiness, type ReadinessCheck } from '../health/readiness';
import { connectNats, isNatsReady } from '../nats/connect';
import { openEventsStream } from '../nats/events-stream';
import { OutboxRelay } from '../outbox/outbox-relay';
import { OutboxMessage } from '../outbox/outbox-message.entity';
import { registerOutboxMetrics } from '../outbox/outbox-metrics';
import { createRedis, isRedisReady } from '../redis/redis';
import { DATA_SOURCE, METRICS, NATS_CONNECTION, REDIS, ROOT_LOGGER } from '../tokens';
import { EventConsumers } from './event-subscriber';
import type { ServiceProcessConfig } from './service-config';

export type ServiceInfrastructureOptions = {
  service: ServiceName;
  config: ServiceProcessConfig;
  logger: Logger;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity classes
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for migration classes
  migrations: MixedList<Function | string>;
  /** Where a service that uses Redis finds it: a client under the namespace's key prefix (REDIS), with readiness over it. */
  redisUrl?: string;
  /**
   * How long a transaction may sit idle before Postgres ends it. The default (4 s) is below the
   * callers' request timeout; a service whose requests wait longer (billing calls Stripe inside a
   * transaction, and the gateway waits 20 s for it) sets its own, still below its callers' wait.
   */
  idleInTransactionTimeoutMs?: number;
};

/** Starts the outbox relay once the service is up and stops it, then the connections, on the way down. */
class InfrastructureLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly relay: OutboxRelay,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await Promise.allSettled([
      this.dataSource.destroy(),
      this.nats.isClosed() ? undefined : this.nats.drain(),
      this.redis?.quit(),
    ]);
  }
}

/**
 * What every service process needs besides its features: its schema migrated (under a lock, so
 * replicas never race), a connection for events, the outbox relay, its event consumers' wiring
 * (EventConsumers), a metrics registry its features may add to (METRICS, served on /metrics; it
 * shows the outbox and the events stream's fill), Redis when it asks for it, and readiness over
 * them all.
 */
@Global()
@Module({})
export class ServiceInfrastructureModule {
  static forRoot(options: ServiceInfrastructureOptions): DynamicModule {
    const { service, config, logger } = options;
    return {
      module: ServiceInfrastructureModule,
      providers: [
        { provide: ROOT_LOGGER, useValue: logger },
        {
          provide: DATA_SOURCE,
          useFactory: async () => {
            const dataSource = createDataSource({
              url: config.DATABASE_URL,
              schema: service,
              entities: [OutboxMessage, ...(options.entities as [])],
              migrations: options.migrations,
              applicationName: `${config.APP_NAMESPACE}-${service}`,
              logger,
              idleInTransactionTimeoutMs: options.idleInTransactionTimeoutMs,
            });
            await runMigrations(dataSource, service, logger);
            if (config.NODE_ENV === 'production') await assertServiceLogin(dataSource, service);
            return dataSource;
          },
        },
        {
          provide: NATS_CONNECTION,
          useFactory: async () => {
            const connection = await connectNats(
              config,
              service,
              `${config.APP_NAMESPACE}-${service}-events`,
              logger,
            );
            const stream = await openEventsStream(
              connection,
              config.APP_NAMESPACE,
              { maxBytes: config.EVENTS_MAX_BYTES },
              logger,
            );
            if (stream.max_bytes !== config.EVENTS_MAX_BYTES) {
              logger.warn(
                { stream: stream.name, maxBytes: stream.max_bytes, configured: config.EVENTS_MAX_BYTES },
                'Events stream holds more than EVENTS_MAX_BYTES; it keeps its size as limit, as lowering it would drop events',
              );
            }
            return connection;
          },
        },
        {
          provide: OutboxRelay,
          inject: [DATA_SOURCE, NATS_CONNECTION],
          useFactory: (dataSource: DataSource, connection: NatsConnection) =>
            new OutboxRelay({ dataSource, connection, namespace: config.APP_NAMESPACE, logger }),
        },
        {
          provide: METRICS,
          inject: [DATA_SOURCE, NATS_CONNECTION],
          useFactory: (dataSource: DataSource, connection: NatsConnection) => {
            const registry = createMetricsRegistry(service);
            registerOutboxMetrics({ registry, dataSource, connection, namespace: config.APP_NAMESPACE });
            return registry;
          },
        },
        {
          provide: REDIS,
          useFactory: () =>
            options.redisUrl ? createRedis(options.redisUrl, config.APP_NAMESPACE, logger) : null,
        },
        {
          provide: Readiness,
          inject: [DATA_SOURCE, NATS_CONNECTION, REDIS],
          useFactory: (dataSource: DataSource, connection: NatsConnection, redis: Redis | null) => {
            const checks: ReadinessCheck[] = [
              { name: 'postgres', isReady: () => new Db(dataSource.manager).isReachable() },
              { name: 'nats', isReady: () => isNatsReady(connection) },
            ];
            if (redis) checks.push({ name: 'redis', isReady: () => isRedisReady(redis) });
            return new Readiness(checks);
          },
        },
        {
          provide: EventConsumers,
          inject: [NATS_CONNECTION, METRICS, Readiness],
          useFactory: (connection: NatsConnection, metrics: Registry, readiness: Readiness) =>
            new EventConsumers({
              connection,
              namespace: config.APP_NAMESPACE,
              service,
              logger,
              metrics,
              dependenciesReady: () => readiness.isReady(),
            }),
        },
        InfrastructureLifecycle,
      ],
      exports: [
        ROOT_LOGGER,
        DATA_SOURCE,
        NATS_CONNECTION,
        OutboxRelay,
        Readiness,
        METRICS,
        REDIS,
        EventConsumers,
      ],
    };
  }
}
