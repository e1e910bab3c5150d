import type { Page } from 'playwright-core';
import { startGoogleSandbox, type RunningGoogleSandbox } from '@promptlib/sandboxes';
import { randomUUID } from 'node:crypto';
import { openPage, seriousAccessibilityViolations } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import type { Gateway } from '../support/stack';

const CLIENT_ID = 'promptlib-browser-client';

describe('Google sign-in in a real browser, through the Google sandbox', () => {
  let google: RunningGoogleSandbox;
  // Before the suite's own beforeAll, which reads the sandbox's addresses for the stack.
  beforeAll(async () => {
    google = await startGoogleSandbox({ clientId: CLIENT_ID });
  });
  const suite = browserSuite('e2egoogle', ['auth', 'library', 'sharing'], () => ({
    services: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_ISSUER: google.issuer, GOOGLE_JWKS_URL: google.jwksUrl },
    gateway: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_AUTH_URL: google.authorizationUrl },
  }));
  let gateway: Gateway;

  beforeAll(() => {
    gateway = suite.gateway();
  });

  afterAll(async () => {
    await google?.close();
  });

  async function authPage(): Promise<Page> {
    const { page } = suite.track(await openPage(suite.browser()));
    await page.goto(`${gateway.url}/auth`);
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    return page;
  }

  /** Presses the button and answers the sandbox's account picker, open in its popup. */
  async function openPicker(page: Page): Promise<Page> {
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Sign in with Google' }).click(),
    ]);
    await popup.getByRole('heading', { name: 'Choose an account' }).waitFor();
    return popup;
  }

  async function signInAs(page: Page, email: string, name?: string): Promise<void> {
    const popup = await openPicker(page);
    await popup.getByLabel('Email address').fill(email);
    if (name) await popup.getByLabel(/Display name/).fill(name);
    await popup.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${gateway.url}/`);
  }

  const currentUser = (page: Page) =>
    page.evaluate(
      async () => ((await (await fetch('/api/user')).json()) as { user: { username: string } }).user,
    );

  it('signs a new user in with General, and the same library after signing out and in again', async () => {
    const email = `ada.${randomUUID().slice(0, 8)}@example.com`;
    const page = await authPage();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const popup = await openPicker(page);
    expect(await seriousAccessibilityViolations(popup)).toEqual([]);
    await popup.getByLabel('Email address').fill(email);
    await popup.getByLabel(/Display name/).fill('Ada Lovelace');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${gateway.url}/`);
    await page.getByRole('heading', { level: 1, name: /General/ }).waitFor();
    const user = await currentUser(page);
    expect(user.username).toMatch(/^Ada Lovelace( \d+)?$/);

    // Something of theirs, to find again.
    await page.evaluate(async () => {
      const response = await fetch('/api/prompts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Found again', content: 'Kept across sign-ins.', categoryId: null }),
      });
      if (response.status !== 201) throw new Error(`create answered ${response.status}`);
    });
    await page.reload();
    await page.getByText('Found again').waitFor();

    await page.getByRole('button', { name: `Account menu: ${user.username}` }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${gateway.url}/auth`);
    await signInAs(page, email, 'Ada Lovelace');
    await page.getByText('Found again').waitFor();
    expect(await currentUser(page)).toEqual(user);
  });

  it('gives a user without a display name "User" and a number below 1000', async () => {
    const page = await authPage();
    await signInAs(page, `anon.${randomUUID().slice(0, 8)}@example.com`);
    const { username } = await currentUser(page);
    expect(username).toMatch(/^User\d{1,3}$/);
  });

  it('says so when the browser blocks the popup', async () => {
    const { context, page } = suite.track(await openPage(suite.browser()));
    // What a blocked popup gives the page: window.open answers null.
    await context.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto(`${gateway.url}/auth`);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page
      .getByRole('alert')
      .getByText('The sign-in popup was blocked by your browser. Please enable popups for this site.')
      .waitFor();
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign in with Google' }).isEnabled()).toBe(true);
  });

  it('leaves the button usable when the popup is closed, and a second try signs in', async () => {
    const page = await authPage();
    const popup = await openPicker(page);
    await popup.close();
    const button = page.getByRole('button', { name: 'Sign in with Google' });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some(
        (element) => element.textContent?.includes('Sign in with Google') && !element.disabled,
      ),
    );
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await button.isEnabled()).toBe(true);
    await signInAs(page, `grace.${randomUUID().slice(0, 8)}@example.com`, 'Grace Hopper');
    await page.getByRole('heading', { level: 1, name: /General/ }).waitFor();
  });
});
