import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';

import { connect, type NatsConnection } from 'nats';

import type { ServiceDriver, StartContext, StartHandle } from './driver';
import { errorMessage } from './errors';
import { ensureNatsPasswords, passwordEnv, writeDevelopmentConfig } from './nats-credentials';
import { probeListening } from './probe';
import { findExecutable, readPidFile, terminate } from './processes';
import type { Log, ProbeResult, StartedServer } from './types';
import { listenAddress, natsConnectParts, type ServiceTarget } from './urls';

const EXTRA_DIRS = ['/usr/sbin', '/usr/local/sbin', '/usr/local/bin'];

function probe(target: ServiceTarget): Promise<ProbeResult> {
  return probeListening(target, () => checkJetStream(target));
}

async function checkJetStream(target: ServiceTarget): Promise<ProbeResult> {
  let connection: NatsConnection;
  try {
    connection = await connect({ ...natsConnectParts(target.url), timeout: 2000, reconnect: false });
  } catch (error) {
    const message = errorMessage(error);
    if (/AUTHORIZATION|AUTHENTICATION/i.test(message)) {
      return {
        state: 'unusable',
        reason: `it refused the connection (${message}); set NATS_URL with credentials`,
      };
    }
    return { state: 'unusable', reason: `${message}; is a NATS server listening there?` };
  }
  try {
    const manager = await connection.jetstreamManager({ checkAPI: false });
    await manager.getAccountInfo();
    return { state: 'ready' };
  } catch (error) {
    return {
      state: 'unusable',
      reason: `JetStream is not available (${errorMessage(error)}); start nats-server with -js`,
    };
  } finally {
    await connection.close().catch(() => undefined);
  }
}

async function start(context: StartContext): Promise<StartHandle> {
  const { target, serverDir, log } = context;
  const binary = await findExecutable('nats-server', EXTRA_DIRS);
  if (binary === null) {
    throw new Error('nats-server was not found: install the Debian nats-server package.');
  }
  log(`starting NATS with JetStream on ${target.host}:${target.port} (data in ${serverDir})`);
  // The shipped config, its users' passwords made for this server and passed in its environment.
  const passwords = await ensureNatsPasswords(serverDir);
  const config = await writeDevelopmentConfig(serverDir);
  // Early failures (bad flags, unwritable store) are printed before -l takes effect, so keep stdio too.
  const output = openSync(logFile(serverDir), 'a');
  let exited = false;
  try {
    const child = spawn(
      binary,
      [
        '-c',
        config,
        '-a',
        listenAddress(target.host),
        '-p',
        String(target.port),
        '-js',
        '-sd',
        serverDir,
        '-l',
        logFile(serverDir),
        '-P',
        pidFile(serverDir),
      ],
      {
        detached: true,
        stdio: ['ignore', output, output],
        cwd: serverDir,
        env: { ...process.env, ...passwordEnv(passwords) },
      },
    );
    child.once('error', () => {
      exited = true;
    });
    child.once('exit', () => {
      exited = true;
    });
    child.unref();
  } finally {
    closeSync(output);
  }
  return { hasExited: () => exited };
}

async function stop(server: StartedServer, log: Log): Promise<void> {
  const pid = server.pid ?? (await readPidFile(pidFile(server.dataDir)));
  if (pid === null || !(await terminate(pid, ['nats-server', String(server.port)]))) {
    log(`NATS on port ${server.port} is not running`);
    return;
  }
  log(`stopping NATS on port ${server.port} (SIGTERM to pid ${pid})`);
}

function pidFile(serverDir: string): string {
  return path.join(serverDir, 'nats.pid');
}

function logFile(serverDir: string): string {
  return path.join(serverDir, 'nats.log');
}

export const natsDriver: ServiceDriver = {
  kind: 'nats',
  label: 'NATS',
  aptPackage: 'nats-server',
  programName: 'nats-server',
  binariesPresent: async () => (await findExecutable('nats-server', EXTRA_DIRS)) !== null,
  probe,
  start,
  readPid: (serverDir) => readPidFile(pidFile(serverDir)),
  logFile,
  stop,
};
