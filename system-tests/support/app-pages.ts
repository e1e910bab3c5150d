import type { Page } from 'playwright-core';
import { STRONG_PASSWORD, uniqueUsername } from './api-client';

/** Signs up through the UI (Register tab) and waits for the library screen. */
export async function registerThroughUi(
  page: Page,
  baseUrl: string,
  username = uniqueUsername('ui'),
): Promise<string> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole('button', { name: new RegExp(`Account menu: ${username}`) }).waitFor();
  return username;
}

/** Every text the page shows, for checks on language. */
export function visibleText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}
