import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceName } from '@promptlib/proto';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { startHealthServer, type HealthServer } from '../health/health-server';
import { Readiness } from '../health/readiness';
import { shutdownDelayMs } from '../config/process-env';
import { installGracefulShutdown } from '../lifecycle/graceful-shutdown';
import { installProcessFailureHandlers } from '../lifecycle/process-failures';
import { ServiceExceptionFilter } from '../errors/service-exception.filter';
import { natsConnectionOptions } from '../nats/nats-access';
import { NamespacedNatsServer } from '../nats/namespaced-nats-server';
import { METRICS } from '../tokens';
import { PinoNestLogger } from './pino-nest-logger';
import type { ServiceProcessConfig } from './service-config';

export type RunningService = { app: INestMicroservice; health: HealthServer; shutdown: () => Promise<void> };

export async function createServiceApp(
  service: ServiceName,
  module: DynamicModule,
  config: ServiceProcessConfig,
  logger: Logger,
): Promise<INestMicroservice> {
  const strategy = new NamespacedNatsServer({
    namespace: config.APP_NAMESPACE,
    service,
    options: {
      ...natsConnectionOptions(config, service),
      name: `${config.APP_NAMESPACE}-${service}`,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    },
  });
  const app = await NestFactory.createMicroservice(module, { strategy, logger: new PinoNestLogger(logger) });
  strategy.countRequestsIn(app.get<Registry>(METRICS));
  app.useGlobalFilters(new ServiceExceptionFilter(logger));
  await app.listen();
  return app;
}

/** The service's health port: liveness, readiness, and the metrics its registry (METRICS) holds. */
export function startServiceHealth(app: INestMicroservice, port: number): Promise<HealthServer> {
  return startHealthServer(port, app.get(Readiness), app.get<Registry>(METRICS));
}

/**
 * Starts a service: NATS handlers, health port, and a graceful SIGTERM; an uncaught exception
 * takes the same way down, exiting 1.
 */
export async function runService(
  service: ServiceName,
  module: DynamicModule,
  config: ServiceProcessConfig,
  logger: Logger,
): Promise<RunningService> {
  const delayMs = shutdownDelayMs(config);
  // The backstop of a shutdown after a crash allows for the whole of it: the delay, then draining.
  const failures = installProcessFailureHandlers({ logger, graceMs: delayMs + config.SHUTDOWN_GRACE_MS });
  const app = await createServiceApp(service, module, config, logger);
  const readiness = app.get(Readiness);
  const health = await startServiceHealth(app, config.HEALTH_PORT);
  const shutdown = installGracefulShutdown({
    logger,
    graceMs: config.SHUTDOWN_GRACE_MS,
    delayMs,
    readiness,
    exit: failures.exit,
    close: async () => {
      await app.close();
      await health.close();
    },
  });
  failures.shutDownWith(shutdown);
  logger.info({ namespace: config.APP_NAMESPACE, healthPort: health.port }, `${service} service ready`);
  return { app, health, shutdown };
}
