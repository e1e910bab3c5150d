import { AxeBuilder } from '@axe-core/playwright';
import type { UnlabelledFrameSelector } from 'axe-core';
import { commonMessages, type ApiError } from '@promptlib/proto';
import { launchChromium } from '@promptlib/tools/testing';
import {
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Locator,
  type Page,
  type Request,
  type Response,
  type Route,
} from 'playwright-core';

const CSP_BINDING = '__promptlibReportCspViolation';

// Runs in the page before any of its scripts; a string because this package is compiled without the DOM types.
const REPORT_CSP_VIOLATIONS = `
document.addEventListener('securitypolicyviolation', (event) => {
  window.${CSP_BINDING}(
    event.violatedDirective + ' blocked ' + (event.blockedURI || 'an unknown resource') +
      ' in ' + (event.sourceFile || event.documentURI) + ':' + event.lineNumber,
  );
});
`;

const CSP_CONSOLE_TEXT = /Content Security Policy|Refused to/;
// Chromium logs every 4xx/5xx answer as a console error; responseProblem judges those with the status in hand.
const HTTP_STATUS_CONSOLE_TEXT = /^Failed to load resource: the server responded with a status of/;

export type PageOptions = {
  locale?: string;
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** A phone: touch events and the page's own viewport meta honoured. */
  phone?: boolean;
};

export type OpenedPage = {
  context: BrowserContext;
  page: Page;
  /**
   * Console errors, uncaught exceptions, CSP violations and failed HTTP answers seen so far, one readable
   * line each. A 4xx from /api/ is not one: the app is built to handle those (401 when signed out).
   */
  problems: () => string[];
};

export type ScriptRequest = { url: string; encodedBytes: number };
export type ScriptWeight = { requests: ScriptRequest[]; totalEncodedBytes: number };

/**
 * Chromium's headless shell, which renders pages as the whole browser does for less CPU (the
 * extension's tests, which need the whole browser, launch their own), with the flags for tests
 * (`TEST_CHROMIUM_ARGS`: V8's optimizing compilers off). Close it in afterAll: a
 * browser left open outlives the run as stray processes.
 *
 * One per file, not one for the whole run: a run-wide one (`launchServer`, each file connecting to
 * it) saved none of Chromium's CPU, whose browser and GPU processes spend it per page rather than
 * per launch (70 CPU-s in 8 processes against 69 in 57), cost vitest's main process, where
 * Playwright's server ran, 27 CPU-s more, and broke tests: files side by side shared one clipboard,
 * and a download's file cannot be read through a connection.
 */
export function launchBrowser(): Promise<Browser> {
  return launchChromium({ headlessShell: true, forTests: true });
}

/**
 * A page in a context of its own (axe needs a context made with `browser.newContext()`, and a fresh
 * one shares no cookies or cache with other tests). Close the context when done.
 */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    hasTouch: options.phone ?? false,
    isMobile: options.phone ?? false,
  });
  try {
    const problems: string[] = [];
    // The event sees violations Chromium may not log, e.g. those of a policy in report-only mode.
    await context.exposeBinding(CSP_BINDING, (_source, description: unknown) => {
      problems.push(`CSP violation: ${String(description)}`);
    });
    await context.addInitScript({ content: REPORT_CSP_VIOLATIONS });
    const page = await context.newPage();
    page.on('console', (message) => {
      const problem = consoleProblem(message);
      if (problem) problems.push(problem);
    });
    page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.stack ?? error.message}`));
    page.on('response', (response) => {
      const problem = responseProblem(response);
      if (problem) problems.push(problem);
    });
    return { context, page, problems: () => [...problems] };
  } catch (error) {
    await context.close();
    throw error;
  }
}

function consoleProblem(message: ConsoleMessage): string | null {
  const text = message.text();
  if (CSP_CONSOLE_TEXT.test(text)) return `CSP violation (console): ${text}`;
  if (message.type() !== 'error' || HTTP_STATUS_CONSOLE_TEXT.test(text)) return null;
  const { url, lineNumber } = message.location();
  return `console error: ${text}${url ? ` (${url}:${lineNumber})` : ''}`;
}

function responseProblem(response: Response): string | null {
  const status = response.status();
  const { pathname } = new URL(response.url());
  if (status < 400) return null;
  // Browsers ask for /favicon.ico on their own; its absence is not the app's error.
  if (status === 404 && pathname === '/favicon.ico') return null;
  if (status < 500 && pathname.startsWith('/api/')) return null;
  // The page of a link that is gone is served with the 404 it is; the SPA shows 'Prompt Not Found'.
  if (status === 404 && pathname.startsWith('/shared/')) return null;
  return `HTTP ${status}: ${response.request().method()} ${response.url()}`;
}

/**
 * Runs `act` (a click, usually) and waits for `passing` to show, watched for from before the act: a
 * state that shows for a moment (the 2-second "Copied!") can come and go before a check begun
 * after the act has returned, on a loaded machine.
 */
export async function actAndSee(act: () => Promise<unknown>, passing: Locator): Promise<void> {
  const seen = passing.waitFor();
  // Settled here too, so that an act which throws leaves no rejection unheard.
  seen.catch(() => undefined);
  await act();
  await seen;
}

/** Answers a routed call as the gateway does while the service behind it is down. */
export function answerServiceUnavailable(route: Route): Promise<void> {
  const body: ApiError = {
    statusCode: 503,
    error: 'Service Unavailable',
    code: 'SERVICE_UNAVAILABLE',
    message: commonMessages.unavailable,
  };
  return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(body) });
}

/** The axe violations that block or badly hinder someone, one line each; minor and moderate ones pass. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  // Contrast is judged on the settled page: a dialog or menu halfway through fading in is not what users read.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  // Legacy mode runs axe in the page itself instead of gathering the results in a blank page opened
  // for each scan: the app has no frames, so nothing goes unchecked, and a scan costs about half
  // the time and a fifth of the test process's CPU (2.3 s → 1.1 s, 0.75 → 0.17 CPU-s). Only the
  // violations are needed, so axe builds selectors for them alone.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const [first] = violation.nodes;
      const where = first ? formatTarget(first.target) : 'no element';
      const more = violation.nodes.length > 1 ? ` and ${violation.nodes.length - 1} more` : '';
      return `${violation.id} (${violation.impact}): ${violation.help} at ${where}${more}`;
    });
}

function formatTarget(target: UnlabelledFrameSelector): string {
  return target.map((selector) => (Array.isArray(selector) ? selector.join(' >>> ') : selector)).join(' | ');
}

/**
 * Loads `url` and adds up the bytes that travelled for its JavaScript (compressed size, as users pay
 * for it), module preloads included. Use a fresh page: a script served from cache transfers nothing.
 */
export async function measureScripts(page: Page, url: string): Promise<ScriptWeight> {
  const pending: Promise<ScriptRequest | null>[] = [];
  const onFinished = (request: Request) => pending.push(scriptRequest(request));
  page.on('requestfinished', onFinished);
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
  } finally {
    page.off('requestfinished', onFinished);
  }
  const requests = (await Promise.all(pending)).filter((request) => request !== null);
  return {
    requests,
    totalEncodedBytes: requests.reduce((total, request) => total + request.encodedBytes, 0),
  };
}

async function scriptRequest(request: Request): Promise<ScriptRequest | null> {
  const contentType = (await request.response())?.headers()['content-type'] ?? '';
  if (request.resourceType() !== 'script' && !contentType.includes('javascript')) return null;
  const { responseBodySize } = await request.sizes();
  return { url: request.url(), encodedBytes: responseBodySize };
}
