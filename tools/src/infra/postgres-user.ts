import { chmod, chown, mkdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { isRoot, runCommand, type RunOptions, type RunResult } from './processes';

const SYSTEM_USER = 'postgres';

// initdb and postgres refuse to run as root, so as root every Postgres program runs as the postgres user.
export function runPostgresProgram(
  file: string,
  args: string[],
  options: RunOptions = {},
): Promise<RunResult> {
  const cwd = options.cwd ?? '/';
  if (isRoot()) {
    return runCommand('runuser', ['-u', SYSTEM_USER, '--', file, ...args], { ...options, cwd });
  }
  return runCommand(file, args, { ...options, cwd });
}

export async function preparePostgresDir(
  serverDir: string,
  dataDir: string,
  dataDirCreated: boolean,
): Promise<void> {
  if (!isRoot()) {
    await mkdir(serverDir, { recursive: true, mode: 0o700 });
    return;
  }
  const { uid, gid } = await systemUserIds();
  await openDataDirForTraversal(dataDir, dataDirCreated);
  await mkdir(serverDir, { recursive: true, mode: 0o700 });
  await chown(serverDir, uid, gid);
  await chmod(serverDir, 0o700);
  await assertReachable(serverDir);
}

async function systemUserIds(): Promise<{ uid: number; gid: number }> {
  try {
    const uid = Number((await runCommand('id', ['-u', SYSTEM_USER])).stdout.trim());
    const gid = Number((await runCommand('id', ['-g', SYSTEM_USER])).stdout.trim());
    return { uid, gid };
  } catch {
    throw new Error(
      `Running as root, Postgres must run as the "${SYSTEM_USER}" system user, which does not exist: ` +
        'install the Debian postgresql package or run as a normal user.',
    );
  }
}

// mkdtemp creates 0700 folders; the postgres user needs to pass through them to reach its own folder.
async function openDataDirForTraversal(dataDir: string, dataDirCreated: boolean): Promise<void> {
  const mode = (await stat(dataDir)).mode & 0o777;
  const othersCanEnter = (mode & 0o001) !== 0;
  const isTempDir = path.dirname(dataDir) === path.resolve(os.tmpdir());
  if (!othersCanEnter && (dataDirCreated || (isTempDir && mode === 0o700))) {
    await chmod(dataDir, 0o711);
  }
}

async function assertReachable(serverDir: string): Promise<void> {
  if (await postgresCanEnter(serverDir)) {
    return;
  }
  const parts = path
    .resolve(serverDir)
    .split(path.sep)
    .filter((part) => part !== '');
  let current: string = path.sep;
  for (const part of parts) {
    current = path.join(current, part);
    if (!(await postgresCanEnter(current))) {
      throw new Error(
        `The "${SYSTEM_USER}" system user cannot enter ${current}, so Postgres cannot use ${serverDir}: ` +
          `run "chmod o+x ${current}" or choose another --data-dir.`,
      );
    }
  }
}

async function postgresCanEnter(dir: string): Promise<boolean> {
  try {
    await runCommand('runuser', ['-u', SYSTEM_USER, '--', 'test', '-x', dir], { cwd: '/' });
    return true;
  } catch {
    return false;
  }
}
