import { installPackages } from '../infra/apt';
import { findExecutable } from '../infra/processes';
import { disableUnitStartedByInstall } from '../infra/systemd';
import type { Log } from '../infra/types';

/** Debian ships promtool in the Prometheus server's package. */
const PROMTOOL_PACKAGE = 'prometheus';

/**
 * Prometheus's promtool, which tests the chart's alert rules: Debian's `prometheus` package is
 * installed when it is missing (as root), its server switched off again, since only the tool is
 * wanted.
 */
export async function ensurePromtool(log: Log): Promise<string> {
  const found = await findExecutable('promtool');
  if (found) return found;
  await installPackages([PROMTOOL_PACKAGE], log, 'to test the alert rules');
  await disableUnitStartedByInstall(PROMTOOL_PACKAGE, log);
  const installed = await findExecutable('promtool');
  if (!installed) throw new Error(`apt-get installed ${PROMTOOL_PACKAGE}, yet promtool is still missing.`);
  return installed;
}
