import type { BusUser } from '@promptlib/proto';
import { connect, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { natsConnectionOptions, type NatsAccess } from './nats-access';

// A NATS that is slow to answer a new connection (a busy node) or not listening yet (started beside
// us) is asked again after these pauses before the process gives up: a restart would cost more, and
// an orchestrator backs off further after each one. On a loaded machine a first connect took over
// its 3 s. A refusal NATS itself gave (a wrong password, a user it does not know) fails at once.
const CONNECT_RETRY_PAUSES_MS = [1_000, 2_000, 4_000];
const RETRIED_CODES = new Set([
  'TIMEOUT',
  'CONNECTION_TIMEOUT',
  'CONNECTION_REFUSED',
  'AUTHENTICATION_TIMEOUT',
]);

/**
 * Connects at boot, trying again while NATS is slow or not up yet, and fails when it still cannot
 * (the orchestrator restarts us); after that the client reconnects forever, and requests made
 * meanwhile fail with a timeout.
 */
export async function connectNats(
  access: NatsAccess,
  process: BusUser,
  name: string,
  logger: Pick<Logger, 'info' | 'warn'>,
  pausesMs: readonly number[] = CONNECT_RETRY_PAUSES_MS,
): Promise<NatsConnection> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const connection = await connectOnce(access, process, name);
      void logStatusChanges(connection, logger);
      return connection;
    } catch (error) {
      const pauseMs = pausesMs[attempt];
      const code = (error as { code?: unknown }).code;
      if (pauseMs === undefined || typeof code !== 'string' || !RETRIED_CODES.has(code))
        throw new Error(`NATS at ${access.NATS_URL} is not reachable: ${(error as Error).message}`);
      logger.warn({ err: error, retryInMs: pauseMs }, 'NATS could not be reached; trying again');
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

function connectOnce(access: NatsAccess, process: BusUser, name: string): Promise<NatsConnection> {
  return connect({
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
}

async function logStatusChanges(
  connection: NatsConnection,
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<void> {
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
