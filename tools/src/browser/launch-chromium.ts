import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_HEADLESS_SHELL, type ChromiumBuild } from './ensure-chromium';

// No sandbox: CI runs as root. The other flags keep Chromium from calling home during a test or a
// measurement.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type LaunchOptions = {
  /** Off for a program that closes the browser itself, in its own order, on Ctrl-C. */
  handleSignals?: boolean;
  /**
   * The headless shell instead of the whole browser: what the page tests run in. Where it is not
   * installed (and not named by CHROMIUM_SHELL_PATH), the whole browser takes its place.
   */
  headlessShell?: boolean;
};

function executable(build: ChromiumBuild): string | undefined {
  return process.env[build.variable] || (existsSync(build.systemPath) ? build.systemPath : undefined);
}

/**
 * The executable a test or a benchmark launches: the whole browser (CHROMIUM_PATH, else Debian's),
 * or with `headlessShell` the shell where there is one (CHROMIUM_SHELL_PATH, else Debian's).
 */
export function chromiumExecutable({ headlessShell = false }: { headlessShell?: boolean } = {}): string {
  return (
    (headlessShell ? executable(CHROMIUM_HEADLESS_SHELL) : undefined) ??
    executable(CHROMIUM) ??
    CHROMIUM.systemPath
  );
}

/**
 * Debian's Chromium (or CHROMIUM_PATH, which the test runner sets after ensureChromium), the
 * browser the benchmarks measure, or its headless shell for the page tests. Close it when done: a
 * browser left open outlives the run as stray processes.
 */
export function launchChromium({
  handleSignals = true,
  headlessShell = false,
}: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumExecutable({ headlessShell }),
    headless: true,
    args: CHROMIUM_ARGS,
    handleSIGINT: handleSignals,
    handleSIGTERM: handleSignals,
    handleSIGHUP: handleSignals,
  });
}
