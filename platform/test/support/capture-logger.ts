import pino, { type Logger } from 'pino';
import { loggerOptions } from '../../src/logging/logger';

export type LogLine = { level: string; msg: string } & Record<string, unknown>;

/** A debug-level logger whose lines the test can read back. */
export function captureLogger(app: string): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino(loggerOptions(app, 'debug'), {
    write: (line: string) => lines.push(JSON.parse(line) as LogLine),
  });
  return { logger, lines };
}
