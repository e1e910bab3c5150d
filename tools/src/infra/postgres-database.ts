import { errorCode, errorMessage } from './errors';
import { postgresClient } from './postgres';
import type { Log } from './types';
import { databaseNameOf, maintenanceUrl, redactUrl } from './urls';

// duplicate_database, or a unique violation on pg_database when two creators race.
const ALREADY_EXISTS_CODES = new Set(['42P04', '23505']);

export async function ensureDatabase(databaseUrl: string, log: Log): Promise<void> {
  const name = databaseNameOf(databaseUrl);
  const client = postgresClient(maintenanceUrl(databaseUrl));
  try {
    await client.connect();
    const existing = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount !== 0) {
      return;
    }
    log(`creating database "${name}"`);
    // The name was validated to plain identifier characters, so quoting it is enough.
    await client.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    const code = errorCode(error);
    if (code !== undefined && ALREADY_EXISTS_CODES.has(code)) {
      return;
    }
    if (code === '42501') {
      throw new Error(
        `The user in DATABASE_URL (${redactUrl(databaseUrl)}) may not create database "${name}": ` +
          'create it yourself or grant that user CREATEDB.',
      );
    }
    throw new Error(`Could not make sure database "${name}" exists: ${errorMessage(error)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
