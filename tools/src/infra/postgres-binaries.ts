import { readdir } from 'node:fs/promises';
import path from 'node:path';

import { findExecutable, isExecutable } from './processes';

export type PostgresBinaries = { initdb: string; pgCtl: string };

const DEBIAN_ROOT = '/usr/lib/postgresql';

// Debian installs each major version side by side and puts none of them on PATH; the newest wins.
export async function findPostgresBinaries(): Promise<PostgresBinaries | null> {
  for (const version of await installedVersions()) {
    const bin = path.join(DEBIAN_ROOT, version, 'bin');
    const initdb = path.join(bin, 'initdb');
    const pgCtl = path.join(bin, 'pg_ctl');
    if ((await isExecutable(initdb)) && (await isExecutable(pgCtl))) {
      return { initdb, pgCtl };
    }
  }
  const initdb = await findExecutable('initdb');
  const pgCtl = await findExecutable('pg_ctl');
  return initdb !== null && pgCtl !== null ? { initdb, pgCtl } : null;
}

export async function requirePostgresBinaries(): Promise<PostgresBinaries> {
  const binaries = await findPostgresBinaries();
  if (binaries === null) {
    throw new Error(
      'Postgres programs initdb and pg_ctl were not found: install the Debian postgresql package.',
    );
  }
  return binaries;
}

async function installedVersions(): Promise<string[]> {
  try {
    const entries = await readdir(DEBIAN_ROOT);
    return entries.filter((entry) => /^\d+(\.\d+)?$/.test(entry)).sort((a, b) => Number(b) - Number(a));
  } catch {
    return [];
  }
}
