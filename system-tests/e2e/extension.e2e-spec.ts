import { eventually } from '@promptlib/platform/testing';
import type { Page } from 'playwright-core';
import {
  launchWithExtension,
  openPalette,
  paletteText,
  serveTestPages,
  testPageScript,
  type LoadedExtension,
  type TestPages,
} from '../support/extension';
import { createPrompt, listPrompts, newLibraryUser, type LibraryUser } from '../support/library-api';
import { sharedStack } from '../support/shared-stack';

const PAGES = {
  '/textarea.html': '<!doctype html><title>Chat</title><textarea id="box" aria-label="Message"></textarea>',
  '/editable.html':
    '<!doctype html><title>Editor</title><div id="box" contenteditable="true" aria-label="Message"><p>Dear team,&nbsp;</p></div>',
  '/nothing.html': '<!doctype html><title>Article</title><p id="text">A page to read, with no field.</p>',
  '/prosemirror.html':
    '<!doctype html><title>Rich editor</title><link rel="stylesheet" href="/editor.css">' +
    '<div id="initial"><p>Hello, </p></div><div id="editor"></div><script src="/prosemirror-editor.js"></script>',
  '/lexical.html':
    '<!doctype html><title>Rich editor</title>' +
    '<div id="editor" contenteditable="true"></div><script src="/lexical-editor.js"></script>',
  '/editor.css': '.ProseMirror { white-space: pre-wrap; border: 1px solid #999; min-height: 4em; }',
};

