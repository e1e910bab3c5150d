import type { Logger } from 'pino';
import type { Logger as TypeOrmLogger } from 'typeorm';

/**
 * TypeORM prints migration progress and failures with console.log whatever `logging` says; this
 * sends them through pino instead, so the process keeps emitting JSON lines only. Query text and
 * parameters are never logged: they may carry user data.
 */
export class PinoTypeOrmLogger implements TypeOrmLogger {
  constructor(private readonly logger: Logger) {}

  logQuery(): void {}

  // The error reaches the caller, which decides whether it is worth a log line.
  logQueryError(error: string | Error): void {
    this.logger.debug({ err: error }, 'Query failed');
  }

  logQuerySlow(time: number): void {
    this.logger.warn({ durationMs: time }, 'Slow query');
  }

  logSchemaBuild(message: string): void {
    this.logger.debug(message);
  }

  // TypeORM reports only migration failures here.
  logMigration(message: string): void {
    this.logger.warn(message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    this.logger[level === 'warn' ? 'warn' : 'info'](String(message));
  }
}
