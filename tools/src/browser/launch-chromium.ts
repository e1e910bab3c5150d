import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_HEADLESS_SHELL, type ChromiumBuild } from './ensure-chromium';

// No sandbox: CI runs as root. The other flags keep Chromium from calling home during a test or a
// measurement.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * For tests, never for benchmarks: V8's optimizing compilers (Maglev and Turbofan) off in every
 * page. A test's page lives for seconds, too short for optimized code to pay back compiling it,
 * which ran on the renderer's background threads on cores the tests are short of: a dashboard load
 * cost Chromium 2.33 CPU-s with them and 2.06 without, and the dashboard's browser tests' renderers
 * 103.9 against 76.3. Sparkplug, the cheap baseline compiler, stays: without it they cost more.
 * Benchmarks measure the app as users' browsers run it, optimizers on.
 */
export const TEST_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--js-flags=--no-opt --no-maglev'];

export type LaunchOptions = {
  /** Off for a program that closes the browser itself, in its own order, on Ctrl-C. */
  handleSignals?: boolean;
  /**
   * The headless shell instead of the whole browser: what the page tests run in. Where it is not
   * installed (and not named by CHROMIUM_SHELL_PATH), the whole browser takes its place.
   */
  headlessShell?: boolean;
  /** A browser for tests, with TEST_CHROMIUM_ARGS; off for a benchmark. */
  forTests?: boolean;
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
  forTests = false,
}: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumExecutable({ headlessShell }),
    headless: true,
    args: forTests ? TEST_CHROMIUM_ARGS : CHROMIUM_ARGS,
    handleSIGINT: handleSignals,
    handleSIGTERM: handleSignals,
    handleSIGHUP: handleSignals,
  });
}
