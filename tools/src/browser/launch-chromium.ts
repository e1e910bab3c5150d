import { chromium, type Browser } from 'playwright-core';
import { SYSTEM_CHROMIUM } from './ensure-chromium';

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
};

/**
 * Debian's Chromium (or CHROMIUM_PATH, which the test runner sets after ensureChromium), the one
 * browser the e2e tests and the benchmarks drive. Close it when done: a browser left open outlives
 * the run as stray processes.
 */
export function launchChromium({ handleSignals = true }: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || SYSTEM_CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    handleSIGINT: handleSignals,
    handleSIGTERM: handleSignals,
    handleSIGHUP: handleSignals,
  });
}
