import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import {
  METRICS,
  NATS_CONNECTION,
  REDIS,
  ROOT_LOGGER,
  Readiness,
  ServiceClient,
  connectNats,
  createMetricsRegistry,
  createRedis,
  isNatsReady,
  isRedisReady,
} from '@promptlib/platform';
import type Redis from 'ioredis';
import type { NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { currentRequest } from '../common/request-context';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config';

/** Closes the connections after the HTTP server has finished its in-flight requests. */
class ConnectionsCloser implements OnApplicationShutdown {
  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([this.nats.isClosed() ? undefined : this.nats.drain(), this.redis.quit()]);
  }
}

/** The gateway's config, logger and connections to NATS and Redis, available to every module. */
@Global()
@Module({})
export class InfrastructureModule {
  static forRoot(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: InfrastructureModule,
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: ROOT_LOGGER, useValue: logger },
        { provide: METRICS, useFactory: () => createMetricsRegistry('gateway') },
        {
          provide: NATS_CONNECTION,
          useFactory: async () => {
            // The stream is the services' to ensure: the gateway may only make requests.
            return connectNats(config, 'gateway', `${config.APP_NAMESPACE}-gateway`, logger);
          },
        },
        {
          provide: REDIS,
          useFactory: () => createRedis(config.REDIS_URL, config.APP_NAMESPACE, logger),
        },
        {
          provide: ServiceClient,
          inject: [NATS_CONNECTION],
          useFactory: (connection: NatsConnection) =>
            new ServiceClient(connection, config.APP_NAMESPACE, {
              currentRequestId: () => currentRequest()?.requestId,
            }),
        },
        {
          provide: Readiness,
          inject: [NATS_CONNECTION, REDIS],
          useFactory: (connection: NatsConnection, redis: Redis) =>
            new Readiness([
              { name: 'nats', isReady: () => isNatsReady(connection) },
              { name: 'redis', isReady: () => isRedisReady(redis) },
            ]),
        },
        ConnectionsCloser,
      ],
      exports: [GATEWAY_CONFIG, ROOT_LOGGER, METRICS, NATS_CONNECTION, REDIS, ServiceClient, Readiness],
    };
  }
}
