/**
 * APP_NAMESPACE isolates one installation from another on shared NATS, Redis and Postgres: it
 * prefixes subjects, queue groups, durable names, the stream, queues and keys, and names the database.
 * It must be valid in all of them at once, hence the narrow alphabet.
 */
export const NAMESPACE_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

export const DEFAULT_NAMESPACE = 'promptlib';

export function isValidNamespace(value: string): boolean {
  return NAMESPACE_PATTERN.test(value);
}

/** `<namespace>.<subject>`: the only way a subject from this package reaches the wire. */
export function namespaced(namespace: string, subject: string): string {
  return `${namespace}.${subject}`;
}

/** Queue group shared by every replica of one service within one namespace. */
export function queueGroup(namespace: string, service: ServiceName): string {
  return `${namespace}.${service}`;
}

/**
 * A service's durable consumer on its namespace's events stream. The stream is the namespace's
 * own, so the name needs no namespace; the service's name alone is one whole subject token in the
 * consumer API, which lets the NATS permissions give each service its own consumer and no other's.
 */
export function durableName(service: ServiceName): string {
  return service;
}

/** The name a service's durable had until the one above; the migrate step moves each over. */
export function earlierDurableName(namespace: string, service: ServiceName): string {
  return `${namespace}_${service}`;
}

export const serviceNames: readonly ServiceName[] = ['auth', 'library', 'sharing', 'billing'];

export function isServiceName(name: string): name is ServiceName {
  return (serviceNames as readonly string[]).includes(name);
}

/** Prefix of every Redis key (sessions, rate limits, caches) and BullMQ queue of a namespace. */
export function redisPrefix(namespace: string): string {
  return `${namespace}:`;
}

export type ServiceName = 'auth' | 'library' | 'sharing' | 'billing';
