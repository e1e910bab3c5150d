import type { Page } from 'playwright-core';
import { STRONG_PASSWORD } from '../support/api-client';
import { openPage, seriousAccessibilityViolations } from '../support/browser';
import { sharedBrowserSuite } from '../support/browser-suite';
import { newLibraryUser, type LibraryUser } from '../support/library-api';
import type { GatewayAddress } from '../support/stack';

const NEW_PASSWORD = 'amber-Lantern-42-orchard';

describe('the Account page in a real browser', () => {
  const suite = sharedBrowserSuite();
  let gateway: GatewayAddress;

  beforeAll(() => {
    gateway = suite.gateway();
  });

  /** The user signed in through the sign-in form of a browser of its own: a second device. */
  async function secondDevice(user: LibraryUser): Promise<Page> {
    const { page } = suite.track(await openPage(suite.browser()));
    await page.goto(`${gateway.url}/auth`);
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${gateway.url}/`);
    return page;
  }

  it('shows the account from the user menu, and signs another device out', async () => {
    const user = await newLibraryUser(gateway.url, 'acct');
    const { page } = await suite.dashboard(user);
    const laptop = await secondDevice(user);

    await page.getByRole('button', { name: `Account menu: ${user.username}` }).click();
    await page.getByRole('menuitem', { name: 'Account', exact: true }).click();
    await page.waitForURL(`${gateway.url}/settings/account`);
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    const details = page.getByRole('region', { name: 'Your account' });
    await details.getByText(user.username, { exact: true }).waitFor();
    await details.getByText('Username and password').waitFor();
    await details.getByText('Free', { exact: true }).waitFor();

    const sessions = page.getByRole('region', { name: "Where you're signed in" });
    const rows = sessions.getByRole('listitem');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    // This page's session first; the other browser named from its User-Agent.
    await rows.nth(0).getByText('This device').waitFor();
    await rows
      .nth(1)
      .getByRole('heading', { name: /^Chrome \d+ on Linux$/ })
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await rows
      .nth(1)
      .getByRole('button', { name: /^Sign out Chrome \d+ on Linux$/ })
      .click();
    await page.getByText(/^Chrome \d+ on Linux was signed out\.$/).waitFor();
    await sessions.getByText("You're signed in on this device only.").waitFor();
    expect(await rows.count()).toBe(1);

    // The other browser's next request finds itself signed out.
    await laptop.reload();
    await laptop.waitForURL(/\/auth/);
  });

  it('changes the password on a phone, in German: the other device is signed out, this one stays', async () => {
    const user = await newLibraryUser(gateway.url, 'acctpw');
    const other = await secondDevice(user);
    const { page } = await suite.dashboard(user, {
      locale: 'de-DE',
      phone: true,
      viewport: { width: 390, height: 844 },
    });
    await page.goto(`${gateway.url}/settings/account`);
    await page.getByRole('heading', { level: 1, name: 'Konto' }).waitFor();
    const form = page.getByRole('region', { name: 'Passwort' });

    await form.getByLabel('Aktuelles Passwort').fill('not-my-password');
    await form.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Neues Passwort bestätigen').fill('something-else-entirely');
    await form.getByRole('button', { name: 'Passwort ändern' }).click();
    await form.getByText('Die Passwörter stimmen nicht überein').waitFor();

    await form.getByLabel('Neues Passwort bestätigen').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Passwort ändern' }).click();
    await form.getByText('Das ist nicht dein aktuelles Passwort.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await form.getByLabel('Aktuelles Passwort').fill(STRONG_PASSWORD);
    await form.getByRole('button', { name: 'Passwort ändern' }).click();
    await page.getByText('Passwort geändert').waitFor();
    expect(await form.getByLabel('Aktuelles Passwort').inputValue()).toBe('');
    await page
      .getByRole('region', { name: 'Wo du angemeldet bist' })
      .getByText('Du bist nur auf diesem Gerät angemeldet.')
      .waitFor();
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // This device stays signed in; the other is signed out; the new password signs in.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Konto' }).waitFor();
    await other.reload();
    await other.waitForURL(/\/auth/);
    const signIn = await fetch(`${gateway.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: gateway.url },
      body: JSON.stringify({ username: user.username, password: NEW_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
  });
  it('deletes the account after the username is typed, signs out everywhere, and the name can sign up again', async () => {
    const user = await newLibraryUser(gateway.url, 'acctdel');
    const shared = await user.client.post<{ shareId: string }>(
      `/api/prompts/${(await user.client.post<{ id: number }>('/api/prompts', { title: 'Mine', content: 'Text.', categoryId: null })).body.id}/share`,
    );
    const other = await secondDevice(user);
    const { page } = await suite.dashboard(user);
    await page.goto(`${gateway.url}/settings/account`);
    await page.getByRole('button', { name: 'Delete account...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete account' });
    await dialog.getByLabel('Your username').fill(user.username.toUpperCase());
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Your username').fill(user.username);
    await dialog.getByLabel('Your password', { exact: true }).fill(STRONG_PASSWORD);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await confirm.click();

    await page.waitForURL(`${gateway.url}/auth`);
    await page.getByText('Account deleted').waitFor();
    await other.reload();
    await other.waitForURL(/\/auth/);
    const signIn = await fetch(`${gateway.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: gateway.url },
      body: JSON.stringify({ username: user.username, password: STRONG_PASSWORD }),
    });
    expect(signIn.status).toBe(401);
    const deadline = Date.now() + 10_000;
    let link = 200;
    while (link !== 404 && Date.now() < deadline) {
      link = (await fetch(`${gateway.url}/api/shared/${shared.body.shareId}`)).status;
      if (link !== 404) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(link).toBe(404);

    // The name is free again: signing up with it starts an empty library.
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${gateway.url}/`);
  });
});
