import type { Category, LimitsRecord } from '@promptlib/proto';
import type { Page } from 'playwright-core';
import { endPeriodSoon } from '../support/billing-api';
import { seriousAccessibilityViolations } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { createPrompt, eventually, limitsOf, newLibraryUser, type LibraryUser } from '../support/library-api';
import { signedInPage } from '../support/signed-in-page';
import type { Gateway, Stack } from '../support/stack';

describe('the paid journey in a real browser, on the Stripe sandbox', () => {
  const suite = browserSuite('e2epaid', ['auth', 'library', 'billing']);
  let stack: Stack;
  let gateway: Gateway;

  beforeAll(() => {
    stack = suite.stack();
    gateway = suite.gateway();
  });

  /** A signed-in page whose timers Playwright's clock drives (time still flows on its own). */
  async function pageFor(user: LibraryUser, path: string): Promise<Page> {
    const { page } = suite.track(await signedInPage(suite.browser(), gateway.url, user));
    await page.clock.install();
    await page.goto(`${gateway.url}${path}`);
    return page;
  }

  /** Chooses a plan on /subscribe and pays on the hosted page the app opens in a new tab. */
  async function checkoutAndPay(page: Page, plan: 'Monthly' | 'Annual'): Promise<Page> {
    const [checkout] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: `Choose ${plan}` }).click(),
    ]);
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await checkout.waitForURL(/\/subscribe\/success\?session_id=cs_test_/);
    return checkout;
  }

  const openMenu = async (page: Page, user: LibraryUser) => {
    await page.getByRole('button', { name: `Account menu: ${user.username}` }).click();
    return page.getByRole('menu');
  };

  it('upgrades a free user, shows Pro everywhere, cancels, and ends on the next poll with everything kept', async () => {
    const user = await newLibraryUser(gateway.url, 'paid');
    const page = await pageFor(user, '/subscribe');
    await page.getByRole('heading', { name: 'Upgrade to Pro' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const success = await checkoutAndPay(page, 'Monthly');
    const sessionId = new URL(success.url()).searchParams.get('session_id')!;
    // The journey goes on in the checkout's tab; the first one, left on /subscribe, is closed.
    await page.close();
    await success.getByRole('heading', { name: 'Subscription Successful!' }).waitFor();
    await success.getByText('Subscription Active').waitFor();
    expect(await seriousAccessibilityViolations(success)).toEqual([]);
    const limits = (await user.client.get<LimitsRecord>('/api/user/limits')).body;
    expect(limits).toMatchObject({ isPro: true, prompts: { limit: -1 }, categories: { limit: -1 } });

    await success.getByRole('link', { name: 'Back to Dashboard' }).click();
    await success.getByText('Pro', { exact: true }).waitFor();
    const menu = await openMenu(success, user);
    await menu.getByText('Pro-Account').waitFor();
    await success.keyboard.press('Escape');
    // Pro: a second category, and more prompts than the free five.
    expect((await user.client.post<Category>('/api/categories', { name: 'Writing' })).status).toBe(201);
    for (let i = 0; i < 6; i += 1) await createPrompt(user);

    await (await openMenu(success, user)).getByRole('menuitem', { name: 'Cancel Subscription' }).click();
    const dialog = success.getByRole('dialog', { name: 'Cancel Subscription' });
    await dialog.getByRole('button', { name: 'No, Keep My Subscription' }).waitFor();
    expect(await seriousAccessibilityViolations(success)).toEqual([]);
    await success.route(/\/api\/subscription\/cancel$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    const reloaded = success.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Yes, Cancel Subscription' }).click();
    await dialog.getByRole('button', { name: 'Cancelling...' }).waitFor();
    // Shown for the half second before the page reloads.
    await success.getByText('Subscription Cancelled').waitFor({ state: 'attached' });
    expect(await success.evaluate(() => window.localStorage.getItem('pro-status'))).toBe('false');
    await reloaded;
    const cancelled = await limitsOf(user);
    const endsOn = new Date(cancelled.subscription.endsAt!).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    const afterReload = await openMenu(success, user);
    await afterReload.getByText(`Expires on ${endsOn}`).waitFor();
    expect(await afterReload.getByRole('menuitem', { name: 'Cancel Subscription' }).count()).toBe(0);
    await success.keyboard.press('Escape');
    // After the reload the limits (still Pro) win over the local hint, with no toast about it.
    expect(await success.evaluate(() => window.localStorage.getItem('pro-status'))).toBe('true');
    expect(await success.getByText('Subscription ended').count()).toBe(0);

    // Stripe ends the period; its webhook tells billing; the page learns it on its next poll.
    await endPeriodSoon(stack, sessionId);
    await eventually(
      () => limitsOf(user),
      (record) => !record.isPro,
      15_000,
    );
    await success.clock.fastForward(61_000);
    await success.getByText('Subscription ended').waitFor();
    await success.getByText('Your subscription has ended. Some features are now limited.').waitFor();
    expect(await limitsOf(user)).toMatchObject({
      isPro: false,
      prompts: { used: 6, limit: 5, canCreate: false },
      categories: { used: 2, limit: 1, canCreate: false },
    });
    await success.getByRole('link', { name: 'Upgrade to Pro', exact: true }).waitFor();
  });
});