/** Waits until the palette shows something that passes `test`, and answers what it showed. */
async function paletteShows(page: Page, test: (text: string | null) => boolean): Promise<string | null> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const text = await paletteText(page);
    if (test(text)) return text;
    if (Date.now() > deadline) throw new Error(`the palette showed: ${text ?? '(closed)'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the browser extension, loaded into Chromium', () => {
  let pages: TestPages;
  let extension: LoadedExtension;
  let user: LibraryUser;
  let key: string;
  const gatewayUrl = () => sharedStack().gatewayUrl;

  beforeAll(async () => {
    pages = await serveTestPages({
      ...PAGES,
      '/prosemirror-editor.js': testPageScript('prosemirror-editor.js'),
      '/lexical-editor.js': testPageScript('lexical-editor.js'),
    });
    extension = await launchWithExtension();
    user = await newLibraryUser(gatewayUrl(), 'ext');
    await createPrompt(user, { title: 'Weekly status', content: 'Status: all green, nothing blocked.' });
    await createPrompt(user, {
      title: 'Polite reminder',
      content: 'Hi {{name}}, a reminder about {{topic}} ({{tone:kind|firm}}).',
    });
    await createPrompt(user, { title: 'Two lines', content: 'First line\nSecond line' });
    const made = await user.client.post<{ key: string }>('/api/api-keys', {
      name: 'Extension',
      scope: 'write',
    });
    key = made.body.key;
  }, 180_000);

  afterAll(async () => {
    await extension?.close();
    await pages?.close();
  });

  async function connect(serverUrl: string, apiKey: string): Promise<string> {
    const options = await extension.context.newPage();
    try {
      await options.goto(`chrome-extension://${extension.id}/options.html`);
      await options.getByLabel('Address of your Prompt Library').fill(serverUrl);
      await options.getByText('Or enter a key yourself').click();
      await options.getByLabel('API key').fill(apiKey);
      await options.getByRole('button', { name: 'Connect', exact: true }).click();
      await options
        .getByRole('status')
        .filter({ hasText: /Connected|refused|reached|Enter/ })
        .waitFor();
      return (await options.getByRole('status').innerText()).trim();
    } finally {
      await options.close();
    }
  }

  it('connects with a key on its options page, and refuses a malformed one before asking', async () => {
    expect(await connect(gatewayUrl(), 'not-a-key')).toMatch(/starts with plk_/);
    expect(await connect(gatewayUrl(), key)).toBe(
      `Connected to ${gatewayUrl()}. Press Ctrl+Shift+Space (⌘⇧Space on a Mac) in any text field to insert a prompt.`,
    );
  });

  it('connects through the app: the API keys page makes a key on the user’s word and hands it over', async () => {
    // Signed in to the app in this browser, as the user would be.
    const [name, value] = user.client.sessionCookie!.split('=');
    await extension.context.addCookies([{ name: name!, value: value!, url: gatewayUrl() }]);
    const options = await extension.context.newPage();
    await options.goto(`chrome-extension://${extension.id}/options.html`);
    await options.getByLabel('Address of your Prompt Library').fill(gatewayUrl());
    const opened = extension.context.waitForEvent('page');
    await options.getByRole('button', { name: 'Connect with your Prompt Library' }).click();
    const app = await opened;
    await app.waitForURL(/\/settings\/api-keys\?connect=extension$/);
    const dialog = app.getByRole('dialog', { name: 'Connect the browser extension' });
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await dialog.getByText('The extension is connected.').waitFor();
    await options
      .getByRole('status')
      .filter({ hasText: `Connected to ${gatewayUrl()}.` })
      .waitFor();
    const keys = await user.client.get<{ name: string; scope: string }[]>('/api/api-keys');
    expect(keys.body.filter((each) => each.name === 'Browser extension')).toEqual([
      expect.objectContaining({ scope: 'write' }),
    ]);
    await app.close();
    await options.close();
  });

  it('inserts a chosen prompt at the caret of a textarea, by keyboard alone, and counts the use', async () => {
    const page = await extension.context.newPage();
    await page.goto(`${pages.url}/textarea.html`);
    const box = page.locator('#box');
    await box.click();
    await page.keyboard.type('Update: ');
    await openPalette(extension.worker, `${pages.url}/textarea.html`);
    await paletteShows(page, (text) => text?.includes('Weekly status') === true);
    await page.keyboard.type('weekly');
    await paletteShows(page, (text) => text?.includes('Weekly status') === true && !text.includes('Polite'));
    await page.keyboard.press('Enter');
    await paletteShows(page, (text) => text === null);
    expect(await box.inputValue()).toBe('Update: Status: all green, nothing blocked.');
    // Focus is back in the field, after the text: typing goes on there.
    await page.keyboard.type(' Thanks.');
    expect(await box.inputValue()).toBe('Update: Status: all green, nothing blocked. Thanks.');
    await eventually(
      async () => (await listPrompts(user)).find((prompt) => prompt.title === 'Weekly status')?.usageCount,
      (uses) => uses === 1,
    );
    await page.close();
  });

  it('fills a template’s blanks and inserts into a contenteditable under a strict CSP', async () => {
    const page = await extension.context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(`${pages.url}/editable.html`);
    await page.locator('#box p').click();
    await page.keyboard.press('End');
    await openPalette(extension.worker, `${pages.url}/editable.html`);
    await paletteShows(page, (text) => text?.includes('Polite reminder') === true);
    await page.keyboard.type('reminder');
    await paletteShows(
      page,
      (text) => text?.includes('Polite reminder') === true && !text.includes('Weekly'),
    );
    await page.keyboard.press('Enter');
    await paletteShows(page, (text) => text?.includes('name') === true && text.includes('Insert'));
    // Insert with a required blank empty: the form says so and keeps the focus on it.
    await page.keyboard.press('Control+Enter');
    await paletteShows(page, (text) => text?.includes('Fill this in.') === true);
    await page.keyboard.type('Ana');
    await paletteShows(page, (text) => text?.split('Fill this in.').length === 2);
    await page.keyboard.press('Tab');
    await page.keyboard.type('the launch');
    await page.keyboard.press('Enter');
    await paletteShows(page, (text) => text === null);
    expect(await page.locator('#box').innerText()).toBe(
      'Dear team, Hi Ana, a reminder about the launch (kind).',
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([
    ['ProseMirror', 'prosemirror', 'two lines', 'Two lines', ['First line', 'Second line']],
    ['Lexical', 'lexical', 'two lines', 'Two lines', ['First line', 'Second line']],
  ])(
    'inserts into a %s editor so that the editor’s own state holds the text',
    async (_name, file, query, title, lines) => {
      const page = await extension.context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${pages.url}/${file}.html`);
      const editorText = () =>
        page.evaluate(() => (window as unknown as { editorText: () => string[] }).editorText());
      const [before] = await editorText();
      await page.locator('#editor p').click();
      await page.keyboard.press('End');
      // The editor takes a caret move in from the browser's selectionchange event, a task later: a
      // person is never faster than that, but a busy machine let the palette open first.
      await page.waitForFunction(
        (text) => (window as unknown as { textBeforeCaret: () => string | null }).textBeforeCaret() === text,
        before,
      );
      await openPalette(extension.worker, `${pages.url}/${file}.html`);
      await paletteShows(page, (text) => text?.includes(title) === true);
      await page.keyboard.type(query);
      await paletteShows(page, (text) => text?.includes(title) === true && !text.includes('Polite'));
      await page.keyboard.press('Enter');
      await paletteShows(page, (text) => text === null);
      // Lines become paragraphs; the first goes on where the caret was.
      const [first, ...rest] = lines;
      expect(await editorText()).toEqual([`${before}${first}`, ...rest]);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it('copies the prompt when no field had the focus, and saves a selection as a new prompt', async () => {
    const page = await extension.context.newPage();
    await extension.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: pages.url });
    await page.goto(`${pages.url}/nothing.html`);
    await openPalette(extension.worker, `${pages.url}/nothing.html`);
    await paletteShows(page, (text) => text?.includes('Weekly status') === true);
    await page.keyboard.type('weekly');
    await paletteShows(page, (text) => text?.includes('Weekly status') === true && !text.includes('Polite'));
    await page.keyboard.press('Enter');
    await paletteShows(page, (text) => text?.includes('copied to the clipboard') === true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'Status: all green, nothing blocked.',
    );
    await paletteShows(page, (text) => text === null);

    await openPalette(
      extension.worker,
      `${pages.url}/nothing.html`,
      'Summarise this article in three bullets.',
    );
    await paletteShows(page, (text) => text?.includes('Save selection as a prompt') === true);
    await page.keyboard.press('Enter');
    await paletteShows(page, (text) => text?.includes('Saved as') === true);
    expect((await listPrompts(user)).map((prompt) => prompt.content)).toContain(
      'Summarise this article in three bullets.',
    );
    await page.close();
  });

  it('tells the user plainly when the key was revoked', async () => {
    const keys = await user.client.get<{ id: number }[]>('/api/api-keys');
    for (const { id } of keys.body) await user.client.send('DELETE', `/api/api-keys/${id}`, undefined, {});
    const page = await extension.context.newPage();
    await page.goto(`${pages.url}/textarea.html`);
    await page.locator('#box').click();
    await openPalette(extension.worker, `${pages.url}/textarea.html`);
    const shown = await paletteShows(page, (text) => text?.includes('refused') === true);
    expect(shown).toContain(
      'Your Prompt Library refused this extension’s key: it was revoked or has expired. Connect again in the options.',
    );
    await page.keyboard.press('Escape');
    await paletteShows(page, (text) => text === null);
    await page.close();
  });
});

describe('the browser extension in a German browser', () => {
  let pages: TestPages;
  let extension: LoadedExtension;

  beforeAll(async () => {
    pages = await serveTestPages({ '/textarea.html': PAGES['/textarea.html'] });
    extension = await launchWithExtension({ language: 'de-DE' });
  }, 180_000);

  afterAll(async () => {
    await extension?.close();
    await pages?.close();
  });

  it('speaks German on its options page and in the palette, its blanks’ problems too', async () => {
    const gatewayUrl = sharedStack().gatewayUrl;
    const user = await newLibraryUser(gatewayUrl, 'extde');
    await createPrompt(user, { title: 'Erinnerung', content: 'Hallo {{name}}, bitte denk an den Termin.' });
    const { key } = (
      await user.client.post<{ key: string }>('/api/api-keys', { name: 'Erweiterung', scope: 'write' })
    ).body;

    const options = await extension.context.newPage();
    await options.goto(`chrome-extension://${extension.id}/options.html`);
    expect(await options.title()).toBe('Prompt-Library-Erweiterung');
    expect(await options.locator('html').getAttribute('lang')).toMatch(/^de/);
    await options.getByRole('button', { name: 'Mit deiner Prompt Library verbinden' }).waitFor();
    await options.getByLabel('Adresse deiner Prompt Library').fill(gatewayUrl);
    await options.getByText('Oder gib selbst einen Schlüssel ein').click();
    await options.getByLabel('API-Schlüssel').fill('kein-schlüssel');
    await options.getByRole('button', { name: 'Verbinden', exact: true }).click();
    await options.getByRole('status').filter({ hasText: 'Er beginnt mit plk_' }).waitFor();
    await options.getByLabel('API-Schlüssel').fill(key);
    await options.getByRole('button', { name: 'Verbinden', exact: true }).click();
    await options
      .getByRole('status')
      .filter({ hasText: `Verbunden mit ${gatewayUrl}.` })
      .waitFor();
    await options.close();

    const page = await extension.context.newPage();
    await page.goto(`${pages.url}/textarea.html`);
    await page.locator('#box').click();
    await openPalette(extension.worker, `${pages.url}/textarea.html`);
    const search = await paletteShows(page, (text) => text?.includes('Erinnerung') === true);
    expect(search).toContain('Prompt einfügen');
    expect(search).toContain('↑↓ zum Wählen, Enter zum Einfügen, Esc zum Schließen');
    await page.keyboard.press('Enter');
    await paletteShows(page, (text) => text?.includes('Einfügen') === true);
    // Inserted with its blank empty: refused, said in German, the focus on the blank.
    await page.keyboard.press('Control+Enter');
    await paletteShows(page, (text) => text?.includes('Bitte ausfüllen.') === true);
    await page.keyboard.type('Mia');
    await page.keyboard.press('Control+Enter');
    await paletteShows(page, (text) => text === null);
    expect(await page.locator('#box').inputValue()).toBe('Hallo Mia, bitte denk an den Termin.');
    await page.close();
  });
});
