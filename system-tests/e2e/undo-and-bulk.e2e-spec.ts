import type { Category, ShareLink } from '@promptlib/proto';
import { eventually } from '@promptlib/platform/testing';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../support/browser';
import { sharedBrowserSuite } from '../support/browser-suite';
import { createPrompt, listPrompts, newLibraryUser } from '../support/library-api';
import { makePro } from '../support/tiers';
import type { GatewayAddress, StackAddress } from '../support/stack';

describe('undoing a deletion, and moving or deleting many prompts, in a real browser', () => {
  const suite = sharedBrowserSuite();
  let stack: StackAddress;
  let gateway: GatewayAddress;

  beforeAll(() => {
    stack = suite.stack();
    gateway = suite.gateway();
  });

  const cardTitles = async (page: Page) => (await page.locator('article h3').allInnerTexts()).sort();
  const visit = async (shareId: string) => (await fetch(`${gateway.url}/api/shared/${shareId}`)).status;

  it('undoes a deletion from its notice or with Ctrl+Z: the prompt comes back whole, its link with it', async () => {
    const user = await newLibraryUser(gateway.url, 'undo');
    const kept = await createPrompt(user, { title: 'Keep me', content: 'The text worth keeping.' });
    await createPrompt(user, { title: 'Also me', content: 'Another text worth keeping.' });
    await user.client.post(`/api/prompts/${kept.id}/copy`);
    const link = (await user.client.post<ShareLink>(`/api/prompts/${kept.id}/share`)).body;
    const { page } = await suite.dashboard(user);
    await page.getByRole('button', { name: /All Prompts/ }).click();

    await page.getByRole('button', { name: 'Delete "Keep me"' }).click();
    await page.getByRole('dialog', { name: 'Delete Prompt' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Prompt deleted successfully').waitFor();
    expect(await cardTitles(page)).toEqual(['Also me']);
    await eventually(
      () => visit(link.shareId),
      (status) => status === 404,
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByText('Restored "Keep me"').waitFor();
    await page.getByRole('heading', { name: 'Keep me' }).waitFor();
    expect(await cardTitles(page)).toEqual(['Also me', 'Keep me']);
    expect((await listPrompts(user)).find((prompt) => prompt.id === kept.id)).toMatchObject({
      content: 'The text worth keeping.',
      usageCount: 1,
    });
    await eventually(
      () => visit(link.shareId),
      (status) => status === 200,
    );

    // From the keyboard: the focus is on the next card after the delete; Ctrl+Z takes it back.
    await page.getByRole('button', { name: 'Delete "Also me"' }).click();
    await page.getByRole('dialog', { name: 'Delete Prompt' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Prompt deleted successfully').waitFor();
    await page.getByRole('heading', { name: 'Also me' }).waitFor({ state: 'detached' });
    await page.keyboard.press('Control+z');
    await page.getByText('Restored "Also me"').waitFor();
    // The notice comes with the server's answer; the list shows the prompt once it has read it again.
    await page.getByRole('heading', { name: 'Also me' }).waitFor();
    expect(await cardTitles(page)).toEqual(['Also me', 'Keep me']);

    // The notice gone, Ctrl+Z does nothing more.
    await page.getByRole('button', { name: 'Delete "Also me"' }).click();
    await page.getByRole('dialog', { name: 'Delete Prompt' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Prompt deleted successfully').waitFor();
    await page.getByRole('button', { name: 'Close' }).last().click();
    await page.getByText('Prompt deleted successfully').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+z');
    await page.waitForTimeout(500);
    expect(await cardTitles(page)).toEqual(['Keep me']);
  });

  it('tells a free account at its limit why an Undo cannot bring a prompt back', async () => {
    const user = await newLibraryUser(gateway.url, 'undofull');
    for (let n = 1; n <= 5; n += 1) await createPrompt(user, { title: `Prompt ${n}` });
    const { page } = await suite.dashboard(user);
    await page.getByRole('button', { name: /All Prompts/ }).click();
    await page.getByRole('button', { name: 'Delete "Prompt 1"' }).click();
    await page.getByRole('dialog', { name: 'Delete Prompt' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Prompt deleted successfully').waitFor();
    // Meanwhile another tab fills the free place.
    await createPrompt(user, { title: 'Prompt 6' });
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page
      .getByText(
        "You've reached the limit of 5 prompts on the free plan. Upgrade to Pro for unlimited prompts.",
      )
      .waitFor();
    expect((await listPrompts(user)).map((prompt) => prompt.title).sort()).toEqual([
      'Prompt 2',
      'Prompt 3',
      'Prompt 4',
      'Prompt 5',
      'Prompt 6',
    ]);
  });

  it('selects prompts (a click, a Shift-click range, all shown), moves them to a category and deletes them with Undo', async () => {
    const user = await newLibraryUser(gateway.url, 'bulk');
    await makePro(stack, user);
    const writing = (await user.client.post<Category>('/api/categories', { name: 'Writing' })).body;
    const titles = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];
    for (const title of titles) await createPrompt(user, { title: `Bulk ${title}` });
    const { page } = await suite.dashboard(user, { colorScheme: 'dark' });
    await page.getByRole('button', { name: /All Prompts/ }).click();
    await page.getByRole('heading', { name: 'Bulk One' }).waitFor();

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    const bar = page.getByRole('toolbar', { name: 'Selected prompts' });
    await bar.getByText('0 selected').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Newest first: Six, Five, Four, Three, Two, One.
    await page.getByRole('checkbox', { name: 'Select "Bulk Five"' }).click();
    await page.getByRole('checkbox', { name: 'Select "Bulk Two"' }).click({ modifiers: ['Shift'] });
    await bar.getByText('4 selected').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Select "Bulk Six"' }).isChecked()).toBe(false);

    await bar.getByRole('button', { name: 'Move the selected prompts to a category' }).click();
    await page.getByRole('menuitem', { name: 'Writing' }).click();
    await page.getByText('Moved 4 prompts to "Writing"').waitFor();
    await bar.getByText('0 selected').waitFor();
    const inWriting = async () =>
      (await listPrompts(user))
        .filter((prompt) => prompt.categoryId === writing.id)
        .map((prompt) => prompt.title)
        .sort();
    expect(await inWriting()).toEqual(['Bulk Five', 'Bulk Four', 'Bulk Three', 'Bulk Two']);
    await page
      .getByRole('button', { name: /^Writing/ })
      .getByText('4')
      .waitFor();

    await bar.getByRole('button', { name: 'Select all shown' }).click();
    await bar.getByText('6 selected').waitFor();
    await bar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 6 prompts?' });
    await confirm.getByText('You can undo this from the notice that follows.', { exact: false }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted 6 prompts').waitFor();
    await page.getByText("You haven't created any prompts yet.").waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await listPrompts(user)).toEqual([]);

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByText('Restored 6 prompts').waitFor();
    await page.getByRole('heading', { name: 'Bulk Six' }).waitFor();
    expect(await cardTitles(page)).toEqual(titles.map((title) => `Bulk ${title}`).sort());
    expect(await inWriting()).toHaveLength(4);

    // Escape ends the selection; Select is offered again.
    await page.getByRole('checkbox', { name: 'Select "Bulk One"' }).waitFor();
    await page.keyboard.press('Escape');
    await bar.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Select', exact: true }).waitFor();
    expect(await page.getByRole('checkbox').count()).toBe(0);
  });

  it('selects on a phone in German, in light: the bar fits the screen', async () => {
    const user = await newLibraryUser(gateway.url, 'bulkphone');
    await makePro(stack, user);
    await user.client.post<Category>('/api/categories', { name: 'Schreiben' });
    for (let n = 1; n <= 3; n += 1) await createPrompt(user, { title: `Handy ${n}` });
    const { page } = await suite.dashboard(user, {
      viewport: { width: 390, height: 844 },
      locale: 'de-DE',
      phone: true,
      colorScheme: 'light',
    });
    await page.getByRole('heading', { name: 'Handy 3' }).waitFor();
    await page.getByRole('button', { name: 'Auswählen', exact: true }).click();
    await page.getByRole('checkbox', { name: '„Handy 2“ auswählen' }).tap();
    const bar = page.getByRole('toolbar', { name: 'Ausgewählte Prompts' });
    await bar.getByText('1 ausgewählt').waitFor();
    const box = (await bar.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await bar.getByRole('button', { name: 'Löschen' }).tap();
    await page
      .getByRole('dialog', { name: '1 Prompt löschen?' })
      .getByRole('button', { name: 'Löschen' })
      .tap();
    await page.getByText('1 Prompt gelöscht').waitFor();
    await page.getByRole('button', { name: 'Rückgängig' }).tap();
    await page.getByText('1 Prompt wiederhergestellt').waitFor();
  });
});
