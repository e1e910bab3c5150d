import { installPackages } from '../infra/apt';
import { findExecutable, isExecutable, isRoot } from '../infra/processes';
import type { Log } from '../infra/types';

// Playwright's own browser download cannot work here; the tests drive Debian's build instead.
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_PACKAGE = 'chromium';

export type ChromiumFacts = {
  override: { path: string; usable: boolean } | null;
  systemUsable: boolean;
  canInstall: boolean;
};

export type ChromiumPlan =
  { action: 'use'; path: string } | { action: 'install' } | { action: 'refuse'; reason: string };

export function planChromium(facts: ChromiumFacts): ChromiumPlan {
  // A developer's explicit choice wins, and a wrong one is an error rather than a silent fallback.
  if (facts.override) {
    return facts.override.usable
      ? { action: 'use', path: facts.override.path }
      : { action: 'refuse', reason: `CHROMIUM_PATH=${facts.override.path} is not an executable file.` };
  }
  if (facts.systemUsable) return { action: 'use', path: SYSTEM_CHROMIUM };
  if (facts.canInstall) return { action: 'install' };
  return {
    action: 'refuse',
    reason:
      `The browser tests need Chromium at ${SYSTEM_CHROMIUM}: install the Debian package ` +
      `${CHROMIUM_PACKAGE} (apt-get install -y ${CHROMIUM_PACKAGE}) as root, or set CHROMIUM_PATH.`,
  };
}

/** The Chromium executable the browser tests launch, installed with apt-get first when missing and allowed. */
export async function ensureChromium(log: Log, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const overridePath = env.CHROMIUM_PATH;
  const plan = planChromium({
    override: overridePath ? { path: overridePath, usable: await isExecutable(overridePath) } : null,
    systemUsable: await isExecutable(SYSTEM_CHROMIUM),
    canInstall: isRoot() && (await findExecutable('apt-get')) !== null,
  });
  if (plan.action === 'use') return plan.path;
  if (plan.action === 'refuse') throw new Error(plan.reason);
  log(`Chromium is missing at ${SYSTEM_CHROMIUM}; installing the Debian package ${CHROMIUM_PACKAGE}`);
  await installPackages([CHROMIUM_PACKAGE], log);
  if (!(await isExecutable(SYSTEM_CHROMIUM))) {
    throw new Error(`apt-get installed ${CHROMIUM_PACKAGE}, yet ${SYSTEM_CHROMIUM} is still missing.`);
  }
  return SYSTEM_CHROMIUM;
}
