import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { defaultUrls, localNamespace } from '../infra/urls';
import { formatSeconds, repoRoot } from '../run/exec';
import { backUpDatabase, restoreDatabase } from './database-backup';

const USAGE = `Usage:
  npm run backup                  every service's schema to backups/<namespace>-<time>.dump
  npm run backup -- <file>        … to <file>
  npm run restore -- <file>       put them back as <file> holds them (stop npm start first)
DATABASE_URL, REDIS_URL and APP_NAMESPACE are read as npm start reads them.`;

/** `npm run backup` and `npm run restore`, for the installation `npm start` runs on this machine. */
export async function runBackupCommand(command: string, args: string[]): Promise<number> {
  const namespace = localNamespace();
  const defaults = defaultUrls(namespace);
  const databaseUrl = process.env.DATABASE_URL ?? defaults.postgres;
  const redisUrl = process.env.REDIS_URL ?? defaults.redis;
  const began = Date.now();
  try {
    if (command === 'backup' && args.length <= 1) {
      const stamp = new Date()
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z');
      const file = path.resolve(args[0] ?? path.join(repoRoot, 'backups', `${namespace}-${stamp}.dump`));
      await mkdir(path.dirname(file), { recursive: true });
      await backUpDatabase(databaseUrl, file);
      console.log(`✔ Backed up ${namespace} to ${file} (${formatSeconds(Date.now() - began)})`);
      return 0;
    }
    if (command === 'restore' && args.length === 1) {
      const file = path.resolve(args[0]);
      await restoreDatabase({ databaseUrl, file, redisUrl, namespace });
      console.log(`✔ Restored ${namespace} from ${file} (${formatSeconds(Date.now() - began)})`);
      return 0;
    }
    console.error(USAGE);
    return 2;
  } catch (error) {
    console.error(`✖ ${(error as Error).message}`);
    return 1;
  }
}
