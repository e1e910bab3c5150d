import { existsSync } from 'node:fs';
import { installPackages } from '../infra/apt';
import { findExecutable, isExecutable, isRoot } from '../infra/processes';
import type { Log } from '../infra/types';

// Playwright's own browser download cannot work here; the tests drive Debian's builds instead.
export type ChromiumBuild = {
  /** The environment variable that points at another executable of this build. */
  variable: string;
  systemPath: string;
  /** The Debian packages that make it, and a file each leaves behind to tell it is there. */
  debianPackages: { name: string; installs: string }[];
};

/**
 * The whole browser: the one that loads extensions, and the one the benchmarks measure. Its
 * languages besides English come in a package of their own: the extension follows the browser's
 * language, and is tested in German.
 */
export const CHROMIUM: ChromiumBuild = {
  variable: 'CHROMIUM_PATH',
  systemPath: '/usr/bin/chromium',
  debianPackages: [
    { name: 'chromium', installs: '/usr/bin/chromium' },
    { name: 'chromium-l10n', installs: '/usr/lib/chromium/locales/de.pak' },
  ],
};

/**
 * Debian's build of Chromium's headless shell: the same Blink and V8 without the browser's own
 * interface around them. The page tests run in it: on this 2-core machine a browser test is bound
 * by Chromium's CPU, and the shell spends about a fifth less of it than the whole browser (the
 * browser step 456 s → 364 s, the same tests passing). It cannot load extensions.
 */
export const CHROMIUM_HEADLESS_SHELL: ChromiumBuild = {
  variable: 'CHROMIUM_SHELL_PATH',
  systemPath: '/usr/bin/chromium-headless-shell',
  debianPackages: [{ name: 'chromium-headless-shell', installs: '/usr/bin/chromium-headless-shell' }],
};

export const SYSTEM_CHROMIUM = CHROMIUM.systemPath;

export type ChromiumFacts = {
  override: { path: string; usable: boolean } | null;
  systemUsable: boolean;
  canInstall: boolean;
};

export type ChromiumPlan =
  { action: 'use'; path: string } | { action: 'install' } | { action: 'refuse'; reason: string };

export function planChromium(facts: ChromiumFacts, build: ChromiumBuild = CHROMIUM): ChromiumPlan {
  // A developer's explicit choice wins, and a wrong one is an error rather than a silent fallback.
  if (facts.override) {
    return facts.override.usable
      ? { action: 'use', path: facts.override.path }
      : { action: 'refuse', reason: `${build.variable}=${facts.override.path} is not an executable file.` };
  }
  if (facts.systemUsable) return { action: 'use', path: build.systemPath };
  if (facts.canInstall) return { action: 'install' };
  const names = build.debianPackages.map((each) => each.name).join(' ');
  return {
    action: 'refuse',
    reason:
      `The browser tests need ${build.systemPath}: install the Debian packages ` +
      `${names} (apt-get install -y ${names}) as root, or set ${build.variable}.`,
  };
}

/**
 * The executables of both builds, as the environment variables the browser tests read, each
 * installed with apt-get first (in one call) when missing and allowed.
 */
export async function ensureChromium(
  log: Log,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Record<string, string>> {
  const builds = [CHROMIUM, CHROMIUM_HEADLESS_SHELL];
  const canInstall = isRoot() && (await findExecutable('apt-get')) !== null;
  const plans = await Promise.all(
    builds.map(async (build) => {
      const overridePath = env[build.variable];
      const facts: ChromiumFacts = {
        override: overridePath ? { path: overridePath, usable: await isExecutable(overridePath) } : null,
        systemUsable:
          (await isExecutable(build.systemPath)) &&
          build.debianPackages.every((each) => existsSync(each.installs)),
        canInstall,
      };
      return { build, plan: planChromium(facts, build) };
    }),
  );
  const refused = plans.flatMap(({ plan }) => (plan.action === 'refuse' ? [plan.reason] : []));
  if (refused.length > 0) throw new Error(refused.join(' '));

  const missing = plans.filter(({ plan }) => plan.action === 'install').map(({ build }) => build);
  if (missing.length > 0) {
    const names = missing.flatMap((build) => build.debianPackages.map((each) => each.name));
    await installPackages(names, log, 'for the browser tests');
  }
  const paths: Record<string, string> = {};
  for (const { build, plan } of plans) {
    const path = plan.action === 'use' ? plan.path : build.systemPath;
    if (!(await isExecutable(path))) {
      throw new Error(`apt-get installed the packages of ${build.systemPath}, yet ${path} is still missing.`);
    }
    paths[build.variable] = path;
  }
  return paths;
}
