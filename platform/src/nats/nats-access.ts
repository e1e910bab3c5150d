import { inboxPrefix, type BusUser } from '@promptlib/proto';
import { credsAuthenticator, type ConnectionOptions } from 'nats';
import { readFileSync } from 'node:fs';

/** The part of a process's config that says how it reaches NATS and who it is there. */
export type NatsAccess = {
  NATS_URL: string;
  NATS_USER?: string;
  NATS_PASSWORD?: string;
  NATS_CREDS_FILE?: string;
  NATS_TLS_CA?: string;
};

/**
 * The servers, credentials, TLS and reply subjects of a process's NATS connections (its requests
 * and events, and the Nest transport of a service). Without credentials the process connects
 * anonymously, which only a server with no authorization (a developer's own) accepts. Its replies
 * come to subjects under its own prefix, the only inboxes the server lets it read.
 */
export function natsConnectionOptions(
  access: NatsAccess,
  process: BusUser,
): Pick<ConnectionOptions, 'servers' | 'user' | 'pass' | 'authenticator' | 'tls' | 'inboxPrefix'> {
  if (access.NATS_USER !== undefined && access.NATS_PASSWORD === undefined) {
    throw new Error('NATS_USER is set without NATS_PASSWORD');
  }
  if (access.NATS_USER !== undefined && access.NATS_CREDS_FILE !== undefined) {
    throw new Error('Set NATS_USER and NATS_PASSWORD, or NATS_CREDS_FILE, not both');
  }
  return {
    servers: access.NATS_URL.split(','),
    inboxPrefix: inboxPrefix(process),
    ...(access.NATS_USER !== undefined ? { user: access.NATS_USER, pass: access.NATS_PASSWORD } : {}),
    ...(access.NATS_CREDS_FILE !== undefined
      ? { authenticator: credsAuthenticator(readFileSync(access.NATS_CREDS_FILE)) }
      : {}),
    ...(access.NATS_TLS_CA !== undefined ? { tls: { caFile: access.NATS_TLS_CA } } : {}),
  };
}
