import type { PromptVersion } from '@promptlib/proto';
import type { Locator, Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../support/browser';
import { sharedBrowserSuite } from '../support/browser-suite';
import { createPrompt, newLibraryUser, type LibraryUser } from '../support/library-api';
import type { GatewayAddress } from '../support/stack';

describe('prompt history in a real browser', () => {
  const suite = sharedBrowserSuite();
  let gateway: GatewayAddress;

  beforeAll(() => {
    gateway = suite.gateway();
  });

  const cardOf = (page: Page, title: string) =>
    page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const versionsOf = async (user: LibraryUser, promptId: number) =>
    (await user.client.get<PromptVersion[]>(`/api/prompts/${promptId}/versions`)).body;
  /** The text of each mark, its screen reader words included. */
  const marks = (scope: Locator, tag: 'ins' | 'del') => scope.locator(tag).allTextContents();

  async function edit(page: Page, title: string, change: { title?: string; content?: string }) {
    await page.getByRole('button', { name: `Edit "${title}"` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Prompt' });
    if (change.title !== undefined) await dialog.getByLabel('Title').fill(change.title);
    if (change.content !== undefined) await dialog.getByLabel('Content').fill(change.content);
    await dialog.getByRole('button', { name: 'Update Prompt' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('lists, compares and restores the versions made in the app, from the card and from the editor', async () => {
    const user = await newLibraryUser(gateway.url, 'history');
    const { page } = await suite.dashboard(user);
    await page.locator('#new-prompt-button').click();
    const create = page.getByRole('dialog', { name: 'Create New Prompt' });
    await create.getByLabel('Title').fill('Weekly review');
    await create.getByLabel('Content').fill('List what went well this week.');
    await create.getByRole('button', { name: 'Save Prompt' }).click();
    await create.waitFor({ state: 'detached' });
    await edit(page, 'Weekly review', { content: 'List what went well this week and what did not.' });
    await edit(page, 'Weekly review', {
      title: 'Weekly retro',
      content: 'List what went well this week, and one thing to change.',
    });

    await cardOf(page, 'Weekly retro')
      .getByRole('button', { name: 'Version history of "Weekly retro"' })
      .click();
    // Named after the prompt as it is now, which a restore may rename.
    const history = page.getByRole('dialog', { name: /^History of/ });
    await page.getByRole('dialog', { name: 'History of “Weekly retro”' }).waitFor();
    const list = history.getByRole('listbox', { name: 'Versions' });
    await list.waitFor();
    const rows = await list.getByRole('option').allInnerTexts();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(
      /^Version 3\s+Current\s+\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M · Edited in the app$/,
    );
    expect(rows[1]).toMatch(/^Version 2\s+.+ · Edited in the app$/);
    expect(rows[2]).toMatch(/^Version 1\s+.+ · Created in the app$/);
    await history.getByText('Your plan keeps the last 20 versions of each prompt.').waitFor();

    // A wide screen compares the last change at once; version 1 is chosen instead.
    const comparison = history.getByRole('region', { name: 'Comparison' });
    await comparison.getByRole('heading', { name: 'Version 2 compared with the current one' }).waitFor();
    await list.getByRole('option', { name: /^Version 1/ }).click();
    await comparison.getByRole('heading', { name: 'Version 1 compared with the current one' }).waitFor();
    expect(await list.getByRole('option', { name: /^Version 1/ }).getAttribute('aria-selected')).toBe('true');
    expect(await marks(comparison, 'del')).toEqual(['removed: review']);
    expect(await marks(comparison, 'ins')).toEqual(['added: retro', 'added: , and one thing to change']);
    // Told by more than colour: struck through and underlined, and the words for a screen reader
    // are there for it alone.
    const removed = comparison.locator('del').first();
    const added = comparison.locator('ins').last();
    expect(await removed.evaluate((mark) => getComputedStyle(mark).textDecorationLine)).toBe('line-through');
    expect(await added.evaluate((mark) => getComputedStyle(mark).textDecorationLine)).toBe('underline');
    const spoken = added.getByText('added:');
    expect((await spoken.boundingBox())!.width).toBeLessThanOrEqual(1);
    expect(await added.ariaSnapshot()).toContain('added: , and one thing to change');
    const legend = comparison.getByRole('list', { name: 'Legend' });
    expect(await legend.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Removed since version 1'),
      expect.stringContaining('Added since version 1'),
    ]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await history.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByText('Version 1 restored').waitFor();
    await comparison.getByRole('heading', { name: 'Version 4, the current one' }).waitFor();
    await page.getByRole('dialog', { name: 'History of “Weekly review”' }).waitFor();
    expect(await list.getByRole('option').count()).toBe(4);
    expect(await list.getByRole('option').first().innerText()).toMatch(
      /^Version 4\s+Current\s+.+ · Restored$/,
    );
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'detached' });

    const card = cardOf(page, 'Weekly review');
    await card.getByText('List what went well this week.', { exact: true }).waitFor();
    expect(await cardOf(page, 'Weekly retro').count()).toBe(0);
    const prompts = (await user.client.get<Array<{ id: number }>>('/api/prompts')).body;
    const versions = await versionsOf(user, prompts[0]!.id);
    expect(versions.map((version) => [version.version, version.source, version.title])).toEqual([
      [4, 'restore', 'Weekly review'],
      [3, 'app', 'Weekly retro'],
      [2, 'app', 'Weekly review'],
      [1, 'app', 'Weekly review'],
    ]);

    // From the editor: a restore there is what the form goes on editing.
    await card.getByRole('button', { name: 'Edit "Weekly review"' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Prompt' });
    await editor.getByRole('button', { name: 'History' }).click();
    const fromEditor = page.getByRole('dialog', { name: /^History of/ });
    await page.getByRole('dialog', { name: 'History of “Weekly review”' }).waitFor();
    // The list arrives after the dialog opens.
    await fromEditor.getByRole('option', { name: /^Version 4/ }).waitFor();
    expect(await fromEditor.getByRole('option').count()).toBe(4);
    await fromEditor.getByRole('option', { name: /^Version 3/ }).click();
    await fromEditor.getByRole('button', { name: 'Restore this version' }).click();
    await fromEditor.getByRole('heading', { name: 'Version 5, the current one' }).waitFor();
    await fromEditor.getByRole('button', { name: 'Close' }).click();
    await fromEditor.waitFor({ state: 'detached' });
    expect(await editor.getByLabel('Title').inputValue()).toBe('Weekly retro');
    expect(await editor.getByLabel('Content').inputValue()).toBe(
      'List what went well this week, and one thing to change.',
    );
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await cardOf(page, 'Weekly retro').waitFor();
  });

  it('fills a phone screen in German, the list first and then the comparison', async () => {
    const user = await newLibraryUser(gateway.url, 'historyde');
    const prompt = await createPrompt(user, {
      title: 'Wochenrückblick',
      content: 'Was lief diese Woche gut?',
    });
    const changed = await user.client.send(
      'PATCH',
      `/api/prompts/${prompt.id}`,
      {
        title: 'Wochenrückblick',
        content: 'Was lief diese Woche gut, und was ändern wir?',
        categoryId: null,
      },
      {},
    );
    expect(changed.status).toBe(200);
    const { page } = await suite.dashboard(user, {
      locale: 'de-DE',
      viewport: { width: 375, height: 740 },
      phone: true,
    });

    await page.getByRole('button', { name: 'Versionsverlauf von „Wochenrückblick“' }).tap();
    const history = page.getByRole('dialog', { name: 'Verlauf von „Wochenrückblick“' });
    const list = history.getByRole('listbox', { name: 'Versionen' });
    await list.waitFor();
    expect((await history.boundingBox())!.width).toBe(375);
    const rows = await list.getByRole('option').allInnerTexts();
    expect(rows[0]).toMatch(
      /^Version 2\s+Aktuell\s+\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} · In der App bearbeitet$/,
    );
    expect(rows[1]).toMatch(/^Version 1\s+.+ · In der App erstellt$/);

    await list.getByRole('option', { name: /^Version 1/ }).tap();
    const comparison = history.getByRole('region', { name: 'Vergleich' });
    await comparison.getByRole('heading', { name: 'Version 1 im Vergleich mit der aktuellen' }).waitFor();
    expect(await list.count()).toBe(0);
    expect(await marks(comparison, 'ins')).toEqual(['hinzugefügt: , und was ändern wir']);
    await comparison.getByText('Seit Version 1 hinzugefügt').waitFor();
    const restore = history.getByRole('button', { name: 'Diese Version wiederherstellen' });
    const box = (await restore.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    // Nothing wider than the phone: no sideways scrolling.
    expect(
      await history.evaluate(
        (dialog) => dialog.scrollWidth <= dialog.clientWidth && document.documentElement.scrollWidth <= 375,
      ),
    ).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await comparison.getByRole('button', { name: '← Alle Versionen' }).tap();
    await list.getByRole('option', { name: /^Version 1/ }).waitFor();
  });
});
