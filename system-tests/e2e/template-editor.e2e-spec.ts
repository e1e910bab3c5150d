import type { Prompt } from '@promptlib/proto';
import type { Locator, Page } from 'playwright-core';
import { eventually } from '@promptlib/platform/testing';
import { openPage, seriousAccessibilityViolations } from '../support/browser';
import { sharedBrowserSuite } from '../support/browser-suite';
import { createPrompt, listPrompts, newLibraryUser, type LibraryUser } from '../support/library-api';
import { signedInPage } from '../support/signed-in-page';
import type { GatewayAddress } from '../support/stack';

describe('writing templates in the prompt editor in a real browser', () => {
  const suite = sharedBrowserSuite();
  let gateway: GatewayAddress;

  beforeAll(() => {
    gateway = suite.gateway();
  });

  async function dashboardFor(user: LibraryUser): Promise<Page> {
    const { page } = await suite.dashboard(user);
    await page.getByRole('button', { name: /All Prompts/ }).click();
    return page;
  }

  async function newPromptDialog(page: Page): Promise<Locator> {
    await page.locator('#new-prompt-button').click();
    const dialog = page.getByRole('dialog', { name: 'Create New Prompt' });
    await dialog.waitFor();
    return dialog;
  }

  const cardOf = (page: Page, title: string) =>
    page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  /** The text of each mark, the words said only to screen readers included. */
  const marks = (scope: Locator) => scope.locator('mark').allTextContents();

  it('lists every form in the syntax help, and marks types, automatic values and included titles', async () => {
    const user = await newLibraryUser(gateway.url, 'tsyntax');
    const signOff = await createPrompt(user, { title: 'Sign-off', content: 'Best regards, the team.' });
    const page = await dashboardFor(user);
    const dialog = await newPromptDialog(page);
    await dialog.getByLabel('Title').fill('Weekly notes');

    const help = dialog.getByRole('button', { name: 'Template syntax' });
    expect(await help.getAttribute('aria-expanded')).toBe('false');
    await help.click();
    await dialog.getByRole('button', { name: 'Template syntax', expanded: true }).waitFor();
    const forms = dialog.locator('dl dt');
    expect(await forms.allTextContents()).toEqual([
      '{{name}}',
      '{{name=default}}',
      '{{tone:formal|casual}}',
      '{{notes#long}}',
      '{{count#number=3}}',
      '{{due#date=2026-01-31}}',
      '{{extra?}}',
      '{{@date}}',
      '{{@time}}',
      '{{@clipboard}}',
      '{{>12}}',
      '\\{{',
    ]);
    await dialog.getByText('Long text, over several lines').waitFor();
    await dialog.getByText('Optional: may be left empty', { exact: false }).waitFor();

    await dialog
      .getByRole('textbox', { name: 'Content' })
      .fill(
        `Notes: {{notes#long}} in {{count#number=3}} points {{extra?}}, on {{@date}} at {{@time}}: ` +
          `{{@clipboard}}\n{{>${signOff.id}}} {{>999999}}`,
      );
    const blanks = dialog.getByRole('region', { name: 'Blanks in this prompt' });
    await blanks.getByText('Sign-off').waitFor();
    expect(await marks(blanks)).toEqual([
      '{{notes#long}} long text',
      '{{count#number=3}} number',
      '{{extra?}} optional',
      "Today's date",
      'Current time',
      'Clipboard',
      '↪ Included prompt: Sign-off',
      '↪ Included prompt: missing prompt',
    ]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('includes a prompt picked by keyboard at the caret, and keeps it when that prompt is renamed', async () => {
    const user = await newLibraryUser(gateway.url, 'tinclude');
    const style = await createPrompt(user, { title: 'House style', content: 'Short sentences. No jargon.' });
    await createPrompt(user, { title: 'Weekly report', content: 'Summarise the week.' });
    const page = await dashboardFor(user);
    const dialog = await newPromptDialog(page);
    await dialog.getByLabel('Title').fill('Announcement');
    const content = dialog.getByRole('textbox', { name: 'Content' });
    await content.fill('Write it. Then check.');
    await content.press('Control+Home');
    for (let step = 0; step < 'Write it. '.length; step += 1) await content.press('ArrowRight');

    // From the content field: past the syntax help to the include button, all by keyboard.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const include = dialog.getByRole('button', { name: 'Include a prompt' });
    expect(await include.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const search = dialog.getByRole('combobox', { name: 'Prompt to include' });
    await search.waitFor();
    await page.keyboard.type('house');
    await page.getByRole('option', { name: 'House style' }).waitFor();
    expect(await page.getByRole('option').allTextContents()).toEqual(['House style']);
    await page.keyboard.press('Enter');

    const written = `Write it. {{>${style.id}}}Then check.`;
    await eventually(
      () => content.inputValue(),
      (value) => value === written,
    );
    // The field takes the focus back on a timer once its new value is on screen.
    const focused = await eventually(
      () => content.evaluate((field) => field === document.activeElement),
      (yes) => yes,
    );
    expect(focused).toBe(true);
    const caret = await content.evaluate((field: HTMLTextAreaElement) => [
      field.selectionStart,
      field.selectionEnd,
    ]);
    const after = `Write it. {{>${style.id}}}`.length;
    expect(caret).toEqual([after, after]);
    const blanks = dialog.getByRole('region', { name: 'Blanks in this prompt' });
    await blanks.getByText('House style').waitFor();
    await dialog.getByRole('button', { name: 'Save Prompt' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = cardOf(page, 'Announcement');
    await card.getByText('House style').waitFor();
    expect(await marks(card)).toEqual(['↪ Included prompt: House style']);

    // Renamed, the included prompt is still the one included: the include is kept by id.
    await cardOf(page, 'House style').getByRole('button', { name: 'Edit "House style"' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Prompt' });
    await edit.getByLabel('Title').fill('Tone guide');
    await edit.getByRole('button', { name: 'Update Prompt' }).click();
    await edit.waitFor({ state: 'detached' });
    await card.getByText('Tone guide').waitFor();
    expect(await marks(card)).toEqual(['↪ Included prompt: Tone guide']);
    const saved = (await listPrompts(user)).find((prompt) => prompt.title === 'Announcement');
    expect(saved?.content).toBe(written);
  });

  it('shows an include on a shared page as a reference, never the other prompt', async () => {
    const owner = await newLibraryUser(gateway.url, 'tprivate');
    const secret = await createPrompt(owner, {
      title: 'Private pricing notes',
      content: 'Our floor price is 4,200 per seat.',
    });
    const shared = await createPrompt(owner, {
      title: 'Offer email',
      content: `Write an offer for {{client}}.\n{{>${secret.id}}}\nOn {{@date}}.`,
    });
    const url = await share(shared, owner);
    const { page } = suite.track(await openPage(suite.browser()));
    await page.goto(url);
    await page.getByRole('heading', { name: 'Offer email' }).waitFor();
    const main = page.locator('main');
    expect(await marks(main)).toEqual([
      '{{client}}',
      '↪ Included prompt: another prompt (not shared)',
      "Today's date",
    ]);
    const text = await main.textContent();
    expect(text).not.toContain('Private pricing notes');
    expect(text).not.toContain('4,200');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('fits the syntax help and the include search in the editor on a phone, in German', async () => {
    const user = await newLibraryUser(gateway.url, 'tphone');
    await createPrompt(user, { title: 'Hausstil', content: 'Kurze Sätze, kein Fachjargon.' });
    const { page } = suite.track(
      await signedInPage(suite.browser(), gateway.url, user, {
        viewport: { width: 375, height: 740 },
        locale: 'de-DE',
        phone: true,
      }),
    );
    await page.goto(`${gateway.url}/`);
    await page.getByRole('heading', { name: 'Hausstil' }).waitFor();
    await page.getByRole('button', { name: 'Neuer Prompt' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Neuen Prompt erstellen' });
    await dialog.getByRole('textbox', { name: 'Inhalt' }).fill('Schreibe {{text#long}} am {{@date}}.');
    await dialog.getByRole('button', { name: 'Vorlagen-Syntax' }).tap();
    await dialog.getByText('Langer Text über mehrere Zeilen').waitFor();
    await dialog.getByRole('button', { name: 'Prompt einbinden' }).tap();
    await dialog.getByRole('combobox', { name: 'Einzubindender Prompt' }).waitFor();
    await page.getByRole('option', { name: 'Hausstil' }).waitFor();
    const content = dialog.locator('.MuiDialogContent-root');
    expect(await content.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await marks(dialog.getByRole('region', { name: 'Platzhalter in diesem Prompt' }))).toEqual([
      '{{text#long}} langer Text',
      'Heutiges Datum',
    ]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  async function share(prompt: Prompt, owner: LibraryUser): Promise<string> {
    const res = await owner.client.post<{ url: string }>(`/api/prompts/${prompt.id}/share`);
    if (res.status !== 200 && res.status !== 201) throw new Error(`sharing answered ${res.status}`);
    return res.body.url;
  }
});
