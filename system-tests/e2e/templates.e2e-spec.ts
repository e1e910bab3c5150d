import type { Prompt } from '@promptlib/proto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { eventually } from '@promptlib/platform/testing';
import { actAndSee, openPage, seriousAccessibilityViolations } from '../support/browser';
import { sharedBrowserSuite } from '../support/browser-suite';
import { createPrompt, listPrompts, newLibraryUser, type LibraryUser } from '../support/library-api';
import type { GatewayAddress } from '../support/stack';

const EMAIL_TEMPLATE =
  'Write a {{tone:formal|casual}} email to {{name}} about {{topic=the launch}}. Sign it for {{name}}. Keep \\{{braces}}.';

/**
 * Every address the browser asked for outside the app, answered here with an empty page: nothing
 * reaches a third party, and what the app would have sent there can be checked.
 */
async function catchThirdParties(context: BrowserContext, appUrl: string): Promise<string[]> {
  const app = new URL(appUrl).host;
  const asked: string[] = [];
  await context.route(
    (url) => url.host !== app,
    async (route) => {
      asked.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>elsewhere</title>' });
    },
  );
  return asked;
}

describe('prompts with blanks and "open in" in a real browser', () => {
  const suite = sharedBrowserSuite();
  let gateway: GatewayAddress;

  beforeAll(() => {
    gateway = suite.gateway();
  });

  async function dashboardFor(user: LibraryUser): Promise<{ page: Page; thirdParties: string[] }> {
    let thirdParties: string[] = [];
    const { page } = await suite.dashboard(user, {
      beforeLoad: async (context) => {
        thirdParties = await catchThirdParties(context, gateway.url);
      },
    });
    await page.getByRole('button', { name: /All Prompts/ }).click();
    return { page, thirdParties };
  }

  const cardOf = (page: Page, title: string) => page.locator('article').filter({ hasText: title });
  const usesOf = async (user: LibraryUser, id: number) =>
    (await listPrompts(user)).find((prompt) => prompt.id === id)!.usageCount;

  async function fillDialog(page: Page, title: string): Promise<Locator> {
    const dialog = page.getByRole('dialog', { name: `Fill in “${title}”` });
    await dialog.waitFor();
    return dialog;
  }

  const clipboardOf = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
  /** The text a button is described by (aria-describedby), as a screen reader says it after its name. */
  const descriptionOf = (button: Locator) =>
    button.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim(),
    );
  const todayIn = (page: Page, locale: string) =>
    page.evaluate((tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'long' }).format(new Date()), locale);

  it('marks the blanks, fills them in a dialog, copies the filled text and counts one use', async () => {
    const user = await newLibraryUser(gateway.url, 'fill');
    const prompt = await createPrompt(user, { title: 'Email', content: EMAIL_TEMPLATE });
    const { page } = await dashboardFor(user);
    const card = cardOf(page, 'Email');
    expect(await card.locator('mark').allInnerTexts()).toEqual([
      '{{tone:formal|casual}}',
      '{{name}}',
      '{{topic=the launch}}',
      '{{name}}',
    ]);
    await card.getByText('Keep {{braces}}.').waitFor();

    await card.getByRole('button', { name: 'Copy "Email"' }).click();
    const dialog = await fillDialog(page, 'Email');
    // One field per blank, a repeated name once; defaults and first choices already in place.
    expect(await dialog.getByRole('textbox').count()).toBe(2);
    expect(await dialog.getByRole('textbox', { name: 'name' }).inputValue()).toBe('');
    expect(await dialog.getByRole('textbox', { name: 'topic' }).inputValue()).toBe('the launch');
    expect(await dialog.getByRole('combobox', { name: 'tone' }).inputValue()).toBe('formal');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await dialog.getByRole('textbox', { name: 'name' }).fill('Ada');
    await dialog.getByRole('combobox', { name: 'tone' }).selectOption('casual');
    const filled = 'Write a casual email to Ada about the launch. Sign it for Ada. Keep {{braces}}.';
    await dialog.getByRole('region', { name: 'Preview' }).getByText(filled).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await actAndSee(
      () => dialog.getByRole('button', { name: 'Copy' }).click(),
      card.getByRole('button', { name: 'Copied!' }),
    );
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(filled);
    await page.getByText('Copied to clipboard!').waitFor();
    await card.getByText('Used once').waitFor();
    expect(
      await eventually(
        () => usesOf(user, prompt.id),
        (uses) => uses > 0,
      ),
    ).toBe(1);
  });

  it('copies nothing while a blank is empty: it says which, and focuses it', async () => {
    const user = await newLibraryUser(gateway.url, 'blank');
    const prompt = await createPrompt(user, {
      title: 'Greeting',
      content: 'Dear {{name}}, about {{topic=tests}}.',
    });
    const { page } = await dashboardFor(user);
    await page.evaluate(() => navigator.clipboard.writeText('before'));

    await cardOf(page, 'Greeting').getByRole('button', { name: 'Copy "Greeting"' }).click();
    const dialog = await fillDialog(page, 'Greeting');
    await dialog.getByRole('textbox', { name: 'topic' }).fill(' ');
    // Beside the button, before it is pressed: what is still to fill.
    const copy = dialog.getByRole('button', { name: 'Copy' });
    await dialog.getByText('Still to fill: name, topic').waitFor();
    expect(await descriptionOf(copy)).toBe('Still to fill: name, topic');
    await copy.click();
    const name = dialog.getByRole('textbox', { name: 'name' });
    await dialog.getByText('Fill in this blank first.').first().waitFor();
    expect(await dialog.getByText('Fill in this blank first.').count()).toBe(2);
    expect(await name.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('before');

    await name.fill('Carl');
    await dialog.getByRole('textbox', { name: 'topic' }).fill('docs');
    await dialog.getByRole('textbox', { name: 'topic' }).press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Dear Carl, about docs.');
    expect(
      await eventually(
        () => usesOf(user, prompt.id),
        (uses) => uses > 0,
      ),
    ).toBe(1);
  });

  it('starts the dialog from the values last used for that prompt on this device, and Cancel uses nothing', async () => {
    const user = await newLibraryUser(gateway.url, 'remember');
    const prompt = await createPrompt(user, { title: 'Email', content: EMAIL_TEMPLATE });
    const other = await createPrompt(user, {
      title: 'Note',
      content: 'Hi {{name}}, {{tone:formal|casual}}.',
    });
    const { page } = await dashboardFor(user);

    await cardOf(page, 'Email').getByRole('button', { name: 'Copy "Email"' }).click();
    let dialog = await fillDialog(page, 'Email');
    await dialog.getByRole('textbox', { name: 'name' }).fill('Grace');
    await dialog.getByRole('textbox', { name: 'topic' }).fill('the budget');
    // Enter in a field uses the text, as the button does.
    await dialog.getByRole('textbox', { name: 'topic' }).press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('to Grace about the budget');

    await page.reload();
    await page.getByRole('button', { name: /All Prompts/ }).click();
    await cardOf(page, 'Email').getByRole('button', { name: 'Copy "Email"' }).click();
    dialog = await fillDialog(page, 'Email');
    expect(await dialog.getByRole('textbox', { name: 'name' }).inputValue()).toBe('Grace');
    expect(await dialog.getByRole('textbox', { name: 'topic' }).inputValue()).toBe('the budget');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Another prompt with the same names remembers its own values, none yet.
    await cardOf(page, 'Note').getByRole('button', { name: 'Copy "Note"' }).click();
    dialog = await fillDialog(page, 'Note');
    expect(await dialog.getByRole('textbox', { name: 'name' }).inputValue()).toBe('');
    await dialog.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    expect(await usesOf(user, prompt.id)).toBe(1);
    expect(await usesOf(user, other.id)).toBe(0);
  });

  it('selects a remembered value when its field takes the focus, so what is typed replaces it', async () => {
    const user = await newLibraryUser(gateway.url, 'retype');
    await createPrompt(user, { title: 'Letter', content: 'Dear {{name}}, about {{topic}}.' });
    const { page } = await dashboardFor(user);
    const copy = cardOf(page, 'Letter').getByRole('button', { name: 'Copy "Letter"' });
    // Typed at once, as a fast typist does: the first field has the focus, the next one the Tab.
    const copyTyping = async (name: string, topic: string) => {
      await copy.click();
      const dialog = await fillDialog(page, 'Letter');
      await page.keyboard.type(name);
      await page.keyboard.press('Tab');
      await page.keyboard.type(topic);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      return page.evaluate(() => navigator.clipboard.readText());
    };

    expect(await copyTyping('Carl', 'tea')).toBe('Dear Carl, about tea.');
    expect(await copyTyping('Dan', 'coffee')).toBe('Dear Dan, about coffee.');
  });

  it('opens a prompt in an assistant by address, or copies it first and says so, counting each use', async () => {
    const user = await newLibraryUser(gateway.url, 'openin');
    const plain = await createPrompt(user, { title: 'Plain', content: 'Explain 100% & more?\nBriefly.' });
    const long = await createPrompt(user, { title: 'Long', content: 'ü'.repeat(1_400) });
    const blanks = await createPrompt(user, {
      title: 'Blanks',
      content: 'Translate {{text}} into {{lang=German}}.',
    });
    const { page, thirdParties } = await dashboardFor(user);
    const context = page.context();
    const openIn = async (title: string, assistant: string) => {
      await cardOf(page, title)
        .getByRole('button', { name: `Open "${title}" in …` })
        .click();
      await page.getByRole('menu').waitFor();
      expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
        'ChatGPT',
        'Claude',
        'Gemini',
        'Perplexity',
      ]);
      const tab = context.waitForEvent('page');
      await page.getByRole('menuitem', { name: assistant }).click();
      return tab;
    };
    const addressOf = async (tab: Promise<Page>) => {
      const opened = await tab;
      await opened.waitForLoadState();
      const url = opened.url();
      await opened.close();
      return url;
    };

    // Nothing went to a third party before a click.
    expect(thirdParties).toEqual([]);

    const text = 'Explain 100% & more?\nBriefly.';
    expect(await addressOf(openIn('Plain', 'ChatGPT'))).toBe(
      `https://chatgpt.com/?q=${encodeURIComponent(text)}`,
    );
    expect(await addressOf(openIn('Plain', 'Perplexity'))).toBe(
      `https://www.perplexity.ai/search?q=${encodeURIComponent(text)}`,
    );
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    expect(await addressOf(openIn('Plain', 'Gemini'))).toBe('https://gemini.google.com/app');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    await page.getByText('Gemini takes no text by link: paste the prompt into the new tab.').waitFor();

    // 1,400 ü are 8,400 characters encoded: too long for an address.
    expect(await addressOf(openIn('Long', 'Claude'))).toBe('https://claude.ai/new');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('ü'.repeat(1_400));
    await page.getByText('The prompt is too long for a link: paste it into Claude in the new tab.').waitFor();

    // With blanks, the dialog comes first and its button opens the assistant with the filled text.
    await cardOf(page, 'Blanks').getByRole('button', { name: 'Open "Blanks" in …' }).click();
    await page.getByRole('menuitem', { name: 'Claude' }).click();
    const dialog = await fillDialog(page, 'Blanks');
    await dialog.getByRole('textbox', { name: 'text' }).fill('good morning');
    const tab = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Open in Claude' }).click();
    expect(await addressOf(tab)).toBe(
      `https://claude.ai/new?q=${encodeURIComponent('Translate good morning into German.')}`,
    );
    await dialog.waitFor({ state: 'detached' });

    expect(thirdParties.map((url) => new URL(url).host).sort()).toEqual(
      ['chatgpt.com', 'claude.ai', 'claude.ai', 'gemini.google.com', 'www.perplexity.ai'].sort(),
    );
    const uses = await eventually(
      async () => (await listPrompts(user)).map((prompt) => [prompt.id, prompt.usageCount]),
      (counts) => counts.every(([, count]) => count > 0) && counts.length === 3,
    );
    expect(Object.fromEntries(uses)).toEqual({ [plain.id]: 3, [long.id]: 1, [blanks.id]: 1 });
  });

  it('marks the blanks while a prompt is written, and keeps wrong braces as text', async () => {
    const user = await newLibraryUser(gateway.url, 'editor');
    const { page } = await dashboardFor(user);
    await page.locator('#new-prompt-button').click();
    const dialog = page.getByRole('dialog', { name: 'Create New Prompt' });
    await dialog
      .getByRole('textbox', { name: 'Content' })
      .fill('Dear {{name}}, {{broken} {{tone:warm|cool}}');
    const blanks = dialog.getByRole('region', { name: 'Blanks in this prompt' });
    expect(await blanks.locator('mark').allInnerTexts()).toEqual(['{{name}}', '{{tone:warm|cool}}']);
    await blanks.getByText('{{broken}', { exact: false }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('gives each type of blank its field, writes a date out, and lets optional blanks stay empty', async () => {
    const user = await newLibraryUser(gateway.url, 'types');
    await createPrompt(user, {
      title: 'Report',
      content:
        'Notes: {{notes#long}}\nCount: {{count#number=3}}\nDue: {{due#date}}\nExtra: {{extra?}}\nTone: {{tone?:warm|cool}}',
    });
    const { page } = await dashboardFor(user);
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await cardOf(page, 'Report').getByRole('button', { name: 'Copy "Report"' }).click();
    const dialog = await fillDialog(page, 'Report');

    // Several lines: Enter starts a new one there.
    const notes = dialog.getByRole('textbox', { name: 'notes' });
    await notes.pressSequentially('line one');
    await notes.press('Enter');
    await notes.pressSequentially('line two');
    expect(await notes.inputValue()).toBe('line one\nline two');
    const count = dialog.getByRole('textbox', { name: 'count' });
    expect(await count.inputValue()).toBe('3');
    expect(await count.getAttribute('inputmode')).toBe('decimal');
    await count.fill('three');
    const due = dialog.getByLabel('due', { exact: true });
    expect(await due.getAttribute('type')).toBe('date');
    expect(await dialog.getByRole('textbox', { name: 'extra (optional)' }).inputValue()).toBe('');
    const tone = dialog.getByRole('combobox', { name: 'tone (optional)' });
    expect(await tone.locator('option').allInnerTexts()).toEqual(['(none)', 'warm', 'cool']);

    const copy = dialog.getByRole('button', { name: 'Copy' });
    await dialog.getByText('Still to fill: count (a number), due').waitFor();
    expect(await descriptionOf(copy)).toBe('Still to fill: count (a number), due');
    await copy.click();
    await dialog.getByText('Enter a number, such as 3 or 2.5.').waitFor();
    expect(await count.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await clipboardOf(page)).toBe('before');

    await count.fill('2,5');
    await due.fill('2026-01-31');
    await tone.selectOption('');
    await dialog.getByRole('region', { name: 'Preview' }).getByText('January 31, 2026').waitFor();
    expect(await dialog.getByText(/Still to fill/).count()).toBe(0);
    // Ctrl+Enter uses the text from a field of several lines.
    await notes.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await clipboardOf(page)).toBe(
      'Notes: line one\nline two\nCount: 2,5\nDue: January 31, 2026\nExtra: \nTone: ',
    );
  });

  it("fills in today's date and the clipboard's text by themselves, read again at each use", async () => {
    const user = await newLibraryUser(gateway.url, 'auto');
    await createPrompt(user, { title: 'Summary', content: 'Today is {{@date}}. Summarize: {{@clipboard}}' });
    const { page } = await dashboardFor(user);
    await page.evaluate(() => navigator.clipboard.writeText('the quarterly numbers'));

    await cardOf(page, 'Summary').getByRole('button', { name: 'Copy "Summary"' }).click();
    let dialog = await fillDialog(page, 'Summary');
    const today = await todayIn(page, 'en-US');
    expect(await dialog.getByRole('textbox', { name: "Today's date" }).inputValue()).toBe(today);
    const clipboard = dialog.getByRole('textbox', { name: 'Clipboard' });
    expect(
      await eventually(
        () => clipboard.inputValue(),
        (value) => value !== '',
      ),
    ).toBe('the quarterly numbers');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await clipboard.fill('the yearly numbers');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await clipboardOf(page)).toBe(`Today is ${today}. Summarize: the yearly numbers`);

    // The clipboard now holds the copied text, and that is what the next use starts from.
    await cardOf(page, 'Summary').getByRole('button', { name: /^Cop/ }).click();
    dialog = await fillDialog(page, 'Summary');
    expect(
      await eventually(
        () => dialog.getByRole('textbox', { name: 'Clipboard' }).inputValue(),
        (value) => value !== '',
      ),
    ).toBe(`Today is ${today}. Summarize: the yearly numbers`);
  });

  it('fills in an included prompt as it is at the time of the copy, a name both use asked once', async () => {
    const user = await newLibraryUser(gateway.url, 'include');
    const signature = await createPrompt(user, { title: 'Signature', content: 'Best, {{name}}' });
    await createPrompt(user, { title: 'Letter', content: `Dear {{name}},\n{{>${signature.id}}}` });
    await createPrompt(user, { title: 'Broken', content: 'Start {{>999999999}} end {{topic}}' });
    const disclaimer = await createPrompt(user, { title: 'Disclaimer', content: 'No warranty.' });
    await createPrompt(user, { title: 'Answer', content: `Answer briefly. {{>${disclaimer.id}}}` });
    const { page } = await dashboardFor(user);
    // Changed elsewhere after this page read its prompts.
    const changed = await user.client.send(
      'PATCH',
      `/api/prompts/${signature.id}`,
      { title: 'Signature', content: 'Kind regards, {{name}} from {{team=Support}}', categoryId: null },
      {},
    );
    expect(changed.status).toBe(200);
    await user.client.send(
      'PATCH',
      `/api/prompts/${disclaimer.id}`,
      { title: 'Disclaimer', content: 'No warranty, as of today.', categoryId: null },
      {},
    );

    await cardOf(page, 'Letter').getByRole('button', { name: 'Copy "Letter"' }).click();
    let dialog = await fillDialog(page, 'Letter');
    await dialog.getByRole('textbox', { name: 'name' }).fill('Ada');
    expect(await dialog.getByRole('textbox').count()).toBe(2);
    expect(await dialog.getByRole('textbox', { name: 'team' }).inputValue()).toBe('Support');
    await dialog
      .getByRole('region', { name: 'Preview' })
      .getByText('Dear Ada, Kind regards, Ada from Support')
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await clipboardOf(page)).toBe('Dear Ada,\nKind regards, Ada from Support');

    await cardOf(page, 'Broken').getByRole('button', { name: 'Copy "Broken"' }).click();
    dialog = await fillDialog(page, 'Broken');
    await dialog
      .getByRole('alert')
      .getByText('This prompt includes a prompt that no longer exists ({{>999999999}}); it is left out.')
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: 'topic' }).fill('tea');
    await dialog.getByRole('textbox', { name: 'topic' }).press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await clipboardOf(page)).toBe('Start  end tea');

    // Nothing to fill in, yet the included text is read as it is now.
    await cardOf(page, 'Answer').getByRole('button', { name: 'Copy "Answer"' }).click();
    dialog = await fillDialog(page, 'Answer');
    await dialog.getByText('Nothing to fill in: check the preview, then use the text.').waitFor();
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await clipboardOf(page)).toBe('Answer briefly. No warranty, as of today.');
  });

  it('on a phone, in German: the fill dialog fits, names what is missing and writes dates in German', async () => {
    const user = await newLibraryUser(gateway.url, 'fillde');
    await createPrompt(user, {
      title: 'Termin',
      content: 'Treffen mit {{name}} am {{tag#date=2026-01-31}}, Stand {{@date}}.',
    });
    const { page } = await suite.dashboard(user, {
      viewport: { width: 375, height: 740 },
      locale: 'de-DE',
      phone: true,
    });
    await cardOf(page, 'Termin').getByRole('button', { name: '„Termin“ kopieren' }).click();
    const dialog = page.getByRole('dialog', { name: '„Termin“ ausfüllen' });
    await dialog.waitFor();
    const today = await todayIn(page, 'de-DE');
    expect(await dialog.getByRole('textbox', { name: 'Heutiges Datum' }).inputValue()).toBe(today);
    await dialog.getByRole('region', { name: 'Vorschau' }).getByText('31. Januar 2026').waitFor();
    const copy = dialog.getByRole('button', { name: 'Kopieren' });
    await dialog.getByText('Noch auszufüllen: name').waitFor();
    expect(await descriptionOf(copy)).toBe('Noch auszufüllen: name');
    const inView = async (locator: Locator) => {
      const box = (await locator.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 375;
    };
    expect(await inView(dialog.getByRole('textbox', { name: 'name' }))).toBe(true);
    expect(await inView(copy)).toBe(true);
    expect(await inView(dialog.getByText('Noch auszufüllen: name'))).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await dialog.getByRole('textbox', { name: 'name' }).fill('Jana');
    await copy.click();
    await dialog.waitFor({ state: 'detached' });
    expect(await clipboardOf(page)).toBe(`Treffen mit Jana am 31. Januar 2026, Stand ${today}.`);
  });

  describe('on a shared page', () => {
    async function share(prompt: Prompt, owner: LibraryUser): Promise<string> {
      const res = await owner.client.post<{ url: string }>(`/api/prompts/${prompt.id}/share`);
      if (res.status !== 200 && res.status !== 201) throw new Error(`sharing answered ${res.status}`);
      return res.body.url;
    }

    it('lets a signed-out visitor fill the blanks and copy the filled text', async () => {
      const owner = await newLibraryUser(gateway.url, 'tshare');
      const prompt = await createPrompt(owner, { title: 'Shared email', content: EMAIL_TEMPLATE });
      const url = await share(prompt, owner);
      const { context, page } = suite.track(await openPage(suite.browser()));
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gateway.url });
      await page.goto(url);
      await page.getByRole('heading', { name: 'Shared email' }).waitFor();
      expect(await page.locator('main mark').count()).toBe(4);

      await page.getByRole('button', { name: 'Copy to Clipboard' }).click();
      const dialog = await fillDialog(page, 'Shared email');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await dialog.getByRole('textbox', { name: 'name' }).fill('Lin');
      await actAndSee(
        () => dialog.getByRole('button', { name: 'Copy' }).click(),
        page.getByRole('button', { name: 'Copied!' }),
      );
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        'Write a formal email to Lin about the launch. Sign it for Lin. Keep {{braces}}.',
      );

      await page.reload();
      await page.getByRole('button', { name: 'Copy to Clipboard' }).click();
      expect(
        await (await fillDialog(page, 'Shared email')).getByRole('textbox', { name: 'name' }).inputValue(),
      ).toBe('Lin');
    });

    it('leaves out the prompts a shared prompt includes, which are not shared, and says so', async () => {
      const owner = await newLibraryUser(gateway.url, 'tshareinc');
      const footer = await createPrompt(owner, { title: 'Footer', content: 'Private footer' });
      const prompt = await createPrompt(owner, {
        title: 'Shared intro',
        content: `Hello {{name}}.{{>${footer.id}}}`,
      });
      const url = await share(prompt, owner);
      const { context, page } = suite.track(await openPage(suite.browser()));
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gateway.url });
      await page.goto(url);
      await page.getByRole('heading', { name: 'Shared intro' }).waitFor();

      await page.getByRole('button', { name: 'Copy to Clipboard' }).click();
      const dialog = await fillDialog(page, 'Shared intro');
      await dialog
        .getByRole('alert')
        .getByText(
          `This prompt includes another prompt that is not shared ({{>${footer.id}}}); it is left out.`,
        )
        .waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await dialog.getByRole('textbox', { name: 'name' }).fill('Lin');
      await dialog.getByRole('button', { name: 'Copy' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Hello Lin.');
    });
  });
});
