import pino, { type Logger, type LoggerOptions } from 'pino';
import { traceFields } from '../tracing/trace-context';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * One JSON line per event on stdout, the shape log collectors expect. Credentials never reach the
 * logs, whatever a caller passes in.
 */
export function loggerOptions(app: string, level: LogLevel): LoggerOptions {
  return {
    level,
    base: { app },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // The trace a line was written in, to find its trace from a log line and the other way round.
    mixin: traceFields,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["stripe-signature"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.idToken',
      ],
      censor: '[redacted]',
    },
  };
}

/**
 * Lines reach stdout asynchronously: under load, the lines logged while one write is under way go
 * out together in the next, instead of a blocking write per line (a request log per request would
 * otherwise cost a system call each). pino flushes what is pending when the process exits.
 */
export function createLogger(app: string, level: LogLevel): Logger {
  return pino(loggerOptions(app, level), pino.destination({ dest: 1, sync: false }));
}
