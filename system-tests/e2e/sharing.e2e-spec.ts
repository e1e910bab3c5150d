import type { Prompt } from '@promptlib/proto';
import type { Page } from 'playwright-core';
import { actAndSee, measureScripts, openPage, seriousAccessibilityViolations } from '../support/browser';
import { sharedBrowserSuite } from '../support/browser-suite';
import { createPrompt, listPrompts, newLibraryUser, type LibraryUser } from '../support/library-api';
import { STRONG_PASSWORD, uniqueUsername } from '../support/api-client';
import { signedInPage } from '../support/signed-in-page';
import type { GatewayAddress } from '../support/stack';

// What a signed-out visitor of a shared prompt may download, compressed.
const SHARED_PAGE_SCRIPT_BUDGET_BYTES = 170 * 1024;

describe('sharing a prompt by link in a real browser', () => {
  const suite = sharedBrowserSuite();
  let gateway: GatewayAddress;

  beforeAll(() => {
    gateway = suite.gateway();
  });

  const dashboardFor = async (user: LibraryUser): Promise<Page> => (await suite.dashboard(user)).page;

  /** A visitor with no account, who may use the clipboard. */
  async function visitor(): Promise<Page> {
    const { context, page } = suite.track(await openPage(suite.browser()));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gateway.url });
    return page;
  }

  /** Opens the share dialog from the prompt's card and answers the link it shows. */
  async function shareFromCard(page: Page, prompt: Prompt): Promise<string> {
    await page.getByRole('button', { name: `Share "${prompt.title}"` }).click();
    const dialog = page.getByRole('dialog', { name: 'Share prompt' });
    // A first share says what becomes public, and makes the link once asked.
    await dialog
      .getByText(
        `Sharing makes a public link: anyone who has it can read the title and text of "${prompt.title}", without an account.`,
        { exact: false },
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const field = dialog.getByRole('textbox', { name: 'Share link' });
    await field.waitFor();
    await dialog.getByRole('button', { name: 'Copy link' }).waitFor();
    return field.inputValue();
  }

  it('shares from a card, shows the page to a signed-out visitor, counts the view and stops sharing', async () => {
    const owner = await newLibraryUser(gateway.url, 'sharer');
    const prompt = await createPrompt(owner, {
      title: 'Meeting notes <b>tidy</b>',
      content: 'Turn these notes into decisions, owners and dates.',
    });
    const page = await dashboardFor(owner);
    const url = await shareFromCard(page, prompt);
    expect(url).toMatch(new RegExp(`^${gateway.url}/shared/[A-Za-z0-9_-]{22}$`));
    const dialog = page.getByRole('dialog', { name: 'Share prompt' });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await actAndSee(
      () => dialog.getByRole('button', { name: 'Copy link' }).click(),
      dialog.getByRole('button', { name: 'Copied!' }),
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('img', { name: 'Shared by link' }).waitFor();

    const guest = await visitor();
    await guest.goto(url);
    await guest.getByRole('heading', { name: prompt.title }).waitFor();
    await guest.getByText(prompt.content).waitFor();
    expect(await guest.title()).toBe(`${prompt.title} · Prompt Library`);
    expect(await guest.getByRole('button', { name: 'Save to my library' }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(guest)).toEqual([]);
    await actAndSee(
      () => guest.getByRole('button', { name: 'Copy to Clipboard' }).click(),
      guest.getByRole('button', { name: 'Copied!' }),
    );
    expect(await guest.evaluate(() => navigator.clipboard.readText())).toBe(prompt.content);

    // The owner sees the visit: one client, however often it loaded the page.
    await page.getByRole('button', { name: `Share "${prompt.title}"` }).click();
    await dialog.getByText('Viewed 1 time').waitFor();
    await dialog.getByRole('button', { name: 'Stop sharing' }).click();
    await dialog.getByText('Sharing stopped. This link no longer works.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('img', { name: 'Shared by link' }).waitFor({ state: 'detached' });

    await guest.reload();
    await guest.getByText('Prompt Not Found').waitFor();
    await guest.getByRole('link', { name: 'Return Home' }).waitFor();
    expect(await seriousAccessibilityViolations(guest)).toEqual([]);
  });

  it('lists the user’s shared links from the user menu, copies one, stops sharing them, in light and dark', async () => {
    const owner = await newLibraryUser(gateway.url, 'linker');
    const older = await createPrompt(owner, { title: 'Weekly summary', content: 'Summarise my week.' });
    const newer = await createPrompt(owner, { title: 'Release notes', content: 'Draft the release notes.' });
    const links: string[] = [];
    for (const prompt of [older, newer]) {
      const made = await owner.client.send<{ url: string }>(
        'POST',
        `/api/prompts/${prompt.id}/share`,
        undefined,
        {},
      );
      expect(made.status).toBe(200);
      links.push(made.body.url);
    }
    const guest = await visitor();
    await guest.goto(links[0]);
    await guest.getByRole('heading', { name: 'Weekly summary' }).waitFor();

    for (const colorScheme of ['dark', 'light'] as const) {
      const { page } = await suite.dashboard(owner, { colorScheme });
      await page.getByRole('button', { name: `Account menu: ${owner.username}` }).click();
      await page.getByRole('menuitem', { name: 'Shared links' }).click();
      const dialog = page.getByRole('dialog', { name: 'Your shared links' });
      const rows = dialog.getByRole('listitem');
      await rows.first().waitFor();
      // Newest first, each with its day and views.
      expect((await rows.allInnerTexts()).map((text) => text.split('\n')[0])).toEqual([
        'Release notes',
        'Weekly summary',
      ]);
      await dialog
        .getByRole('listitem', { name: 'Weekly summary' })
        .getByText(/^Shared on \w{3} \d{1,2}, \d{4} · Viewed 1 time$/)
        .waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      if (colorScheme === 'dark') continue;

      await actAndSee(
        () => dialog.getByRole('button', { name: 'Copy the link to "Weekly summary"' }).click(),
        dialog.getByRole('listitem', { name: 'Weekly summary' }).getByRole('button', { name: 'Copied!' }),
      );
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(links[0]);
      expect(
        await dialog
          .getByRole('link', { name: 'Open the public page of "Release notes"' })
          .getAttribute('href'),
      ).toBe(links[1]);

      await dialog.getByRole('button', { name: 'Stop sharing "Weekly summary"' }).click();
      await page.getByText('Stopped sharing "Weekly summary". Its link no longer works.').waitFor();
      await dialog.getByRole('listitem', { name: 'Weekly summary' }).waitFor({ state: 'detached' });
      await guest.reload();
      await guest.getByText('Prompt Not Found').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    expect(
      (await owner.client.get<{ title: string }[]>('/api/shares')).body.map((link) => link.title),
    ).toEqual(['Release notes']);
  });

  it('lets a signed-in visitor save a copy once, tells the owner the prompt is theirs, and invites only visitors to sign up', async () => {
    const owner = await newLibraryUser(gateway.url, 'giver');
    const prompt = await createPrompt(owner, {
      title: 'Cover letter',
      content: 'Write a cover letter for {{job}}.',
    });
    const ownerPage = await dashboardFor(owner);
    const url = await shareFromCard(ownerPage, prompt);

    const reader = await newLibraryUser(gateway.url, 'taker');
    const { page } = suite.track(await signedInPage(suite.browser(), gateway.url, reader));
    await page.goto(url);
    await page.getByRole('heading', { name: 'Cover letter' }).waitFor();
    await page.getByRole('button', { name: 'Save to my library' }).click();
    await page.getByText('"Cover letter" is now in your General category.').waitFor();
    // Saved once: the button says so and cannot make a second copy.
    const saved = page.getByRole('button', { name: 'Saved to your library' });
    await saved.waitFor();
    expect(await saved.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save to my library' }).count()).toBe(0);
    expect(await listPrompts(reader)).toEqual([
      expect.objectContaining({
        title: 'Cover letter',
        content: 'Write a cover letter for {{job}}.',
        categoryId: reader.general.id,
      }),
    ]);
    // The owner's prompt is theirs alone still.
    expect(await listPrompts(owner)).toHaveLength(1);
    // A signed-in visitor is not invited to sign up.
    expect(await page.getByText('Sign up for free').count()).toBe(0);

    await ownerPage.goto(url);
    await ownerPage.getByRole('heading', { name: 'Cover letter' }).waitFor();
    await ownerPage.getByText('This is your prompt: you shared it.').waitFor();
    expect(await ownerPage.getByRole('button', { name: 'Save to my library' }).count()).toBe(0);
    expect(await ownerPage.getByText('Sign up for free').count()).toBe(0);
  });

  it('brings a visitor who signs up from a shared prompt back to it', async () => {
    const owner = await newLibraryUser(gateway.url, 'inviter');
    const prompt = await createPrompt(owner, { title: 'Meeting agenda' });
    const url = await shareFromCard(await dashboardFor(owner), prompt);
    const { page } = suite.track(await openPage(suite.browser()));
    await page.goto(url);
    await page.getByRole('heading', { name: 'Meeting agenda' }).waitFor();
    await page.getByRole('link', { name: 'Sign up for free' }).click();
    await page.getByRole('tab', { name: 'Register', selected: true }).waitFor();
    await page.getByLabel('Username').fill(uniqueUsername('invited'));
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(url);
    await page.getByRole('button', { name: 'Save to my library' }).waitFor();
  });

  it('shows the limit notice instead of saving when the visitor’s free library is full', async () => {
    const owner = await newLibraryUser(gateway.url, 'full');
    const prompt = await createPrompt(owner, { title: 'One more prompt' });
    const url = await shareFromCard(await dashboardFor(owner), prompt);
    const reader = await newLibraryUser(gateway.url, 'fullreader');
    for (let i = 0; i < 5; i += 1) await createPrompt(reader);
    const { page } = suite.track(await signedInPage(suite.browser(), gateway.url, reader));
    await page.goto(url);
    await page.getByRole('button', { name: 'Save to my library' }).click();
    await page.getByText('Prompt Limit Reached').waitFor();
    await page.getByRole('link', { name: 'Upgrade to Pro' }).waitFor();
    expect(await listPrompts(reader)).toHaveLength(5);
  });

  it('keeps the JavaScript a signed-out visitor downloads for a shared prompt within 170 KB', async () => {
    const owner = await newLibraryUser(gateway.url, 'weight');
    const prompt = await createPrompt(owner, { title: 'Light page' });
    const url = await shareFromCard(await dashboardFor(owner), prompt);
    const { page } = suite.track(await openPage(suite.browser()));
    const weight = await measureScripts(page, url);
    await page.getByRole('heading', { name: 'Light page' }).waitFor();
    const kb = (weight.totalEncodedBytes / 1024).toFixed(1);
    // eslint-disable-next-line no-console -- the figure is part of the issue's acceptance
    console.log(
      `JavaScript transferred to render /shared/:id signed out: ${kb} KB gzip in ${weight.requests.length} files`,
    );
    expect(weight.requests.every((request) => request.encodedBytes > 0)).toBe(true);
    expect(weight.totalEncodedBytes).toBeLessThanOrEqual(SHARED_PAGE_SCRIPT_BUDGET_BYTES);
  });
});
