import type { BusUser } from '@promptlib/proto';
import { connect, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { natsConnectionOptions, type NatsAccess } from './nats-access';

/**
 * Connects once at boot and fails fast when NATS is unreachable (the orchestrator restarts us);
 * after that the client reconnects forever, and requests made meanwhile fail with a timeout.
 */
export async function connectNats(
  access: NatsAccess,
  process: BusUser,
  name: string,
  logger: Logger,
): Promise<NatsConnection> {
  let connection: NatsConnection;
  try {
    connection = await connect({
      ...natsConnectionOptions(access, process),
      name,
      timeout: 3_000,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      pingInterval: 10_000,
      maxPingOut: 3,
      // An Error (and its stack) per request and per timer, only to say where a timeout was awaited:
      // a measurable share of a small request's cost. Our callers name the subject in their errors.
      noAsyncTraces: true,
    });
  } catch (error) {
    throw new Error(`NATS at ${access.NATS_URL} is not reachable: ${(error as Error).message}`);
  }
  void logStatusChanges(connection, logger);
  return connection;
}

async function logStatusChanges(connection: NatsConnection, logger: Logger): Promise<void> {
  for await (const status of connection.status()) {
    if (status.type === 'pingTimer') continue;
    const level = status.type === 'disconnect' || status.type === 'error' ? 'warn' : 'info';
    logger[level]({ nats: status.type, data: String(status.data) }, `NATS ${status.type}`);
  }
}

/** Ready means a PING reaches the server and its PONG comes back in time. */
export async function isNatsReady(connection: NatsConnection, timeoutMs = 1_000): Promise<boolean> {
  if (connection.isClosed() || connection.isDraining()) return false;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([connection.flush().then(() => true), timedOut]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
