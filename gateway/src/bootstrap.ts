import type { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  METRICS,
  PinoNestLogger,
  Readiness,
  createLogger,
  installGracefulShutdown,
  installProcessFailureHandlers,
  shutdownDelayMs,
  startHealthServer,
  type HealthServer,
} from '@promptlib/platform';
import { MAX_BODY_BYTES } from '@promptlib/proto';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { AppModule } from './app.module';
import { compressReads } from './common/compress-reads';
import { authenticateApiKey } from './api-keys/api-key-authentication';
import { ApiKeyVerifier } from './api-keys/api-key-verifier';
import { csrfCheck } from './common/csrf';
import { crossOriginKeys } from './api-keys/cross-origin-keys';
import { RateLimits } from './rate-limit/rate-limits';
import { answerFrameworkError } from './common/framework-errors';
import { httpMetrics } from './common/http-metrics';
import { LiveFeed } from './live/live-feed';
import { livePosition } from './live/live-position';
import { acceptJsonBodiesOnly } from './common/json-body';
import { currentRequest, openRequestContext } from './common/request-context';
import { echoRequestId, requestIdOf } from './common/request-id';
import { requestLog } from './common/request-log';
import { nameRequestSpan } from './common/request-span';
import { securityHeaders } from './common/security-headers';
import { apiNoStore } from './common/api-no-store';
import type { GatewayConfig } from './config/gateway-config';
import { answerLivenessFirst } from './health/liveness';
import { resumeSession } from './session/session-hook';
import { Sessions } from './session/sessions';
import { serveWebAssets } from './web/web-assets';

/** Builds the fully configured app without listening, so tests drive exactly what production runs. */
export async function createGatewayApp(
  config: GatewayConfig,
  logger: Logger,
  features: Type[] = [],
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: config.TRUST_PROXY === '' ? false : config.TRUST_PROXY,
    bodyLimit: MAX_BODY_BYTES,
    genReqId: requestIdOf,
    requestIdHeader: false,
    // Our own request log (common/request-log) and logger; Fastify logs nothing of its own.
    logger: false,
    // No Nest middleware: every step before the handlers is a Fastify hook, below.
    skipMiddie: true,
    // Raised while routing, before any hook runs (a path that does not decode, say): the API's shape still.
    frameworkErrors: answerFrameworkError,
    // `/api/user/` is `/api/user`, as it always was.
    routerOptions: { ignoreTrailingSlash: true },
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, logger, features),
    adapter,
    { bodyParser: false, logger: new PinoNestLogger(logger) },
  );
  const http = app.getHttpAdapter().getInstance();
  http.decorateRequest('user', null);
  http.decorateRequest('sessionId', null);
  http.decorateRequest('apiKey', null);
  acceptJsonBodiesOnly(http);
  // In this order, on every request: who it is, what it logs and measures, the headers every
  // answer carries, then the checks that can refuse it (CSRF before the body is read), the
  // session, and last the request's context, opened once the body is read.
  http.addHook('onRequest', echoRequestId);
  http.addHook('onRequest', nameRequestSpan);
  http.addHook('onRequest', requestLog(logger));
  http.addHook('onRequest', httpMetrics(app.get<Registry>(METRICS)));
  http.addHook('onRequest', securityHeaders(config));
  http.addHook('onRequest', apiNoStore);
  http.addHook('onRequest', livePosition(app.get(LiveFeed)));
  http.addHook('onRequest', compressReads());
  http.addHook('onRequest', crossOriginKeys);
  http.addHook(
    'onRequest',
    authenticateApiKey(app.get(ApiKeyVerifier), app.get(RateLimits), app.get(Sessions)),
  );
  http.addHook('onRequest', csrfCheck(config));
  http.addHook('onRequest', resumeSession(app.get(Sessions)));
  http.addHook('preHandler', openRequestContext);
  await serveWebAssets(app);
  await app.init();
  // Fastify builds each route's hooks when it is ready; listen() would wait for that, tests do not listen.
  await http.ready();
  answerLivenessFirst(app.getHttpServer());
  return app;
}

export type RunningGateway = { app: INestApplication; health: HealthServer; shutdown: () => Promise<void> };

/**
 * Starts the gateway: traffic port, health port, and a graceful SIGTERM; an uncaught exception
 * takes the same way down, exiting 1.
 */
export async function runGateway(config: GatewayConfig, features: Type[] = []): Promise<RunningGateway> {
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const delayMs = shutdownDelayMs(config);
  const failures = installProcessFailureHandlers({
    logger,
    // The backstop of a shutdown after a crash allows for the whole of it: the delay, then draining.
    graceMs: delayMs + config.SHUTDOWN_GRACE_MS,
    currentRequestId: () => currentRequest()?.requestId,
  });
  const app = await createGatewayApp(config, logger, features);
  const readiness = app.get(Readiness);
  const health = await startHealthServer(config.HEALTH_PORT, readiness, app.get<Registry>(METRICS));
  await listenOnEveryInterface(app, config.PORT);
  const shutdown = installGracefulShutdown({
    logger,
    graceMs: config.SHUTDOWN_GRACE_MS,
    delayMs,
    readiness,
    exit: failures.exit,
    close: async () => {
      // app.close() stops accepting connections and waits for in-flight requests before closing NATS
      // and Redis. The keep-alive connection of a request that was in flight stays open once it is
      // answered, which would hold the close up for the keep-alive timeout: each is closed as it
      // falls idle.
      const server = app.getHttpServer();
      const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
      try {
        await app.close();
      } finally {
        clearInterval(closeIdle);
      }
      await health.close();
    },
  });
  failures.shutDownWith(shutdown);
  logger.info(
    { port: config.PORT, healthPort: health.port, namespace: config.APP_NAMESPACE },
    `Gateway ready on ${config.PUBLIC_URL}`,
  );
  return { app, health, shutdown };
}

/**
 * Every interface, as a container needs (Fastify alone would listen on localhost only): IPv6 and
 * IPv4 together where the machine has IPv6, IPv4 alone where it does not.
 */
async function listenOnEveryInterface(app: NestFastifyApplication, port: number): Promise<void> {
  try {
    await app.listen(port, '::');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EAFNOSUPPORT' && code !== 'EADDRNOTAVAIL') throw error;
    await app.listen(port, '0.0.0.0');
  }
}
