// What every backend process shares, the gateway's included. What only a service with a database
// needs (TypeORM, the outbox, the unit of work, the service runner) is `@promptlib/platform/service`,
// so the gateway, which has no database, does not load TypeORM at each start.
export * from './config/load-config';
export * from './config/process-env';
export * from './errors/service-error';
export * from './errors/infrastructure-failure';
export * from './errors/service-exception.filter';
export * from './health/health-server';
export * from './health/metrics';
export * from './health/scrape-reads';
export * from './health/readiness';
export * from './lifecycle/background-job';
export * from './lifecycle/background-loop';
export * from './lifecycle/graceful-shutdown';
export * from './logging/logger';
export * from './nats/connect';
export * from './nats/nats-access';
export * from './nats/events-stream';
export * from './nats/namespaced-nats-server';
export * from './nats/service-client';
export * from './redis/redis';
export * from './redis/redis-users';
export * from './database/schema-name';
export * from './tokens';
export * from './errors/parse-payload';
export * from './service/pino-nest-logger';
export * from './events/event-consumer';
export * from './events/dead-letters';
export * from './events/parse-event';
export * from './nats/handles.decorator';
export * from './nats/raw-responder';
export * from './lifecycle/process-failures';
export * from './events/event-schemas';
export * from './tracing/trace-context';
