import type { Logger } from 'pino';
import type { Readiness } from '../health/readiness';
import { flushPendingTraces } from '../tracing/trace-context';

export type GracefulShutdownOptions = {
  logger: Logger;
  graceMs: number;
  /** How long the process stays up unready before it drains (SHUTDOWN_DELAY_MS). */
  delayMs?: number;
  readiness: Readiness;
  /** Stops taking work, finishes what is in flight, then closes connections and pools. */
  close: () => Promise<void>;
  exit?: (code: number) => void;
};

/**
 * On SIGTERM or SIGINT: readiness turns false first and the process keeps serving for the delay,
 * so whatever balances load onto it sees it unready and stops sending it requests (this is the one
 * delay a deployment relies on; no separate sleep before the signal). Then in-flight work finishes
 * and the process exits 0. If draining takes longer than the grace period it exits 1 rather than hang.
 */
export function installGracefulShutdown(options: GracefulShutdownOptions): () => Promise<void> {
  const { logger, graceMs, delayMs = 0, readiness, close, exit = (code) => process.exit(code) } = options;
  let shutdown: Promise<void> | undefined;

  const run = (signal: string): Promise<void> => {
    shutdown ??= (async () => {
      readiness.markShuttingDown();
      logger.info({ signal, delayMs, graceMs }, 'Shutting down');
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const deadline = setTimeout(() => {
        logger.error({ graceMs }, 'Shutdown exceeded its grace period; exiting');
        exit(1);
      }, graceMs);
      deadline.unref();
      try {
        await close();
        // The spans of the last requests, still in the exporter's buffer, would be lost on exit.
        await flushPendingTraces();
        clearTimeout(deadline);
        logger.info('Shutdown complete');
        exit(0);
      } catch (error) {
        clearTimeout(deadline);
        logger.error({ err: error }, 'Shutdown failed');
        exit(1);
      }
    })();
    return shutdown;
  };

  process.once('SIGTERM', () => void run('SIGTERM'));
  process.once('SIGINT', () => void run('SIGINT'));
  return () => run('manual');
}
