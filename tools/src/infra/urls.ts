import { DEFAULT_NAMESPACE } from '@promptlib/proto';
import type { InfraKind } from './types';

export type ServiceTarget = {
  kind: InfraKind;
  url: string;
  host: string;
  port: number;
  local: boolean;
};

const NAMESPACE_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
// Stricter than Postgres allows, so the name can be quoted into CREATE DATABASE without escaping.
const DATABASE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,62}$/;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

const SCHEMES: Record<InfraKind, { protocols: string[]; defaultPort: number; envName: string }> = {
  postgres: { protocols: ['postgres:', 'postgresql:'], defaultPort: 5432, envName: 'DATABASE_URL' },
  redis: { protocols: ['redis:', 'rediss:'], defaultPort: 6379, envName: 'REDIS_URL' },
  nats: { protocols: ['nats:', 'tls:'], defaultPort: 4222, envName: 'NATS_URL' },
};

export function envNameOf(kind: InfraKind): string {
  return SCHEMES[kind].envName;
}

export function assertNamespace(namespace: string): void {
  if (!NAMESPACE_PATTERN.test(namespace)) {
    throw new Error(
      `Invalid namespace "${namespace}": use 1-40 lowercase letters, digits or "_", starting with a letter.`,
    );
  }
}

/** The installation this machine's commands act on (`npm start`, `npm run backup`, `npm run infra`). */
export function localNamespace(env: NodeJS.ProcessEnv = process.env): string {
  return env.APP_NAMESPACE || DEFAULT_NAMESPACE;
}

export function defaultUrls(namespace: string): Record<InfraKind, string> {
  assertNamespace(namespace);
  return {
    postgres: `postgres://postgres@127.0.0.1:5432/${namespace}`,
    redis: 'redis://127.0.0.1:6379',
    nats: 'nats://127.0.0.1:4222',
  };
}

export function isLocalHost(host: string): boolean {
  return LOCAL_HOSTS.has(stripBrackets(host).toLowerCase());
}

// A server we start must listen where the URL points; "localhost" gets IPv4 because every client tries it.
export function listenAddress(host: string): string {
  return stripBrackets(host) === '::1' ? '::1' : '127.0.0.1';
}

export function parseServiceUrl(kind: InfraKind, url: string): ServiceTarget {
  const scheme = SCHEMES[kind];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${scheme.envName} is not a valid URL: ${redactUrl(url)}`);
  }
  if (!scheme.protocols.includes(parsed.protocol)) {
    throw new Error(
      `${scheme.envName} must start with ${scheme.protocols.map((p) => `${p}//`).join(' or ')}: ${redactUrl(url)}`,
    );
  }
  const host = stripBrackets(parsed.hostname);
  if (host === '') {
    throw new Error(`${scheme.envName} has no host: ${redactUrl(url)}`);
  }
  const port = parsed.port === '' ? scheme.defaultPort : Number(parsed.port);
  return { kind, url, host, port, local: isLocalHost(host) };
}

export function databaseNameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (name === '') {
    throw new Error(`DATABASE_URL must name a database (e.g. .../promptlib): ${redactUrl(url)}`);
  }
  if (!DATABASE_NAME_PATTERN.test(name)) {
    throw new Error(
      `Database name "${name}" in DATABASE_URL is not supported: use letters, digits, "_" or "-" (max 63).`,
    );
  }
  return name;
}

// Reachability checks and CREATE DATABASE run against the always-present maintenance database.
export function maintenanceUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

export type NatsConnectParts = { servers: string; user?: string; pass?: string; token?: string };

// nats.js ignores credentials embedded in the server URL, so they are passed as options instead.
export function natsConnectParts(url: string): NatsConnectParts {
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username);
  const pass = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  const servers = parsed.toString().replace(/\/$/, '');
  if (user !== '' && pass !== '') {
    return { servers, user, pass };
  }
  if (user !== '') {
    return { servers, token: user };
  }
  return { servers };
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') {
      parsed.password = '***';
    }
    return parsed.toString();
  } catch {
    return '<unparseable URL>';
  }
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
