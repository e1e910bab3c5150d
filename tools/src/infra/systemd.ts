import { errorMessage } from './errors';
import { findExecutable, runCommand } from './processes';
import type { Log } from './types';

// Debian's nats-server package enables a service without JetStream on 4222; right after we installed the
// package, such a unit can only be the package's doing, so it is switched off to free the port for ours.
export async function disableUnitStartedByInstall(unit: string, log: Log): Promise<void> {
  const systemctl = await findExecutable('systemctl');
  if (systemctl === null || !(await isActive(systemctl, unit))) {
    return;
  }
  log(`stopping and disabling ${unit}.service, which the package install started`);
  try {
    await runCommand(systemctl, ['disable', '--now', unit]);
  } catch (error) {
    throw new Error(
      `Could not stop ${unit}.service started by the install (${errorMessage(error)}): stop it yourself.`,
    );
  }
}

async function isActive(systemctl: string, unit: string): Promise<boolean> {
  try {
    await runCommand(systemctl, ['is-active', '--quiet', unit]);
    return true;
  } catch {
    return false;
  }
}
