import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import { launchBrowser, measureScripts, openPage, seriousAccessibilityViolations } from '../support/browser';
import { sharedStack } from '../support/shared-stack';
import type { GatewayAddress } from '../support/stack';

describe('the browser harness against the page the gateway serves', () => {
  const gateway: GatewayAddress = { url: sharedStack().gatewayUrl };
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  }, 270_000);

  afterAll(async () => {
    await browser?.close();
  }, 90_000);

  it('loads / titled Prompt Library without console errors or CSP violations', async () => {
    const { context, page, problems } = await openPage(browser);
    try {
      await page.goto(gateway.url, { waitUntil: 'networkidle' });
      expect(await page.title()).toContain('Prompt Library');
      expect(problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the API reference at /api/docs, every file from our origin, without CSP violations', async () => {
    const { context, page, problems } = await openPage(browser);
    try {
      await page.goto(`${gateway.url}/api/docs`, { waitUntil: 'networkidle' });
      await page.getByText('Prompt Library API', { exact: false }).first().waitFor();
      await page.locator('.opblock-summary-path', { hasText: '/api/prompts/{id}/copy' }).first().waitFor();
      expect(problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("runs its pages with V8's optimizing compilers off, which cost a short test page more than they save", async () => {
    const { context, page } = await openPage(browser);
    try {
      await page.setContent('<html lang="en"><title>Probe</title></html>');
      const session = await browser.newBrowserCDPSession();
      const { processInfo } = (await session
        .send('SystemInfo.getProcessInfo')
        .finally(() => session.detach())) as { processInfo: { type: string; id: number }[] };
      const renderers = processInfo.filter((info) => info.type === 'renderer');
      expect(renderers.length).toBeGreaterThan(0);
      for (const { id } of renderers) {
        expect(readFileSync(`/proc/${id}/cmdline`, 'utf8')).toContain('--js-flags=--no-opt --no-maglev');
      }
    } finally {
      await context.close();
    }
  });

  // The scans elsewhere expect none, so this shows one would be seen: a critical one, named where it is.
  it('names the serious accessibility violations of a page, and sees the page as it is at each scan', async () => {
    const { context, page } = await openPage(browser);
    try {
      await page.setContent(
        '<html lang="en"><title>Probe</title><main><h1>Probe</h1><button id="first"></button></main></html>',
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([
        'button-name (critical): Buttons must have discernible text at #first',
      ]);
      await page.evaluate(() =>
        document.querySelector('main')!.insertAdjacentHTML('beforeend', '<img src="/x.svg">'),
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([
        'button-name (critical): Buttons must have discernible text at #first',
        'image-alt (critical): Images must have alternative text at img',
      ]);
    } finally {
      await context.close();
    }
  });

  it('has no serious or critical accessibility violations on /', async () => {
    const { context, page } = await openPage(browser);
    try {
      await page.goto(gateway.url, { waitUntil: 'networkidle' });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('measures the compressed JavaScript that / transfers', async () => {
    const { context, page } = await openPage(browser);
    try {
      const weight = await measureScripts(page, gateway.url);
      // eslint-disable-next-line no-console -- a report for whoever watches the bundle grow, not an assertion
      console.log(
        `JavaScript transferred for /: ${weight.totalEncodedBytes} bytes in ${weight.requests.length} files`,
      );
      expect(weight.totalEncodedBytes).toBe(
        weight.requests.reduce((total, request) => total + request.encodedBytes, 0),
      );
      expect(Number.isInteger(weight.totalEncodedBytes)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('reports an inline script that the Content Security Policy blocks', async () => {
    const { context, page, problems } = await openPage(browser);
    try {
      await page.goto(gateway.url, { waitUntil: 'networkidle' });
      // A string: this package is compiled without the DOM types.
      await page.evaluate(`{
        const script = document.createElement('script');
        script.textContent = 'window.inlineScriptRan = true';
        document.body.append(script);
      }`);
      const deadline = Date.now() + 5_000;
      while (!problems().some((problem) => problem.startsWith('CSP violation:')) && Date.now() < deadline) {
        await sleep(50);
      }
      expect(problems()).toContainEqual(
        expect.stringMatching(/^CSP violation: script-src-elem blocked inline/),
      );
      expect(problems()).toContainEqual(expect.stringMatching(/^CSP violation \(console\): /));
      expect(await page.evaluate('window.inlineScriptRan === true')).toBe(false);
    } finally {
      await context.close();
    }
  });
});
