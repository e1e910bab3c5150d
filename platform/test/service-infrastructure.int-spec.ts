import { Inject, Injectable, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import {
  METRICS,
  REDIS,
  bullMqPrefix,
  createBullMqConnection,
  createLogger,
  loadConfig,
  redisDevDefaults,
  redisEnvShape,
} from '@promptlib/platform';
import {
  ServiceInfrastructureModule,
  addOutboxTraceContext,
  createOutboxTable,
  dropOutboxTable,
  serviceDevDefaults,
  serviceEnvShape,
  type ServiceProcessConfig,
} from '@promptlib/platform/service';
import { startServiceTestbed, type ServiceTestbed } from '@promptlib/platform/testing/services';
import { redisPrefix } from '@promptlib/proto';
import Redis from 'ioredis';
import type { Logger } from 'pino';
import { Counter, type Registry } from 'prom-client';
import type { MigrationInterface, QueryRunner } from 'typeorm';

class CreateOutbox1700000000000 implements MigrationInterface {
  name = 'CreateOutbox1700000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createOutboxTable(queryRunner, 'sharing');
    await addOutboxTraceContext(queryRunner, 'sharing');
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return dropOutboxTable(queryRunner, 'sharing');
  }
}

/** A feature of the kind sharing will have: a metric of its own and a cache in Redis. */
@Injectable()
class ShareCache implements OnModuleInit {
  readonly lookups: Counter;

  constructor(
    @Inject(METRICS) registry: Registry,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.lookups = new Counter({
      name: 'share_cache_lookups_total',
      help: 'Public share reads, by whether the cache had them',
      labelNames: ['result'],
      registers: [registry],
    });
  }

  async onModuleInit(): Promise<void> {
    await this.redis.set('share:abc', 'cached', 'EX', 60);
    this.lookups.inc({ result: 'hit' }, 3);
  }
}

type SharingLikeConfig = ServiceProcessConfig & { REDIS_URL: string };

@Module({})
class SharingLikeModule {
  static forRoot(config: SharingLikeConfig, logger: Logger): DynamicModule {
    return {
      module: SharingLikeModule,
      imports: [
        ServiceInfrastructureModule.forRoot({
          service: 'sharing',
          config,
          logger,
          entities: [],
          migrations: [CreateOutbox1700000000000],
          redisUrl: config.REDIS_URL,
        }),
      ],
      providers: [ShareCache],
    };
  }
}

describe('what the platform gives a service besides NATS and Postgres', () => {
  let testbed: ServiceTestbed<SharingLikeConfig>;
  let redis: Redis;

  beforeAll(async () => {
    testbed = await startServiceTestbed({
      service: 'sharing',
      suffix: 'svcinfra',
      loadConfig: (env) =>
        loadConfig(
          { ...serviceEnvShape(0), ...redisEnvShape },
          { ...serviceDevDefaults, ...redisDevDefaults },
          env,
        ),
      module: (config, logger) => SharingLikeModule.forRoot(config, logger),
      health: true,
    });
    redis = new Redis(testbed.config.REDIS_URL);
  });

  afterAll(async () => {
    await redis?.del(`${redisPrefix(testbed.namespace)}share:abc`);
    redis?.disconnect();
    await testbed?.close();
  });

  it('serves a metric the service registered on its /metrics, labelled with the service', async () => {
    const metrics = await (await fetch(`${testbed.healthUrl}/metrics`)).text();
    expect(metrics).toContain('# TYPE share_cache_lookups_total counter');
    expect(metrics).toMatch(/^share_cache_lookups_total\{result="hit",app="sharing"\} 3$/m);
  });

  it('shows on /metrics how full the events stream is and what waits in the outbox', async () => {
    const metrics = await (await fetch(`${testbed.healthUrl}/metrics`)).text();
    expect(metrics).toMatch(/^events_stream_fill_ratio\{app="sharing"\} [0-9.e-]+$/m);
    expect(metrics).toMatch(/^outbox_pending_events\{app="sharing"\} 0$/m);
    expect(metrics).toMatch(/^outbox_oldest_event_age_seconds\{app="sharing"\} 0$/m);
  });

  it('gives the service a Redis client whose keys live under its namespace', async () => {
    expect(await redis.get(`${redisPrefix(testbed.namespace)}share:abc`)).toBe('cached');
    expect(await redis.exists('share:abc')).toBe(0);
  });

  it('counts Redis in the service’s readiness', async () => {
    const report = (await (await fetch(`${testbed.healthUrl}/health/ready`)).json()) as unknown;
    expect(report).toEqual({
      ready: true,
      status: 'ready',
      checks: { postgres: 'up', nats: 'up', redis: 'up' },
    });
  });

  it('gives BullMQ a connection it accepts: no key prefix, commands wait for a reconnect', async () => {
    const connection = createBullMqConnection(
      testbed.config.REDIS_URL,
      createLogger('bullmq-test', 'silent'),
    );
    try {
      expect(connection.options.keyPrefix ?? '').toBe('');
      expect(connection.options.maxRetriesPerRequest).toBeNull();
      expect(await connection.ping()).toBe('PONG');
      expect(bullMqPrefix(testbed.namespace)).toBe(`${redisPrefix(testbed.namespace)}bull`);
    } finally {
      connection.disconnect();
    }
  });
});
