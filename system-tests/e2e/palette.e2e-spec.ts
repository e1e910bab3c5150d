import type { Page } from 'playwright-core';
import { eventually } from '@promptlib/platform/testing';
import { seriousAccessibilityViolations } from '../support/browser';
import { sharedBrowserSuite } from '../support/browser-suite';
import { createPrompt, listPrompts, newLibraryUser, type LibraryUser } from '../support/library-api';
import { signedInPage } from '../support/signed-in-page';
import type { GatewayAddress } from '../support/stack';

describe('the command palette in a real browser', () => {
  const suite = sharedBrowserSuite();
  let gateway: GatewayAddress;

  beforeAll(() => {
    gateway = suite.gateway();
  });

  async function signedIn(user: LibraryUser, path = '/'): Promise<Page> {
    const { page } = suite.track(await signedInPage(suite.browser(), gateway.url, user));
    await page.goto(`${gateway.url}${path}`);
    return page;
  }

  async function openPalette(page: Page) {
    await page.keyboard.press('Control+K');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    const field = palette.getByRole('combobox', { name: 'Search prompts and actions' });
    await field.waitFor();
    return { palette, field };
  }

  const activeOption = (page: Page) => page.locator('[role="option"][aria-selected="true"]');

  it('finds a prompt by keyboard alone and copies it with Enter, counting the use', async () => {
    const user = await newLibraryUser(gateway.url, 'palette');
    await createPrompt(user, { title: 'Code review', content: 'Review this diff for bugs.' });
    const meeting = await createPrompt(user, {
      title: 'Meeting notes',
      content: 'Turn these notes into decisions, owners and dates.',
    });
    await createPrompt(user, { title: 'Blog outline', content: 'Outline a post about sourdough.' });
    const page = await signedIn(user);
    await page.locator('#new-prompt-button:not([disabled])').waitFor();

    const { palette, field } = await openPalette(page);
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.type('mtng');
    await activeOption(page).getByText('Meeting notes').waitFor();
    expect(await activeOption(page).locator('mark').allInnerTexts()).toEqual(['M', 't', 'ng']);
    await page.keyboard.press('Enter');
    await palette.waitFor({ state: 'detached' });
    // The palette closes first; the text is read whole and written after (the toast says when).
    await page.getByText('Copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'Turn these notes into decisions, owners and dates.',
    );
    const counted = await eventually(
      () => listPrompts(user),
      (prompts) => prompts.some((prompt) => prompt.id === meeting.id && prompt.usageCount === 1),
    );
    expect(counted.find((prompt) => prompt.id === meeting.id)!.usageCount).toBe(1);

    // Content is searched too; arrows move the choice; the prompt used last comes first when empty.
    await openPalette(page);
    await activeOption(page).getByText('Meeting notes').waitFor();
    await page.keyboard.type('sourdough');
    await activeOption(page).getByText('Blog outline').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Command palette' }).waitFor({ state: 'detached' });
  });

  it('keeps every key typed while it opens: the shortcut, a query and Enter at once copy the match', async () => {
    const user = await newLibraryUser(gateway.url, 'typeahead');
    await createPrompt(user, { title: 'Recently made', content: 'The newest prompt, first when empty.' });
    await createPrompt(user, { title: 'Zebra 77', content: 'Striped text.' });
    await createPrompt(user, { title: 'Last one', content: 'Made last, so first among the recent.' });
    const page = await signedIn(user);
    await page.locator('#new-prompt-button:not([disabled])').waitFor();
    // The palette's code is not loaded yet: every key comes before its field exists.
    await page.keyboard.press('Control+K');
    await page.keyboard.type('zebra77');
    await page.keyboard.press('Enter');
    await page.getByText('Copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Striped text.');
    // Nothing typed reached the page behind the palette.
    expect(await page.getByLabel('Search prompts', { exact: true }).inputValue()).toBe('');

    // Opened again, already loaded: a query typed at once is in its field, Backspace included.
    await page.keyboard.press('Control+K');
    await page.keyboard.type('lastx');
    await page.keyboard.press('Backspace');
    const field = page.getByRole('combobox', { name: 'Search prompts and actions' });
    await field.waitFor();
    expect(await field.inputValue()).toBe('last');
    await activeOption(page).getByText('Last one').waitFor();
    await page.keyboard.press('Escape');
  });

  it('copies a template through the fill dialog, all by keyboard', async () => {
    const user = await newLibraryUser(gateway.url, 'paltmpl');
    await createPrompt(user, { title: 'Greeting', content: 'Hello {{name}}, welcome to {{team=Support}}.' });
    const page = await signedIn(user);
    await page.locator('#new-prompt-button:not([disabled])').waitFor();
    await openPalette(page);
    await page.keyboard.type('greet');
    await activeOption(page).getByText('Greeting').waitFor();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Fill in “Greeting”' });
    await dialog.waitFor();
    await page.keyboard.type('Ada');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(
      await eventually(
        () => page.evaluate(() => navigator.clipboard.readText()),
        (text) => text === 'Hello Ada, welcome to Support.',
      ),
    ).toBe('Hello Ada, welcome to Support.');
  });

  it('runs actions by name: new prompt from another page, a category, the theme and the language', async () => {
    const user = await newLibraryUser(gateway.url, 'palact');
    const page = await signedIn(user, '/subscribe');
    await page.getByRole('heading', { name: /Pro/ }).first().waitFor();

    await openPalette(page);
    await page.keyboard.type('new prompt');
    await activeOption(page).getByText('New prompt').waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Create New Prompt' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Create New Prompt' }).waitFor({ state: 'detached' });

    await openPalette(page);
    await page.keyboard.type('go to fav');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: /Favorites/ }).waitFor();

    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const before = await background();
    await openPalette(page);
    await page.keyboard.type('dark theme');
    await page.keyboard.press('Enter');
    await page.waitForFunction((light) => getComputedStyle(document.body).backgroundColor !== light, before);

    await openPalette(page);
    await page.keyboard.type('deutsch');
    await activeOption(page).getByText('Switch language to Deutsch').waitFor();
    await page.keyboard.press('Enter');
    await page.getByPlaceholder('Prompts durchsuchen...').waitFor();
    await page.keyboard.press('Control+K');
    await page.getByRole('dialog', { name: 'Befehlspalette' }).getByText('Gehe zu Favoriten').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('edits a prompt with Shift-Enter, opens the app’s dialogs by name, and signs out', async () => {
    const user = await newLibraryUser(gateway.url, 'paledit');
    await createPrompt(user, { title: 'Standup update', content: 'Yesterday, today, blockers.' });
    const page = await signedIn(user, '/subscribe');
    await page.getByRole('heading', { name: /Pro/ }).first().waitFor();

    await openPalette(page);
    await page.keyboard.type('standup');
    await activeOption(page).getByText('Standup update').waitFor();
    await page.keyboard.press('Shift+Enter');
    const edit = page.getByRole('dialog', { name: 'Edit Prompt' });
    await edit.waitFor();
    expect(await edit.getByRole('textbox', { name: 'Content' }).inputValue()).toBe(
      'Yesterday, today, blockers.',
    );
    await edit.getByRole('textbox', { name: 'Title' }).fill('Standup notes');
    await page.keyboard.press('Control+Enter');
    await edit.waitFor({ state: 'detached' });
    await eventually(
      () => listPrompts(user),
      (prompts) => prompts[0]?.title === 'Standup notes',
    );
    // Nothing was copied: an edit is not a use.
    expect((await listPrompts(user))[0].usageCount).toBe(0);

    for (const [action, dialog] of [
      ['Shared links', 'Your shared links'],
      ['Export library', 'Export your library'],
      ['Import prompts', 'Import prompts'],
      ['Keyboard shortcuts', 'Keyboard shortcuts'],
    ]) {
      await openPalette(page);
      await page.keyboard.type(action.toLowerCase());
      await activeOption(page).getByText(action, { exact: true }).waitFor();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: dialog }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: dialog }).waitFor({ state: 'detached' });
    }

    await openPalette(page);
    await page.keyboard.type('logout');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${gateway.url}/auth`);
  });

  it('lists the keyboard shortcuts on ?, except while typing, in light and dark and in German', async () => {
    const user = await newLibraryUser(gateway.url, 'palkeys');
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await suite.dashboard(user, { colorScheme });
      // A question mark typed into a field is a character.
      await page.keyboard.press('/');
      await page.keyboard.type('why?');
      expect(await page.getByPlaceholder('Search prompts...').inputValue()).toBe('why?');
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.getByRole('heading', { level: 1 }).click();

      await page.keyboard.press('?');
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await dialog.waitFor();
      expect(await dialog.getByRole('row', { name: 'Open the command palette Ctrl + K' }).count()).toBe(1);
      expect(await dialog.getByRole('row', { name: 'Edit the prompt Shift + Enter' }).count()).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    const { page } = await suite.dashboard(user, { locale: 'de-DE' });
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Tastenkürzel' });
    await dialog.waitFor();
    expect(await dialog.getByRole('row', { name: 'Befehlspalette öffnen Strg + K' }).count()).toBe(1);
  });
});
