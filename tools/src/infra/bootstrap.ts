import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { waitUntil } from '@promptlib/platform/testing';

import { installPackages } from './apt';
import { defaultDataDir, serverDataDir } from './data-dir';
import { listDebianClusters, stopClustersCreatedByInstall } from './debian-clusters';
import type { ServiceDriver } from './driver';
import { errorMessage } from './errors';
import { natsDriver } from './nats';
import { readNatsPasswords, type NatsPasswords } from './nats-credentials';
import { postgresDriver } from './postgres';
import { ensureDatabase } from './postgres-database';
import { processRuns, tailFile } from './processes';
import { redisDriver } from './redis';
import { disableUnitStartedByInstall } from './systemd';
import type { InfraKind, Log, StartedServer } from './types';
import {
  assertNamespace,
  databaseNameOf,
  defaultUrls,
  envNameOf,
  parseServiceUrl,
  redactUrl,
  type ServiceTarget,
} from './urls';
import { isLoopbackPortOpen } from './open-port';

export type { InfraKind, StartedServer } from './types';

export type ProvisionOptions = {
  namespace: string;
  env?: { DATABASE_URL?: string; REDIS_URL?: string; NATS_URL?: string };
  dataDir?: string;
  allowInstall?: boolean;
  log?: (line: string) => void;
};

export type ProvisionedInfra = {
  databaseUrl: string;
  redisUrl: string;
  natsUrl: string;
  /**
   * The NATS users' passwords when the server is one this machine started (now or by an earlier
   * run), so each app can connect as itself; undefined for a server of someone else's.
   */
  natsPasswords: NatsPasswords | undefined;
  started: StartedServer[];
};

const KINDS: InfraKind[] = ['postgres', 'redis', 'nats'];
const DRIVERS: Record<InfraKind, ServiceDriver> = {
  postgres: postgresDriver,
  redis: redisDriver,
  nats: natsDriver,
};
const READY_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 15_000;
const POLL_INTERVAL_MS = 200;

const defaultLog: Log = (line) => console.log(`[infra] ${line}`);

export async function provisionInfra(options: ProvisionOptions): Promise<ProvisionedInfra> {
  assertNamespace(options.namespace);
  const log = options.log ?? defaultLog;
  const targets = resolveTargets(options);
  // Checked up front so a bad database name fails before any server is started.
  databaseNameOf(targets.postgres.url);

  const down = await targetsToStart(
    KINDS.map((kind) => targets[kind]),
    log,
  );
  let started: StartedServer[] = [];
  const dataDir = path.resolve(options.dataDir ?? systemDefaultDataDir());
  if (down.length > 0) {
    const stillDown = await installMissingPrograms(down, options.allowInstall ?? true, log);
    started = await startServers(stillDown, dataDir, log);
  }
  try {
    await ensureDatabase(targets.postgres.url, log);
  } catch (error) {
    await stopServers(started, log).catch(() => undefined);
    throw error;
  }
  return {
    databaseUrl: targets.postgres.url,
    redisUrl: targets.redis.url,
    natsUrl: targets.nats.url,
    natsPasswords: targets.nats.local
      ? await readNatsPasswords(serverDataDir(dataDir, 'nats', targets.nats.port))
      : undefined,
    started,
  };
}

export async function stopServers(started: StartedServer[], log: Log = defaultLog): Promise<void> {
  const results = await Promise.allSettled(started.map((server) => stopServer(server, log)));
  const failures = results.flatMap((result) =>
    result.status === 'rejected' ? [errorMessage(result.reason)] : [],
  );
  if (failures.length > 0) {
    throw new Error(failures.join('; '));
  }
}

function resolveTargets(options: ProvisionOptions): Record<InfraKind, ServiceTarget> {
  const defaults = defaultUrls(options.namespace);
  const env = options.env ?? {};
  const pick = (kind: InfraKind, explicit: string | undefined): ServiceTarget =>
    parseServiceUrl(
      kind,
      explicit !== undefined && explicit.trim() !== '' ? explicit.trim() : defaults[kind],
    );
  return {
    postgres: pick('postgres', env.DATABASE_URL),
    redis: pick('redis', env.REDIS_URL),
    nats: pick('nats', env.NATS_URL),
  };
}

function systemDefaultDataDir(): string {
  return defaultDataDir({
    uid: typeof process.getuid === 'function' ? process.getuid() : null,
    env: process.env,
    homedir: os.homedir(),
  });
}

// All probes run in parallel so that reusing running servers costs one round trip, not three.
async function targetsToStart(targets: ServiceTarget[], log: Log): Promise<ServiceTarget[]> {
  const probes = await Promise.all(
    targets.map(async (target) => ({ target, probe: await DRIVERS[target.kind].probe(target) })),
  );
  const problems: string[] = [];
  const down: ServiceTarget[] = [];
  for (const { target, probe } of probes) {
    const label = DRIVERS[target.kind].label;
    const where = redactUrl(target.url);
    if (probe.state === 'ready') {
      log(`${label} answers at ${where}; reusing it`);
    } else if (probe.state === 'unusable') {
      problems.push(`${label} at ${where} answers but cannot be used: ${probe.reason}`);
    } else if (!target.local) {
      problems.push(
        `${label} at ${where} is not reachable (${probe.reason}): start it or set ${envNameOf(target.kind)} ` +
          'to a server that runs',
      );
    } else {
      down.push(target);
    }
  }
  if (problems.length > 0) {
    throw new Error(problems.join('; '));
  }
  return down;
}

