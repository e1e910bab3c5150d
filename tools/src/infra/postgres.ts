import { access } from 'node:fs/promises';
import path from 'node:path';

import { Client } from 'pg';

import type { ServiceDriver, StartContext, StartHandle } from './driver';
import { errorCode, errorMessage } from './errors';
import { findPostgresBinaries, requirePostgresBinaries } from './postgres-binaries';
import { preparePostgresDir, runPostgresProgram } from './postgres-user';
import { probeListening } from './probe';
import { readPidFile, tailFile } from './processes';
import type { Log, ProbeResult, StartedServer } from './types';
import { listenAddress, maintenanceUrl, type ServiceTarget } from './urls';
import { isLoopbackPortOpen } from './open-port';

const AUTH_FAILURE_CODES = new Set(['28P01', '28000']);
const PROBE_TIMEOUT_MS = 2000;

export function postgresClient(url: string): Client {
  const client = new Client({
    connectionString: url,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    query_timeout: 10_000,
  });
  // A server dying mid-session emits 'error'; without a listener that would crash the process.
  client.on('error', () => undefined);
  return client;
}

function probe(target: ServiceTarget): Promise<ProbeResult> {
  return probeListening(target, () => login(target));
}

async function login(target: ServiceTarget): Promise<ProbeResult> {
  const client = postgresClient(maintenanceUrl(target.url));
  try {
    await client.connect();
    await client.query('select 1');
    return { state: 'ready' };
  } catch (error) {
    const message = errorMessage(error);
    if (AUTH_FAILURE_CODES.has(errorCode(error) ?? '') || /password|SASL|SCRAM/i.test(message)) {
      return {
        state: 'unusable',
        reason: `it refused the login (${message}); set DATABASE_URL with credentials that can log in`,
      };
    }
    return { state: 'unusable', reason: `${message}; is a Postgres server listening there?` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function start(context: StartContext): Promise<StartHandle> {
  const { target, serverDir, log } = context;
  const binaries = await requirePostgresBinaries();
  await preparePostgresDir(serverDir, context.dataDir, context.dataDirCreated);
  if (!(await exists(path.join(serverDir, 'PG_VERSION')))) {
    log(`initialising a Postgres cluster in ${serverDir}`);
    try {
      await runPostgresProgram(
        binaries.initdb,
        ['-D', serverDir, '--auth=trust', '-U', 'postgres', '--encoding=UTF8', '--locale=C'],
        { timeoutMs: 120_000 },
      );
    } catch (error) {
      throw new Error(`Could not create a Postgres cluster in ${serverDir}: ${errorMessage(error)}`);
    }
  }
  log(`starting Postgres on ${target.host}:${target.port} (data in ${serverDir})`);
  // No unix socket: the Debian default socket folder may be missing or belong to the system cluster.
  const serverOptions = `-p ${target.port} -c listen_addresses=${listenAddress(target.host)} -c unix_socket_directories=''`;
  try {
    await runPostgresProgram(
      binaries.pgCtl,
      ['-D', serverDir, '-l', logFile(serverDir), '-w', '-t', '30', '-o', serverOptions, 'start'],
      { timeoutMs: 45_000 },
    );
  } catch (error) {
    throw new Error(
      `Postgres did not start on port ${target.port} (${errorMessage(error)}); ` +
        `end of ${logFile(serverDir)}: ${await tailFile(logFile(serverDir))}`,
    );
  }
  return { hasExited: () => false };
}

async function stop(server: StartedServer, log: Log): Promise<void> {
  if (!(await exists(path.join(server.dataDir, 'postmaster.pid')))) {
    log(`Postgres on port ${server.port} is not running`);
    return;
  }
  const binaries = await requirePostgresBinaries();
  log(`stopping Postgres on port ${server.port}`);
  try {
    await runPostgresProgram(binaries.pgCtl, ['-D', server.dataDir, 'stop', '-m', 'fast', '-w', '-t', '15'], {
      timeoutMs: 30_000,
    });
  } catch (error) {
    // A crashed server leaves postmaster.pid behind and pg_ctl then fails; nothing is left to stop.
    if (await isLoopbackPortOpen(server.port)) {
      throw error;
    }
  }
}

function logFile(serverDir: string): string {
  return path.join(serverDir, 'server.log');
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

export const postgresDriver: ServiceDriver = {
  kind: 'postgres',
  label: 'Postgres',
  aptPackage: 'postgresql',
  programName: 'postgres',
  binariesPresent: async () => (await findPostgresBinaries()) !== null,
  probe,
  start,
  readPid: (serverDir) => readPidFile(path.join(serverDir, 'postmaster.pid')),
  logFile,
  stop,
};
