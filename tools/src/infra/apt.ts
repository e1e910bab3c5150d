import { spawn } from 'node:child_process';

import { findExecutable, isRoot } from './processes';
import type { Log } from './types';

let updated = false;

/** Installs Debian packages as root; `purpose` says in the log what they are for. */
export async function installPackages(
  packages: string[],
  log: Log,
  purpose = 'needed to run the servers locally',
): Promise<void> {
  const aptGet = await findExecutable('apt-get');
  if (!isRoot() || aptGet === null) {
    throw new Error(
      `Missing programs: install the Debian packages ${packages.join(' ')} (apt-get install -y ...).`,
    );
  }
  log(`installing ${packages.join(', ')} with apt-get (${purpose})`);
  const command = aptCommand(aptGet, await findExecutable('flock'));
  if (!updated) {
    await runApt(command, ['update']);
    updated = true;
  }
  await runApt(command, ['install', '-y', '--no-install-recommends', ...packages]);
}

// Where our installs may overlap (an `npm start` beside an `npm test` on a new machine, two checkouts
// testing at once), one waits for the other instead of failing on apt's lock: `flock` holds a lock
// of ours around each call, and DPkg::Lock::Timeout waits out any other program's install.
export const APT_LOCK_FILE = '/var/lock/promptlib-apt.lock';
const DPKG_LOCK_WAIT_SECONDS = 600;

/** The program and leading arguments that run apt-get, behind our lock where `flock` exists. */
export function aptCommand(aptGet: string, flock: string | null): [string, string[]] {
  const apt = [aptGet, '-o', `DPkg::Lock::Timeout=${DPKG_LOCK_WAIT_SECONDS}`];
  return flock === null ? [apt[0], apt.slice(1)] : [flock, [APT_LOCK_FILE, ...apt]];
}

// apt's progress goes to our stderr so a caller's stdout (e.g. the CLI's --json) stays clean.
function runApt([program, leading]: [string, string[]], args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...leading, ...args], {
      stdio: ['ignore', 2, 2],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    child.once('error', (error) => reject(new Error(`apt-get ${args[0]} could not run: ${error.message}`)));
    child.once('exit', (code, signal) => {
      if (code === 0) {
        resolve();
        return;
      }
      reject(
        new Error(
          `apt-get ${args.join(' ')} failed (${signal ?? `exit code ${code}`}); see its output above.`,
        ),
      );
    });
  });
}
