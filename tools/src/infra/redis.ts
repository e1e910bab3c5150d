import path from 'node:path';

import { Redis } from 'ioredis';

import type { ServiceDriver, StartContext, StartHandle } from './driver';
import { errorMessage } from './errors';
import { probeListening } from './probe';
import { findExecutable, readPidFile, runCommand, terminate } from './processes';
import type { Log, ProbeResult, StartedServer } from './types';
import { listenAddress, type ServiceTarget } from './urls';

const EXTRA_DIRS = ['/usr/bin', '/usr/sbin', '/usr/local/bin'];

function probe(target: ServiceTarget): Promise<ProbeResult> {
  return probeListening(target, () => ping(target));
}

async function ping(target: ServiceTarget): Promise<ProbeResult> {
  const client = new Redis(target.url, {
    lazyConnect: true,
    connectTimeout: 2000,
    enableReadyCheck: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return { state: 'ready' };
  } catch (error) {
    const message = errorMessage(error);
    if (/NOAUTH|WRONGPASS|AUTH/.test(message)) {
      return { state: 'unusable', reason: `it refused access (${message}); set REDIS_URL with the password` };
    }
    return { state: 'unusable', reason: `${message}; is a Redis server listening there?` };
  } finally {
    client.disconnect();
  }
}

async function start(context: StartContext): Promise<StartHandle> {
  const { target, serverDir, log } = context;
  const binary = await findExecutable('redis-server', EXTRA_DIRS);
  if (binary === null) {
    throw new Error('redis-server was not found: install the Debian redis-server package.');
  }
  log(`starting Redis on ${target.host}:${target.port} (data in ${serverDir})`);
  // Redis daemonizes itself, so the call returns once it has forked and the server outlives us.
  await runCommand(binary, [
    '--port',
    String(target.port),
    '--bind',
    listenAddress(target.host),
    '--dir',
    serverDir,
    '--appendonly',
    'yes',
    '--daemonize',
    'yes',
    '--pidfile',
    pidFile(serverDir),
    '--logfile',
    logFile(serverDir),
    '--maxmemory-policy',
    'noeviction',
  ]);
  return { hasExited: () => false };
}

async function stop(server: StartedServer, log: Log): Promise<void> {
  const pid = server.pid ?? (await readPidFile(pidFile(server.dataDir)));
  if (pid === null || !(await terminate(pid, ['redis-server', String(server.port)]))) {
    log(`Redis on port ${server.port} is not running`);
    return;
  }
  log(`stopping Redis on port ${server.port} (SIGTERM to pid ${pid})`);
}

function pidFile(serverDir: string): string {
  return path.join(serverDir, 'redis.pid');
}

function logFile(serverDir: string): string {
  return path.join(serverDir, 'redis.log');
}

export const redisDriver: ServiceDriver = {
  kind: 'redis',
  label: 'Redis',
  aptPackage: 'redis-server',
  programName: 'redis-server',
  binariesPresent: async () => (await findExecutable('redis-server', EXTRA_DIRS)) !== null,
  probe,
  start,
  readPid: (serverDir) => readPidFile(pidFile(serverDir)),
  logFile,
  stop,
};
