import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { busAccess, STREAM_KEEPER } from '@promptlib/proto';

import { ADMIN_USER, passwordVariable } from '../nats-config/render-nats-config';
import { NATS_CONFIG_PATH } from '../nats-config/write-nats-config';

/** Each NATS user's password on a server this machine started, by user name. */
export type NatsPasswords = Record<string, string>;

const USERS = [...Object.keys(busAccess), STREAM_KEEPER, ADMIN_USER];
const PASSWORDS_FILE = 'passwords.json';
const CONFIG_FILE = 'nats-server.conf';

/** The passwords of a server we started in serverDir, made on its first start and kept (0600) beside its data. */
export async function ensureNatsPasswords(serverDir: string): Promise<NatsPasswords> {
  const known = await readNatsPasswords(serverDir);
  if (known) return known;
  const passwords = newNatsPasswords();
  await writeFile(path.join(serverDir, PASSWORDS_FILE), JSON.stringify(passwords, null, 2), { mode: 0o600 });
  return passwords;
}

/** A fresh password for every user of the shipped config. */
export function newNatsPasswords(): NatsPasswords {
  // nats-server parses a variable's value like a config value: one starting with a digit is read as
  // a number and refused, so each password starts with a letter.
  return Object.fromEntries(USERS.map((user) => [user, `p${randomBytes(18).toString('hex')}`]));
}

export async function readNatsPasswords(serverDir: string): Promise<NatsPasswords | undefined> {
  try {
    const passwords = JSON.parse(
      await readFile(path.join(serverDir, PASSWORDS_FILE), 'utf8'),
    ) as NatsPasswords;
    return USERS.every((user) => typeof passwords[user] === 'string') ? passwords : undefined;
  } catch {
    return undefined;
  }
}

/** The environment the server's config reads the passwords from. */
export function passwordEnv(passwords: NatsPasswords): Record<string, string> {
  return Object.fromEntries(USERS.map((user) => [passwordVariable(user), passwords[user]]));
}

/**
 * The config a developer's server runs: the shipped one, plus one line for this machine only. A
 * connection without credentials (a test, a tool) is the admin user, while every app `npm start`
 * runs connects as its own user with its own permissions. The server listens on loopback.
 */
export async function writeDevelopmentConfig(serverDir: string): Promise<string> {
  const file = path.join(serverDir, CONFIG_FILE);
  // A copy, not an include: nats-server reads include paths relative to the including file only.
  const shipped = await readFile(NATS_CONFIG_PATH, 'utf8');
  await writeFile(file, `${shipped}\n# This machine only.\nno_auth_user: ${ADMIN_USER}\n`);
  return file;
}