async function installMissingPrograms(
  down: ServiceTarget[],
  allowInstall: boolean,
  log: Log,
): Promise<ServiceTarget[]> {
  const missing = await kindsWithoutPrograms(down.map((target) => target.kind));
  if (missing.length === 0) {
    return down;
  }
  const packages = missing.map((kind) => DRIVERS[kind].aptPackage);
  const labels = missing.map((kind) => DRIVERS[kind].label).join(', ');
  if (!allowInstall) {
    throw new Error(
      `${labels} must be started here but not installed: install the Debian packages ${packages.join(' ')}.`,
    );
  }
  const postgresTarget = missing.includes('postgres')
    ? down.find((target) => target.kind === 'postgres')
    : undefined;
  const clustersBefore = postgresTarget !== undefined ? await listDebianClusters() : [];
  await installPackages(packages, log);
  if (postgresTarget !== undefined) {
    await stopClustersCreatedByInstall(clustersBefore, [postgresTarget.port], log);
  }
  if (missing.includes('nats')) {
    await disableUnitStartedByInstall('nats-server', log);
  }
  const stillMissing = await kindsWithoutPrograms(missing);
  if (stillMissing.length > 0) {
    throw new Error(
      `Installed ${packages.join(' ')} but still cannot find the programs for ${stillMissing.join(', ')}.`,
    );
  }
  // Package scripts may have started their own service on the port we need; a usable one is reused.
  return targetsToStart(down, log);
}

/**
 * Installs the Debian package of NATS's server when its program is missing: for a server started
 * apart from provisioning, where the one provisioning found running is somebody else's.
 */
export async function ensureNatsProgram(log: Log = defaultLog): Promise<void> {
  if ((await kindsWithoutPrograms(['nats'])).length === 0) return;
  await installPackages([natsDriver.aptPackage], log);
  await disableUnitStartedByInstall('nats-server', log);
  if ((await kindsWithoutPrograms(['nats'])).length > 0) {
    throw new Error(`Installed ${natsDriver.aptPackage} but still cannot find nats-server.`);
  }
}

async function kindsWithoutPrograms(kinds: InfraKind[]): Promise<InfraKind[]> {
  const present = await Promise.all(kinds.map((kind) => DRIVERS[kind].binariesPresent()));
  return kinds.filter((_, index) => !present[index]);
}

async function startServers(targets: ServiceTarget[], dataDir: string, log: Log): Promise<StartedServer[]> {
  if (targets.length === 0) {
    return [];
  }
  const root = path.resolve(dataDir);
  const dataDirCreated = (await mkdir(root, { recursive: true })) !== undefined;
  const results = await Promise.allSettled(
    targets.map((target) => startServer(target, root, dataDirCreated, log)),
  );
  const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failures = results.flatMap((result) =>
    result.status === 'rejected' ? [errorMessage(result.reason)] : [],
  );
  if (failures.length > 0) {
    // Servers are only useful together; do not leave half a set running that nobody knows to stop.
    await stopServers(started, log).catch(() => undefined);
    throw new Error(failures.join('; '));
  }
  return started;
}

async function startServer(
  target: ServiceTarget,
  dataDir: string,
  dataDirCreated: boolean,
  log: Log,
): Promise<StartedServer> {
  const driver = DRIVERS[target.kind];
  const serverDir = serverDataDir(dataDir, target.kind, target.port);
  await mkdir(serverDir, { recursive: true, mode: 0o700 });
  const handle = await driver.start({ target, serverDir, dataDir, dataDirCreated, log });
  let exited = false;
  const ready = await waitUntil(
    async () => {
      exited = await handle.hasExited();
      return (
        exited ||
        ((await driver.probe(target)).state === 'ready' && (await driver.readPid(serverDir)) !== null)
      );
    },
    READY_TIMEOUT_MS,
    `${driver.label} on port ${target.port}`,
    POLL_INTERVAL_MS,
  ).then(
    () => true,
    // A timeout is reported below, with the end of the server's log.
    () => false,
  );
  if (exited || !ready) {
    const logFile = driver.logFile(serverDir);
    const what = exited
      ? 'exited right after starting'
      : `did not answer within ${READY_TIMEOUT_MS / 1000} s`;
    throw new Error(
      `${driver.label} on port ${target.port} ${what}; end of ${logFile}: ${await tailFile(logFile)}`,
    );
  }
  const pid = await driver.readPid(serverDir);
  log(`${driver.label} is up on ${target.host}:${target.port} (pid ${pid})`);
  return { kind: target.kind, port: target.port, dataDir: serverDir, pid };
}

async function stopServer(server: StartedServer, log: Log): Promise<void> {
  const driver = DRIVERS[server.kind];
  await driver.stop(server, log);
  const markers = [driver.programName, String(server.port)];
  await waitUntil(
    async () =>
      !(await isLoopbackPortOpen(server.port)) &&
      (server.pid === null || !(await processRuns(server.pid, markers))),
    STOP_TIMEOUT_MS,
    `${driver.label} on port ${server.port} to stop`,
    POLL_INTERVAL_MS,
  ).catch(() => {
    throw new Error(
      `${driver.label} on port ${server.port} still runs ${STOP_TIMEOUT_MS / 1000} s after being asked to stop`,
    );
  });
}
