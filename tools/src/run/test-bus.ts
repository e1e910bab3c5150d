import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PrivateNatsServer } from '@promptlib/platform/testing';
import { ensureNatsProgram } from '../infra/bootstrap';
import {
  newNatsPasswords,
  passwordEnv,
  writeDevelopmentConfig,
  type NatsPasswords,
} from '../infra/nats-credentials';
import { natsUserEnv } from './apps';

/**
 * Where a test run hands its NATS users' passwords to the suites (JSON, user → password): every
 * process a test starts connects as its own user, with only the permissions production gives it.
 */
export const TEST_BUS_PASSWORDS = 'TEST_NATS_PASSWORDS';

export type TestBus = {
  /** The server itself, for a test that stops and starts it (the bus's outage). */
  server: PrivateNatsServer;
  url: string;
  passwords: NatsPasswords;
  remove: () => Promise<void>;
};

/**
 * The NATS every suite of `npm test` runs on: a server of the run's own with the shipped
 * permissions (deploy/nats/nats-server.conf), whatever NATS provisioning found. A connection
 * without credentials (a test looking into the bus) is the admin user, as on a developer's server.
 */
export async function startTestBus(log: (line: string) => void): Promise<TestBus> {
  await ensureNatsProgram(log);
  const binary = PrivateNatsServer.binary();
  if (!binary) throw new Error('nats-server was not found: install the Debian nats-server package.');
  const passwords = newNatsPasswords();
  const configDir = await mkdtemp(path.join(tmpdir(), 'test-bus-'));
  const server = await PrivateNatsServer.create(binary, {
    config: await writeDevelopmentConfig(configDir),
    env: passwordEnv(passwords),
  });
  const remove = async () => {
    await server.remove();
    await rm(configDir, { recursive: true, force: true });
  };
  try {
    await server.start();
  } catch (error) {
    await remove();
    throw error;
  }
  log(`NATS for the tests at ${server.url}, each process as its own user (deploy/nats/nats-server.conf)`);
  return { server, url: server.url, passwords, remove };
}

/** The passwords a test run handed down, or undefined on a bus without them (a test run by hand). */
export function testBusPasswords(env: NodeJS.ProcessEnv = process.env): NatsPasswords | undefined {
  const given = env[TEST_BUS_PASSWORDS];
  return given ? (JSON.parse(given) as NatsPasswords) : undefined;
}

/** Who `app` (a service, the gateway, or the migrate step's stream keeper) is on the test run's bus. */
export function testBusUserEnv(app: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return natsUserEnv(app, testBusPasswords(env));
}
