import { startStripeSandbox, type RunningStripeSandbox } from '@promptlib/sandboxes';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import Stripe from 'stripe';
import { launchBrowser, openPage, seriousAccessibilityViolations } from '../support/browser';

// The sandbox alone: no app calls it here, so no stack runs beside it.
const SECRET_KEY = 'sk_test_checkout_page';

describe('the Stripe sandbox’s hosted checkout page in a browser', () => {
  let sandbox: RunningStripeSandbox;
  let stripe: Stripe;
  let site: Server;
  let siteUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    sandbox = await startStripeSandbox({
      secretKey: SECRET_KEY,
      webhooks: { secret: 'whsec_checkout_page' },
    });
    stripe = new Stripe(SECRET_KEY, {
      host: '127.0.0.1',
      port: sandbox.port,
      protocol: 'http',
    });
    // Stands in for the app's pages the checkout sends the browser back to.
    site = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><title>Back</title><h1>Back at ${req.url}</h1></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    site?.close();
    await sandbox?.close();
  });

  function newSession(): Promise<Stripe.Checkout.Session> {
    return stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
      success_url: `${siteUrl}/subscribe/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${siteUrl}/subscribe`,
    });
  }

  it('is marked as a test payment, shows the plan and price, has no serious accessibility problem, and Pay goes to the success URL', async () => {
    const session = await newSession();
    const { context, page, problems } = await openPage(browser);
    try {
      await page.goto(session.url!);
      await page.getByText('Test payment').waitFor();
      await page.getByRole('heading', { name: 'Pro monthly' }).waitFor();
      await page.getByText('$1.99 / month').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(`${siteUrl}/subscribe/success?session_id=${session.id}`);
      expect(problems()).toEqual([]);
    } finally {
      await context.close();
    }
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
  });

  it('is used with the keyboard alone: Tab to Cancel and Enter go to the cancel URL', async () => {
    const session = await newSession();
    const { context, page } = await openPage(browser);
    try {
      await page.goto(session.url!);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${siteUrl}/subscribe`);
    } finally {
      await context.close();
    }
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });
});
