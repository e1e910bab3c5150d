import { chromium, type Browser } from 'playwright-core';

// The flags of system-tests/support/browser.ts, so the bench sees the browser the e2e tests see:
// Debian's Chromium (Playwright cannot download its own here), no sandbox (CI runs as root), and
// nothing that calls home during a measurement.
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
 * Playwright's own signal handlers stay off: the bench's cleanup closes the browser on Ctrl-C, in
 * its order, after the measurement that is using it has been abandoned.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}
