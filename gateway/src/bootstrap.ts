import type { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  PinoNestLogger,
  Readiness,
  createLogger,
  installGracefulShutdown,
  startHealthServer,
  type HealthServer,
} from '@promptlib/platform';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { AppModule } from './app.module';
import { compressReads } from './common/compress-reads';
import { GatewayExpressAdapter } from './common/json-reply.adapter';
import { requestId } from './common/request-id';
import { requestLog } from './common/request-log';
import { helmetOptions } from './common/security-headers';
import { answerLivenessFirst } from './health/liveness';
import type { GatewayConfig } from './config/gateway-config';
import { METRICS } from '@promptlib/platform';
import { serveWebAssets } from './web/web-assets';

/** Builds the fully configured app without listening, so tests drive exactly what production runs. */
export async function createGatewayApp(
  config: GatewayConfig,
  logger: Logger,
  features: Type[] = [],
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, logger, features),
    new GatewayExpressAdapter(),
    {
      bodyParser: false,
      logger: new PinoNestLogger(logger),
    },
  );
  app.disable('x-powered-by');
  // Every API answer is no-store, so an ETag (a hash of each body) would never be used; the SPA's
  // files get theirs from the static file server.
  app.set('etag', false);
  app.set('trust proxy', config.TRUST_PROXY === '' ? false : config.TRUST_PROXY);
  app.use(requestId);
  app.use(requestLog(logger));
  app.use(helmet(helmetOptions(config)));
  app.use(compressReads());
  serveWebAssets(app);
  await app.init();
  answerLivenessFirst(app.getHttpServer());
  return app;
}

export type RunningGateway = { app: INestApplication; health: HealthServer; shutdown: () => Promise<void> };

/** Starts the gateway: traffic port, health port, and a graceful SIGTERM. */
export async function runGateway(config: GatewayConfig, features: Type[] = []): Promise<RunningGateway> {
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const app = await createGatewayApp(config, logger, features);
  const readiness = app.get(Readiness);
  const health = await startHealthServer(config.HEALTH_PORT, readiness, app.get<Registry>(METRICS));
  await app.listen(config.PORT);
  const shutdown = installGracefulShutdown({
    logger,
    graceMs: config.SHUTDOWN_GRACE_MS,
    readiness,
    close: async () => {
      // app.close() stops accepting connections and waits for in-flight requests before closing NATS and Redis.
      await app.close();
      await health.close();
    },
  });
  logger.info(
    { port: config.PORT, healthPort: health.port, namespace: config.APP_NAMESPACE },
    `Gateway ready on ${config.PUBLIC_URL}`,
  );
  return { app, health, shutdown };
}
