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
  if (!updated) {
    await runApt(aptGet, ['update']);
    updated = true;
  }
  await runApt(aptGet, ['install', '-y', '--no-install-recommends', ...packages]);
}

// apt's progress goes to our stderr so a caller's stdout (e.g. the CLI's --json) stays clean.
function runApt(aptGet: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(aptGet, args, {
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
