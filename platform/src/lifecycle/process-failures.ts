import type { EventEmitter } from 'node:events';
import type { Logger } from 'pino';

export type ProcessFailureOptions = {
  logger: Logger;
  /** Bounds the shutdown an uncaught exception starts, as SHUTDOWN_GRACE_MS bounds SIGTERM's. */
  graceMs: number;
  /** The request being served where the failure surfaced (Node runs the handlers in its async context). */
  currentRequestId?: () => string | undefined;
  /** Where the failures are reported; tests pass an EventEmitter of their own. */
  source?: EventEmitter;
  exit?: (code: number) => void;
};

export type ProcessFailureHandlers = {
  /**
   * The exit to give installGracefulShutdown: the code it asks for, but 1 once an uncaught exception
   * occurred, since a shutdown that completes after one still ends a failed process.
   */
  exit: (code: number) => void;
  /** The shutdown SIGTERM runs, to run on an uncaught exception too; until then such a process exits at once. */
  shutDownWith: (shutdown: () => Promise<void>) => void;
  uninstall: () => void;
};

/**
 * An unhandled rejection is logged and the process keeps serving: it lost one promise, not its
 * state. An uncaught exception may have left anything half done, so it is logged as fatal and the
 * process shuts down as on SIGTERM, then exits 1. Installed before anything else starts, so a
 * failure during startup is reported the same way.
 */
export function installProcessFailureHandlers(options: ProcessFailureOptions): ProcessFailureHandlers {
  const { logger, graceMs, currentRequestId, source = process } = options;
  const exitProcess = options.exit ?? ((code: number) => process.exit(code));
  let shutdown: (() => Promise<void>) | undefined;
  let failed = false;
  let exited = false;
  let deadline: NodeJS.Timeout | undefined;

  const exit = (code: number) => {
    if (exited) return;
    exited = true;
    clearTimeout(deadline);
    exitProcess(failed ? 1 : code);
  };

  const context = () => {
    const requestId = currentRequestId?.();
    return requestId === undefined ? {} : { requestId };
  };

  const onUnhandledRejection = (reason: unknown) => {
    logger.error({ err: reason, ...context() }, 'Unhandled promise rejection');
  };

  const onUncaughtException = (error: Error) => {
    // A failure of the shutdown itself must not start it again; the deadline still ends the process.
    if (failed) {
      logger.fatal({ err: error, ...context() }, 'Uncaught exception while shutting down');
      return;
    }
    failed = true;
    logger.fatal({ err: error, ...context() }, 'Uncaught exception; shutting down');
    const run = shutdown;
    if (!run) return exit(1);
    // Holds the process open until it exits, in case the shutdown's own deadline never fires.
    deadline = setTimeout(() => {
      logger.error({ graceMs }, 'Shutdown after an uncaught exception exceeded its grace period; exiting');
      exit(1);
    }, graceMs);
    void (async () => {
      try {
        await run();
      } catch (shutdownError) {
        logger.error({ err: shutdownError }, 'Shutdown failed');
      }
      exit(1);
    })();
  };

  source.on('unhandledRejection', onUnhandledRejection);
  source.on('uncaughtException', onUncaughtException);
  return {
    exit,
    shutDownWith: (run) => {
      shutdown = run;
    },
    uninstall: () => {
      source.off('unhandledRejection', onUnhandledRejection);
      source.off('uncaughtException', onUncaughtException);
    },
  };
}
