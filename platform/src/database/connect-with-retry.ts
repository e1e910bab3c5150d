import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';

// A Postgres that is slow to answer a new connection (a busy node, a failover under way) is asked
// again after these pauses before the process gives up: a restart would cost more, and an
// orchestrator backs off further after each one.
const CONNECT_RETRY_PAUSES_MS = [1_000, 2_000, 4_000];

/**
 * Opens the DataSource, trying again on a failure to reach Postgres. A refusal Postgres itself
 * gave (a wrong password, a missing database: an SQLSTATE code) fails at once, as no retry mends it.
 */
export async function connectWithRetry(
  dataSource: Pick<DataSource, 'initialize'>,
  logger: Pick<Logger, 'warn'>,
  pausesMs: readonly number[] = CONNECT_RETRY_PAUSES_MS,
): Promise<void> {
  for (const pauseMs of pausesMs) {
    try {
      await dataSource.initialize();
      return;
    } catch (error) {
      if (/^[0-9A-Z]{5}$/.test(String((error as { code?: unknown }).code))) throw error;
      logger.warn({ err: error, retryInMs: pauseMs }, 'Postgres could not be reached; trying again');
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
  await dataSource.initialize();
}
