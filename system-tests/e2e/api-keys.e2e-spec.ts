import type { Prompt } from '@promptlib/proto';
import type { Page } from 'playwright-core';
import { actAndSee, seriousAccessibilityViolations } from '../support/browser';
import { sharedBrowserSuite } from '../support/browser-suite';
import { createPrompt, newLibraryUser, type LibraryUser } from '../support/library-api';
import type { GatewayAddress } from '../support/stack';

describe('API keys in a real browser', () => {
  const suite = sharedBrowserSuite();
  let gateway: GatewayAddress;

  beforeAll(() => {
    gateway = suite.gateway();
  });

  /** What a program gets from the API with this key and no session. */
  const withKey = (key: string, path: string, init: RequestInit = {}) =>
    fetch(`${gateway.url}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...init.headers },
    });

  async function openFromUserMenu(page: Page, user: LibraryUser, item: string): Promise<void> {
    await page.getByRole('button', { name: `Account menu: ${user.username}` }).click();
    await page.getByRole('menuitem', { name: item }).click();
  }

  it('makes a read key from the user menu, which reads the library until it is revoked', async () => {
    const user = await newLibraryUser(gateway.url, 'keys');
    await createPrompt(user, { title: 'Weekly summary', content: 'Summarise the week in five bullets.' });
    const { page } = await suite.dashboard(user);

    await openFromUserMenu(page, user, 'API keys and MCP');
    await page.waitForURL(`${gateway.url}/settings/api-keys`);
    await page.getByRole('heading', { level: 1, name: 'API keys and MCP' }).waitFor();
    await page.getByText('You have no API keys yet.', { exact: false }).waitFor();
    const claudeCode = page.getByRole('region', { name: 'Claude Code' }).locator('code');
    expect(await claudeCode.innerText()).toBe(
      `claude mcp add --transport http prompt-library ${gateway.url}/mcp --header "Authorization: Bearer <your key>"`,
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    // The name is checked as it is typed.
    await dialog.getByRole('textbox', { name: 'Name' }).fill('x'.repeat(61));
    await dialog.getByText('Name must be at most 60 characters long').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Reading script');
    expect(await dialog.getByRole('radio', { name: /Read only/ }).isChecked()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const field = shown.getByRole('textbox', { name: 'API key "Reading script"' });
    const key = await field.inputValue();
    expect(key).toMatch(/^plk_[A-Za-z0-9_-]{43}$/);
    await shown.getByText('It will not be shown again', { exact: false }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await actAndSee(
      () => shown.getByRole('button', { name: 'Copy' }).click(),
      shown.getByRole('button', { name: 'Copied' }),
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    const row = page.getByRole('listitem', { name: 'Reading script' });
    await row.getByText('Read only').waitFor();
    await row.getByText(`${key.slice(0, 12)}…`).waitFor();
    expect(await row.innerText()).not.toContain(key);
    await row.getByText('Never used', { exact: false }).waitFor();
    // Until the page is left, the snippets hold the new key.
    expect(await claudeCode.innerText()).toContain(`"Authorization: Bearer ${key}"`);

    const read = await withKey(key, '/api/prompts');
    expect(read.status).toBe(200);
    expect(((await read.json()) as Prompt[]).map((prompt) => prompt.title)).toContain('Weekly summary');
    // A read key changes nothing.
    const write = await withKey(key, '/api/prompts', {
      method: 'POST',
      body: JSON.stringify({ title: 'Not allowed', content: 'A read key cannot write.', categoryId: null }),
    });
    expect(write.status).toBe(403);

    // Shown once: after a reload only its start is left, and its use is seen.
    await page.reload();
    await row.getByText('Last used', { exact: false }).waitFor();
    expect(await page.locator('body').innerText()).not.toContain(key);
    expect(await claudeCode.innerText()).toContain('Bearer <your key>');

    await row.getByRole('button', { name: 'Revoke "Reading script"' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await confirm.getByText('Revoke "Reading script"? Programs using it stop working at once.').waitFor();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('"Reading script" was revoked.', { exact: false }).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByText('You have no API keys yet.', { exact: false }).waitFor();
    expect((await withKey(key, '/api/prompts')).status).toBe(401);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('lets a reader try a route of /api/docs with a key, in a browser that is signed in too', async () => {
    const user = await newLibraryUser(gateway.url, 'keysdocs');
    await createPrompt(user, {
      title: 'Docs tried',
      content: 'Found through the reference page.',
      tags: ['Reference'],
    });
    const made = await user.client.post<{ key: string }>('/api/api-keys', { name: 'Docs', scope: 'read' });
    expect(made.status).toBe(201);
    // Signed in: the page's calls could carry the session cookie beside the key, which the
    // gateway refuses; a call tried with the key goes without it.
    const { page } = await suite.dashboard(user);
    await page.goto(`${gateway.url}/api/docs`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Authorize' }).first().click();
    // The key's scheme, of the two the document offers (the session cookie is the other).
    const scheme = page.locator('.modal-ux .auth-container', { hasText: 'personal API key' });
    await scheme.locator('input').fill(made.body.key);
    await scheme.locator('button.authorize').click();
    await scheme.getByText('Authorized', { exact: false }).first().waitFor();
    await page.locator('.modal-ux button.btn-done').first().click();

    const operation = page.locator('.opblock', {
      has: page.locator('.opblock-summary-path', { hasText: /^\/api\/tags$/ }),
    });
    await operation.locator('.opblock-summary-control').first().click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.getByRole('button', { name: 'Execute' }).click();
    const live = operation.locator('.live-responses-table tbody');
    await live.locator('.response-col_status').first().waitFor();
    expect(await live.locator('.response-col_status').first().innerText()).toBe('200');
    expect(JSON.parse(await live.locator('.response-col_description pre').first().innerText())).toEqual([
      { name: 'Reference', count: 1 },
    ]);
    expect(await operation.locator('.curl-command').first().innerText()).toContain(
      'Authorization: Bearer plk_',
    );
  });

  it('works on a phone in German, from the keyboard', async () => {
    const user = await newLibraryUser(gateway.url, 'keysde');
    const { page } = await suite.dashboard(user, {
      locale: 'de-DE',
      viewport: { width: 375, height: 740 },
      phone: true,
    });
    await page.goto(`${gateway.url}/settings/api-keys`);
    await page.getByRole('heading', { level: 1, name: 'API-Schlüssel und MCP' }).waitFor();
    await page.getByText('Du hast noch keine API-Schlüssel.', { exact: false }).waitFor();

    // Keyboard only: to the button, through the form, to the key.
    await page.getByRole('button', { name: 'Schlüssel erstellen' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'API-Schlüssel erstellen' });
    await dialog.waitFor();
    await page.keyboard.type('Skript auf dem Server');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: /Lesen und schreiben/ }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await dialog.getByRole('combobox', { name: 'Gültigkeit' }).selectOption('90');
    await dialog.getByText('Der Schlüssel funktioniert bis zum', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Past Cancel to Create.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    const shown = page.getByRole('dialog', { name: 'Dein neuer API-Schlüssel' });
    const key = await shown
      .getByRole('textbox', { name: 'API-Schlüssel „Skript auf dem Server“' })
      .inputValue();
    expect(key).toMatch(/^plk_/);
    // The copy button has the focus.
    await page.keyboard.press('Enter');
    await shown.getByRole('button', { name: 'Kopiert' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await shown.waitFor({ state: 'detached' });

    const row = page.getByRole('listitem', { name: 'Skript auf dem Server' });
    await row.getByText('Lesen und schreiben').waitFor();
    await row.getByText('Läuft am', { exact: false }).waitFor();
    const rowBox = (await row.boundingBox())!;
    expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('heading', { name: 'Einen KI-Client verbinden' }).scrollIntoViewIfNeeded();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A write key changes the library.
    const created = await withKey(key, '/api/prompts', {
      method: 'POST',
      body: JSON.stringify({
        title: 'Vom Skript',
        content: 'Mit einem Schlüssel geschrieben.',
        categoryId: null,
      }),
    });
    expect(created.status).toBe(201);
  });
});
