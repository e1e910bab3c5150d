import type { Category, Prompt } from '@promptlib/proto';
import type { Page } from 'playwright-core';
import { eventually } from '@promptlib/platform/testing';
import { actAndSee, answerServiceUnavailable, seriousAccessibilityViolations } from '../support/browser';
import { sharedBrowserSuite } from '../support/browser-suite';
import { createPrompt, listPrompts, newLibraryUser, type LibraryUser } from '../support/library-api';
import { seedPrompts } from '../support/seed';
import { signedInPage } from '../support/signed-in-page';
import { makePro } from '../support/tiers';
import type { GatewayAddress, StackAddress } from '../support/stack';

describe('the library dashboard in a real browser', () => {
  const suite = sharedBrowserSuite();
  let stack: StackAddress;
  let gateway: GatewayAddress;

  beforeAll(() => {
    stack = suite.stack();
    gateway = suite.gateway();
  });

  const dashboardFor = async (user: LibraryUser): Promise<Page> => (await suite.dashboard(user)).page;

  /** Holds every call to `path` back for a moment, so a busy label can be seen. */
  async function slowDown(page: Page, method: string, pattern: RegExp): Promise<void> {
    await page.route(pattern, async (route) => {
      if (route.request().method() === method) await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
  }

  const cards = (page: Page) => page.locator('article');
  const cardTitles = async (page: Page) => page.locator('article h3').allInnerTexts();
  /** The titles of the topmost cards showing in the main area, left to right and down. */
  const cardsInView = (page: Page) =>
    page.evaluate(() => {
      const top = document.querySelector('main')!.getBoundingClientRect().top;
      const shown = [...document.querySelectorAll('article')]
        .map((article) => ({ article, rect: article.getBoundingClientRect() }))
        .filter(({ rect }) => rect.bottom > top + 1)
        .sort((a, b) => a.rect.top - b.rect.top || a.rect.left - b.rect.left);
      return shown.map(({ article }) => article.querySelector('h3')?.textContent ?? '');
    });

  it('starts a new user on General with both empty states and a way to create', async () => {
    const user = await newLibraryUser(gateway.url, 'empty');
    const page = await dashboardFor(user);
    await page.getByRole('heading', { level: 1, name: /General/ }).waitFor();
    await page.getByText('No prompts found').waitFor();
    await page.getByText('No prompts in the "General" category.').waitFor();
    await page.getByRole('button', { name: /All Prompts/ }).click();
    await page.getByText("You haven't created any prompts yet.").waitFor();
    await page.getByRole('button', { name: 'Create your first prompt' }).click();
    await page.getByRole('dialog', { name: 'Create New Prompt' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('reads a long prompt whole from its card, copies it or edits it from there, in light and dark', async () => {
    const user = await newLibraryUser(gateway.url, 'reader');
    const long = `${'A paragraph of the long prompt that goes on. '.repeat(60)}The very last sentence.`;
    await createPrompt(user, { title: 'Long brief', content: long });
    for (const colorScheme of ['dark', 'light'] as const) {
      const { page } = await suite.dashboard(user, { colorScheme });
      await page.getByRole('button', { name: /All Prompts/ }).click();
      await page.getByRole('button', { name: 'Read "Long brief" whole' }).click();
      const dialog = page.getByRole('dialog', { name: 'Long brief' });
      await dialog.waitFor();
      expect(await dialog.getByRole('region', { name: 'Prompt text' }).innerText()).toBe(long);
      await dialog.getByText(/^General · used 0 times · changed \w{3} \d{1,2}, \d{4}$/).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      if (colorScheme === 'dark') continue;

      await actAndSee(
        () => dialog.getByRole('button', { name: 'Copy' }).click(),
        dialog.getByRole('button', { name: 'Copied!' }),
      );
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(long);
      await dialog.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Prompt' });
      await edit.waitFor();
      expect(await edit.getByLabel('Content').inputValue()).toBe(long);
      await page.keyboard.press('Escape');
      await edit.waitFor({ state: 'detached' });
    }
    expect(
      await eventually(
        async () => (await listPrompts(user))[0].usageCount,
        (uses) => uses > 0,
      ),
    ).toBe(1);
  });

  it('offers a new account three examples to start from and says how to find and fill them, in light and dark and German', async () => {
    const user = await newLibraryUser(gateway.url, 'firstrun');
    for (const colorScheme of ['dark', 'light'] as const) {
      const { page } = await suite.dashboard(user, { colorScheme });
      await page
        .getByText(
          'Tip: Ctrl+K (⌘K on a Mac) finds any prompt from anywhere, and {{name}} in a prompt is a blank you fill in each time you copy it.',
        )
        .waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      if (colorScheme === 'dark') continue;

      await page.getByRole('button', { name: 'Add three examples' }).click();
      await page
        .getByText(
          'Three example prompts are in General: try copying one, then edit or delete them as you like.',
        )
        .waitFor();
      await page.waitForFunction(() => document.querySelectorAll('article').length === 3);
      expect((await cardTitles(page)).sort()).toEqual([
        'Code review',
        'Reply to an email',
        'Summarize a text',
      ]);
      // The offer is for an empty library only.
      expect(await page.getByRole('button', { name: 'Add three examples' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Copy "Reply to an email"' }).click();
      const fill = page.getByRole('dialog', { name: 'Fill in “Reply to an email”' });
      await fill.getByRole('combobox', { name: 'tone' }).waitFor();
      await page.keyboard.press('Escape');
      await fill.waitFor({ state: 'detached' });
    }
    const stored = await listPrompts(user);
    expect(stored.map((prompt) => prompt.categoryId)).toEqual([
      user.general.id,
      user.general.id,
      user.general.id,
    ]);

    const german = await newLibraryUser(gateway.url, 'ersterlauf');
    const { page } = await suite.dashboard(german, { locale: 'de-DE' });
    await page.getByRole('button', { name: 'Drei Beispiele hinzufügen' }).click();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 3);
    expect((await cardTitles(page)).sort()).toEqual([
      'Auf eine E-Mail antworten',
      'Code-Review',
      'Text zusammenfassen',
    ]);
  });

  it('on a phone, in German: New Prompt and Upgrade to Pro in reach, a card’s details whole, and every label on one line', async () => {
    const user = await newLibraryUser(gateway.url, 'phone');
    for (let n = 1; n <= 3; n += 1) await createPrompt(user, { title: `Phone prompt ${n}` });
    const { page } = suite.track(
      await signedInPage(suite.browser(), gateway.url, user, {
        viewport: { width: 390, height: 844 },
        locale: 'de-DE',
        phone: true,
      }),
    );
    await page.goto(`${gateway.url}/`);
    await page.getByRole('heading', { name: 'Phone prompt 3' }).waitFor();
    const inView = async (locator: ReturnType<Page['locator']>) => {
      const box = (await locator.boundingBox())!;
      return box.x >= 0 && box.y >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844;
    };
    const oneLine = async (locator: ReturnType<Page['locator']>) =>
      (await locator.boundingBox())!.height <= 40;

    const upgrade = page.getByRole('link', { name: 'Upgrade auf Pro' });
    expect(await inView(upgrade)).toBe(true);
    expect(await oneLine(upgrade)).toBe(true);
    const newPrompt = page.getByRole('button', { name: 'Neuer Prompt' });
    expect(await inView(newPrompt)).toBe(true);

    const card = page.locator('article').filter({ hasText: 'Phone prompt 3' });
    const details = card.getByText('0-mal genutzt · Allgemein', { exact: true });
    expect(await details.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await oneLine(card.getByRole('button', { name: /kopieren$/ }))).toBe(true);

    // The floating button leaves the last card's buttons free once the list is scrolled to its end.
    await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    const lastDelete = page
      .locator('article')
      .filter({ hasText: 'Phone prompt 1' })
      .getByRole('button', { name: /löschen$/ });
    const [deleteBox, fabBox] = [(await lastDelete.boundingBox())!, (await newPrompt.boundingBox())!];
    expect(deleteBox.y + deleteBox.height <= fabBox.y || deleteBox.x + deleteBox.width <= fabBox.x).toBe(
      true,
    );

    await card.getByRole('button', { name: /teilen$/ }).tap();
    const share = page.getByRole('dialog', { name: 'Prompt teilen' });
    await share.getByRole('button', { name: 'Link erstellen' }).tap();
    await share.getByRole('button', { name: 'Link kopieren' }).waitFor();
    for (const name of ['Teilen beenden', 'Schließen', 'Link kopieren']) {
      expect(await oneLine(share.getByRole('button', { name, exact: true }))).toBe(true);
    }
    await share.getByRole('button', { name: 'Schließen' }).tap();
    await share.waitFor({ state: 'detached' });

    await newPrompt.tap();
    await page.getByRole('dialog', { name: 'Neuen Prompt erstellen' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('creates, edits and deletes a prompt with busy labels and toasts', async () => {
    const user = await newLibraryUser(gateway.url, 'crud');
    const page = await dashboardFor(user);
    await page.locator('#new-prompt-button').click();
    const dialog = page.getByRole('dialog', { name: 'Create New Prompt' });
    await dialog.getByText('Using 0 of 5 available prompts.').waitFor();
    await dialog.getByText('Free accounts can only create prompts in the "General" category.').waitFor();
    await dialog.getByRole('button', { name: 'Save Prompt' }).click();
    await dialog.getByText('Title must be at least 3 characters long').waitFor();
    await dialog.getByText('Content must be at least 5 characters long').waitFor();

    await dialog.getByLabel('Title').fill('Weekly review');
    await dialog.getByLabel('Content').fill('List what went well this week.');
    await slowDown(page, 'POST', /\/api\/prompts$/);
    await dialog.getByRole('button', { name: 'Save Prompt' }).click();
    await dialog.getByRole('button', { name: 'Saving...' }).waitFor();
    await page.getByText('Prompt created successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await cardTitles(page)).toEqual(['Weekly review']);

    await page.getByRole('button', { name: 'Edit "Weekly review"' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Prompt' });
    expect(await edit.getByLabel('Title').inputValue()).toBe('Weekly review');
    await edit.getByLabel('Title').fill('Monthly review');
    await slowDown(page, 'PATCH', /\/api\/prompts\/\d+$/);
    await edit.getByRole('button', { name: 'Update Prompt' }).click();
    await edit.getByRole('button', { name: 'Updating...' }).waitFor();
    await page.getByText('Prompt updated successfully').waitFor();
    expect(await cardTitles(page)).toEqual(['Monthly review']);

    await page.getByRole('button', { name: 'Delete "Monthly review"' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Prompt' });
    await confirm
      .getByText('Are you sure you want to delete this prompt? This action cannot be undone.')
      .waitFor();
    // The dialog names the prompt it deletes.
    await confirm.getByText('Monthly review', { exact: true }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await slowDown(page, 'DELETE', /\/api\/prompts\/\d+$/);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Deleting...' }).waitFor();
    await page.getByText('Prompt deleted successfully').waitFor();
    await page.getByText('No prompts found').waitFor();
  });

  it('copies a prompt: clipboard, Copied! in green for 2 s, and one more use', async () => {
    const user = await newLibraryUser(gateway.url, 'copy');
    await createPrompt(user, { title: 'Copy me', content: 'The exact text\n  with indentation.' });
    const page = await dashboardFor(user);
    await page.getByRole('button', { name: /All Prompts/ }).click();
    const card = cards(page).filter({ hasText: 'Copy me' });
    await card.getByText('Used 0 times').waitFor();
    const copied = card.getByRole('button', { name: 'Copied!' });
    await actAndSee(() => card.getByRole('button', { name: 'Copy "Copy me"' }).click(), copied);
    // Green once its colour transition has run: an opaque background whose green channel leads.
    await copied.evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          const check = () => {
            const [r, g, b, a = 1] = (getComputedStyle(element).backgroundColor.match(/[\d.]+/g) ?? []).map(
              Number,
            );
            if (a === 1 && g > r + 40 && g > b + 40) resolve();
            else requestAnimationFrame(check);
          };
          check();
        }),
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'The exact text\n  with indentation.',
    );
    await page.getByText('Copied to clipboard!').waitFor();
    await card.getByText('Used once').waitFor();
    // Back to Copy 2 s after the copy: the wait leaves a loaded renderer room, and still fails if it stays.
    await card.getByRole('button', { name: 'Copy "Copy me"' }).waitFor({ timeout: 10_000 });
    const [stored] = (await user.client.get<Prompt[]>('/api/prompts')).body;
    expect(stored.usageCount).toBe(1);
  });

  it('scrolls, edits, deletes, copies and searches in a library of 3,000 prompts, keeping its place', async () => {
    const user = await newLibraryUser(gateway.url, 'large');
    await makePro(stack, user);
    const oldest = await createPrompt(user, {
      title: 'Quarterly zebra report',
      content: 'Zebra. '.repeat(150),
    });
    await seedPrompts(stack, user.id, user.general.id, 3_000);
    const page = await dashboardFor(user);
    await page.getByRole('button', { name: /All Prompts/ }).click();
    await page.getByText('3001 prompts').waitFor();
    const main = page.locator('main');
    const card = (title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title }) });

    // Newest first: "Prompt 1500:" is the 1,501st card, pages away from the first.
    const target = cards(page).filter({ hasText: /^Prompt 1500:/ });
    for (let step = 0; step < 1_000 && !(await target.isVisible()); step += 1)
      await main.evaluate(
        (element) =>
          new Promise((resolve) => {
            element.scrollBy(0, element.clientHeight * 2);
            requestAnimationFrame(resolve);
          }),
      );
    await target.scrollIntoViewIfNeeded();
    expect(await cards(page).count()).toBeLessThan(100);
    // The list's height grows with each page loaded: it never shrinks back to a first page.
    const loadedHeight = await main.evaluate((element) => element.scrollHeight);
    const before = await main.evaluate((element) => element.scrollTop);
    const title = await target.locator('h3').innerText();

    await target.getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Prompt' });
    expect(await edit.getByLabel('Title').inputValue()).toBe(title);
    await edit.getByLabel('Title').fill('Prompt 1500: edited in place');
    await edit.getByRole('button', { name: 'Update Prompt' }).click();
    await page.getByText('Prompt updated successfully').waitFor();
    await card('Prompt 1500: edited in place').waitFor();
    expect(await main.evaluate((element) => element.scrollTop)).toBe(before);
    expect(await main.evaluate((element) => element.scrollHeight)).toBeGreaterThanOrEqual(loadedHeight);
    // A narrower window, one column instead of two, keeps the first card in view, not the scroll offset.
    const wide = page.viewportSize()!;
    const [inGrid] = await cardsInView(page);
    await page.setViewportSize({ width: 800, height: wide.height });
    const [inList] = await eventually(
      () => cardsInView(page),
      ([first]) => first === inGrid,
    );
    expect(inList).toBe(inGrid);
    await page.setViewportSize(wide);
    // Back in rows of two, the row that holds it is the first, or the second after one cut by the top edge.
    const inRows = await eventually(
      () => cardsInView(page),
      (titles) => titles.slice(0, 4).includes(inList),
    );
    expect(inRows.slice(0, 4)).toContain(inList);

    // Its whole text, 500 characters or more, reaches the clipboard though the card holds 300.
    const copied = cards(page).filter({ hasText: /^Prompt 1499:/ });
    const copiedTitle = await copied.locator('h3').innerText();
    await copied.getByRole('button', { name: `Copy "${copiedTitle}"` }).click();
    await page.getByText('Copied to clipboard!').waitFor();
    const stored = (await user.client.get<Prompt[]>('/api/prompts')).body.find(
      (prompt) => prompt.title === copiedTitle,
    )!;
    expect(stored.content.length).toBeGreaterThan(300);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored.content);
    await copied
      .getByText('Used ' + (stored.usageCount === 1 ? 'once' : `${stored.usageCount} times`))
      .waitFor();

    const beforeDelete = await main.evaluate((element) => element.scrollTop);
    await copied.getByRole('button', { name: `Delete "${copiedTitle}"` }).click();
    await page.getByRole('dialog', { name: 'Delete Prompt' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Prompt deleted successfully').waitFor();
    await copied.waitFor({ state: 'detached' });
    await page.getByText('3000 prompts').waitFor();
    // The same screen of cards: focus going back to the card's slot may scroll it a little into view.
    const [afterDelete, screen] = await main.evaluate((element) => [element.scrollTop, element.clientHeight]);
    expect(Math.abs(afterDelete - beforeDelete)).toBeLessThan(screen);
    await page.getByRole('button', { name: /All Prompts 3000/ }).waitFor();

    await page.getByLabel('Search prompts', { exact: true }).fill('Prompt 2999:');
    await page.getByText('1 prompt', { exact: true }).waitFor();
    expect(await cardTitles(page)).toEqual([expect.stringMatching(/^Prompt 2999:/)]);
    await page.getByLabel('Search prompts', { exact: true }).fill('');
    await page.getByText('3000 prompts').waitFor();

    // The palette finds the oldest prompt, 3,000 cards down, typed into at once, and copies it whole.
    await page.keyboard.press('Control+K');
    await page.keyboard.type('zebra');
    await page.keyboard.press('Enter');
    await page.getByText('Copied to clipboard!').first().waitFor();
    const clipboard = await eventually(
      () => page.evaluate(() => navigator.clipboard.readText()),
      (text) => text === oldest.content,
    );
    expect(clipboard).toBe(oldest.content);
  }, 360_000);

  it('offers a failed next page again, and says so when a prompt cannot be read whole to edit it', async () => {
    const user = await newLibraryUser(gateway.url, 'flaky');
    await seedPrompts(stack, user.id, user.general.id, 120);
    // Not tracked: the 503s it causes are checked at the end instead.
    const { context, page, problems } = await signedInPage(suite.browser(), gateway.url, user);
    try {
      // Every page after the first fails until the route is taken away.
      const nextPages = /\/api\/prompts\/cards\?(.*&)?cursor=/;
      await page.route(nextPages, answerServiceUnavailable);
      await page.goto(`${gateway.url}/`);
      await page.getByText('120 prompts').waitFor();
      const main = page.locator('main');
      const retry = page.getByRole('button', { name: 'Load more prompts' });
      await eventually(
        () => main.evaluate((element) => element.scrollTo(0, element.scrollHeight)).then(() => retry.count()),
        (shown) => shown === 1,
      );
      expect(
        await cards(page)
          .filter({ hasText: /^Prompt 1:/ })
          .count(),
      ).toBe(0);

      await page.unroute(nextPages);
      await retry.click();
      // The oldest prompt, the last card, comes with the next page.
      const oldest = cards(page).filter({ hasText: /^Prompt 1:/ });
      await eventually(
        () =>
          main.evaluate((element) => element.scrollTo(0, element.scrollHeight)).then(() => oldest.count()),
        (shown) => shown === 1,
      );
      await retry.waitFor({ state: 'detached' });

      // A card holds 300 characters of its text: Edit reads the whole, and says when it cannot. The
      // newest card, at the top, where the error's toast covers nothing.
      await main.evaluate((element) => element.scrollTo(0, 0));
      const newest = cards(page).filter({ hasText: /^Prompt 120:/ });
      const wholeRead = /\/api\/prompts\/\d+$/;
      await page.route(wholeRead, (route) =>
        route.request().method() === 'GET' ? answerServiceUnavailable(route) : route.continue(),
      );
      await newest.getByRole('button', { name: /^Edit / }).click();
      await page.getByText('Failed to load data').waitFor();
      expect(await page.getByRole('dialog', { name: 'Edit Prompt' }).count()).toBe(0);
      await page.unroute(wholeRead);
      await newest.getByRole('button', { name: /^Edit / }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Prompt' });
      await edit.waitFor();
      const stored = (await user.client.get<Prompt[]>('/api/prompts')).body.find((prompt) =>
        prompt.title.startsWith('Prompt 120:'),
      )!;
      expect(stored.content.length).toBeGreaterThan(300);
      expect(await edit.getByLabel('Content').inputValue()).toBe(stored.content);

      const failedRead = `HTTP 503: GET ${gateway.url}/api/prompts/${stored.id}`;
      const failures = problems();
      expect(failures.filter((line) => line === failedRead)).toHaveLength(1);
      const failedPages = failures.filter((line) => line !== failedRead);
      expect(failedPages.length).toBeGreaterThan(0);
      for (const line of failedPages)
        expect(line).toMatch(/^HTTP 503: GET \S+\/api\/prompts\/cards\?(.*&)?cursor=/);
    } finally {
      await context.close();
    }
  });

  it('marks a favourite, locks the star for a second, and filters Favorites', async () => {
    const user = await newLibraryUser(gateway.url, 'fav');
    await createPrompt(user, { title: 'Keeper' });
    await createPrompt(user, { title: 'Other one' });
    const page = await dashboardFor(user);
    await page.getByRole('button', { name: /All Prompts/ }).click();
    const star = cards(page).filter({ hasText: 'Keeper' }).getByRole('button', { name: 'Add to favorites' });
    // The lock lasts a second from the click; on a busy machine a second can pass before the test
    // reads the button, so the page itself records the locked star the moment it appears.
    await page.evaluate(() => {
      const seen = window as unknown as { lockedStarSeen?: boolean };
      const look = () => {
        if (document.querySelector('article button[aria-pressed="true"][disabled]'))
          seen.lockedStarSeen = true;
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await star.click();
    await page.waitForFunction(
      () => (window as unknown as { lockedStarSeen?: boolean }).lockedStarSeen === true,
    );
    const unstar = cards(page)
      .filter({ hasText: 'Keeper' })
      .getByRole('button', { name: 'Remove from favorites' });
    expect(await unstar.getAttribute('aria-pressed')).toBe('true');
    await page.getByText('Added to favorites').waitFor();
    await page.waitForFunction(() => !document.querySelector('button[aria-pressed="true"][disabled]'));
    await page.getByRole('button', { name: /Favorites/ }).click();
    await page.getByRole('heading', { level: 1, name: /Favorites/ }).waitFor();
    await page.waitForFunction(() => document.querySelector('article h3')?.textContent === 'Keeper');
    expect(await cardTitles(page)).toEqual(['Keeper']);
    await unstar.click();
    await page.getByText('Removed from favorites').waitFor();
    // Favourites are no category, and a new prompt is no answer to an empty list of them.
    await page.getByText('No favorites yet: star a prompt to find it here.').waitFor();
    expect(await page.getByRole('button', { name: 'Create your first prompt' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show all prompts' }).click();
    await page.getByRole('heading', { level: 1, name: /All Prompts/ }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 2);
    expect(await cardTitles(page)).toEqual(['Other one', 'Keeper']);
  });

  it('puts the focus on the card that takes the place of a deleted one, never on its Delete button', async () => {
    const user = await newLibraryUser(gateway.url, 'delkeys');
    for (const title of ['Alpha', 'Bravo', 'Charlie']) await createPrompt(user, { title });
    const page = await dashboardFor(user);
    await page.getByRole('button', { name: /All Prompts/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 3);
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement!;
        const labelledBy = element.getAttribute('aria-labelledby');
        return `${element.tagName} ${(labelledBy && document.getElementById(labelledBy)?.textContent) || element.textContent}`;
      });

    /** Delete by keyboard alone, and what has the focus once the card has gone. */
    const deleteByKeyboard = async (title: string, focusThen: (now: string) => boolean) => {
      await page.getByRole('button', { name: `Delete "${title}"` }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete Prompt' });
      await dialog.getByRole('button', { name: 'Delete' }).focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      return eventually(focused, focusThen);
    };

    expect(await deleteByKeyboard('Bravo', (now) => now === 'ARTICLE Alpha')).toBe('ARTICLE Alpha');
    // The last card gone, the one before it has the focus; the only card gone, the list's heading.
    expect(await deleteByKeyboard('Alpha', (now) => now === 'ARTICLE Charlie')).toBe('ARTICLE Charlie');
    expect(await deleteByKeyboard('Charlie', (now) => now.startsWith('H1 All Prompts'))).toMatch(
      /^H1 All Prompts/,
    );
  });

  it('searches by title and by content, with the category filter', async () => {
    const user = await newLibraryUser(gateway.url, 'search');
    await createPrompt(user, { title: 'Email to a client', content: 'Write a polite reply.' });
    await createPrompt(user, {
      title: 'Blog outline',
      content: 'An outline about zebras and their stripes.',
    });
    await createPrompt(user, { title: 'Tweet draft', content: 'Something short and punchy.' });
    const page = await dashboardFor(user);
    await page.getByRole('button', { name: /All Prompts/ }).click();
    const search = page.getByPlaceholder('Search prompts...');
    await search.fill('EMAIL');
    await page.waitForFunction(() => document.querySelectorAll('article').length === 1);
    expect(await cardTitles(page)).toEqual(['Email to a client']);
    await search.fill('zebras');
    await page.waitForFunction(() => document.querySelector('article h3')?.textContent === 'Blog outline');
    expect(await cardTitles(page)).toEqual(['Blog outline']);
    await page.getByRole('button', { name: /Favorites/ }).click();
    await page.getByText('No prompt matches "zebras".').waitFor();
    // The prompts exist: the way back is the whole list, not a new prompt.
    expect(await page.getByRole('button', { name: 'Create your first prompt' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear search' }).click();
    expect(await search.inputValue()).toBe('');
    await page.getByText('No favorites yet: star a prompt to find it here.').waitFor();
    await page.getByRole('button', { name: /All Prompts/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 3);
  });

  it('asks before Escape or a click beside the dialog throws changes away, and saves on Ctrl-Enter', async () => {
    const user = await newLibraryUser(gateway.url, 'unsaved');
    await createPrompt(user, { title: 'Standup', content: 'What I did yesterday.' });
    const page = await dashboardFor(user);
    const edit = page.getByRole('dialog', { name: 'Edit Prompt' });
    const discard = page.getByRole('dialog', { name: 'Discard changes?' });

    // Untouched, Escape closes at once.
    await page.getByRole('button', { name: 'Edit "Standup"' }).click();
    await edit.getByLabel('Title').waitFor();
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Edit "Standup"' }).click();
    await edit.getByLabel('Title').fill('Standup notes');
    await page.keyboard.press('Escape');
    await discard.getByText('The changes you made to this prompt will be lost.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await discard.waitFor({ state: 'detached' });
    expect(await edit.getByLabel('Title').inputValue()).toBe('Standup notes');
    // A click beside the dialog asks too; discarding keeps the prompt as it was.
    await page.mouse.click(4, 400);
    await discard.getByRole('button', { name: 'Discard' }).click();
    await edit.waitFor({ state: 'detached' });
    expect((await listPrompts(user)).map((prompt) => prompt.title)).toEqual(['Standup']);

    // Ctrl-Enter saves, from the content's lines as from the title.
    await page.getByRole('button', { name: 'Edit "Standup"' }).click();
    await edit.getByLabel('Content').fill('What I did yesterday.\nWhat I do today.');
    await edit.getByLabel('Content').press('Control+Enter');
    await page.getByText('Prompt updated successfully').waitFor();
    await edit.waitFor({ state: 'detached' });
    expect((await listPrompts(user))[0].content).toBe('What I did yesterday.\nWhat I do today.');

    await page.locator('#new-prompt-button').click();
    const create = page.getByRole('dialog', { name: 'Create New Prompt' });
    await create.getByLabel('Content').fill('Three things I learned this week.');
    await create.getByLabel('Title').fill('Weekly lessons');
    await create.getByLabel('Title').press('Control+Enter');
    await page.getByText('Prompt created successfully').waitFor();
    expect((await listPrompts(user)).map((prompt) => prompt.title).sort()).toEqual([
      'Standup',
      'Weekly lessons',
    ]);
  });

  it('duplicates a prompt as a new one holding its whole text, made only when the user saves it', async () => {
    const user = await newLibraryUser(gateway.url, 'duplicate');
    // Longer than a card's preview: the copy holds the whole text, read before the dialog opens.
    const content = `Summarize the meeting.\n${'Keep every decision and who owns it. '.repeat(30).trim()}`;
    await createPrompt(user, { title: 'Meeting notes', content });
    const page = await dashboardFor(user);
    const create = page.getByRole('dialog', { name: 'Create New Prompt' });

    // Closed untouched, the copy leaves the library as it was.
    await page.getByRole('button', { name: 'Duplicate "Meeting notes"' }).click();
    expect(await create.getByLabel('Title').inputValue()).toBe('Meeting notes (copy)');
    expect(await create.getByLabel('Content').inputValue()).toBe(content);
    await page.keyboard.press('Escape');
    await create.waitFor({ state: 'detached' });
    expect(await listPrompts(user)).toHaveLength(1);

    await page.getByRole('button', { name: 'Duplicate "Meeting notes"' }).click();
    await create.getByRole('button', { name: 'Save Prompt' }).click();
    await page.getByText('Prompt created successfully').waitFor();
    await create.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelectorAll('article').length === 2);
    const saved = (await listPrompts(user)).map((prompt) => [prompt.title, prompt.content]);
    expect(saved.sort(([a], [b]) => a.localeCompare(b))).toEqual([
      ['Meeting notes', content],
      ['Meeting notes (copy)', content],
    ]);
  });

  it('sorts by recent, name, use and last use, and switches between grid and list', async () => {
    const user = await newLibraryUser(gateway.url, 'sort');
    const bravo = await createPrompt(user, { title: 'Bravo' });
    await createPrompt(user, { title: 'alpha' });
    await createPrompt(user, { title: 'Charlie' });
    for (let n = 0; n < 2; n += 1) await user.client.post(`/api/prompts/${bravo.id}/copy`);
    const page = await dashboardFor(user);
    await page.getByRole('button', { name: /All Prompts/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 3);
    expect(await cardTitles(page)).toEqual(['Charlie', 'alpha', 'Bravo']);
    // Opening the menu asks for the other orders' first pages; the one chosen is shown from them.
    const sortsAnswered: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname === '/api/prompts/cards') sortsAnswered.push(url.searchParams.get('sort') ?? '');
    });
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    expect(
      await eventually(
        async () => [...sortsAnswered].sort(),
        (sorts) => sorts.length >= 3,
      ),
    ).toEqual(['lastUsed', 'name', 'used']);
    await page.getByRole('option', { name: 'Name (A-Z)' }).click();
    await page.waitForFunction(() => document.querySelector('article h3')?.textContent === 'alpha');
    expect(await cardTitles(page)).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(sortsAnswered).toHaveLength(3);
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Most Used' }).click();
    await page.waitForFunction(() => document.querySelector('article h3')?.textContent === 'Bravo');

    const lefts = async () =>
      new Set(
        await cards(page).evaluateAll((elements) =>
          elements.map((element) => Math.round(element.getBoundingClientRect().left)),
        ),
      );
    expect((await lefts()).size).toBe(2);
    await page.getByRole('button', { name: 'List view' }).click();
    await page.waitForFunction(
      () =>
        new Set(
          [...document.querySelectorAll('article')].map((a) => Math.round(a.getBoundingClientRect().left)),
        ).size === 1,
    );
    await page.getByRole('button', { name: 'Grid view' }).click();
    await page.waitForFunction(
      () =>
        new Set(
          [...document.querySelectorAll('article')].map((a) => Math.round(a.getBoundingClientRect().left)),
        ).size === 2,
    );

    // The sort and the view chosen are this device's: a reload keeps them.
    await page.getByRole('button', { name: 'List view' }).click();
    await page.reload();
    await page.getByRole('button', { name: /All Prompts/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 3);
    expect(await page.getByRole('combobox', { name: 'Sort by' }).innerText()).toBe('Most Used');
    expect(await cardTitles(page)).toEqual(['Bravo', 'Charlie', 'alpha']);
    expect(await page.getByRole('button', { name: 'List view', pressed: true }).count()).toBe(1);
    expect((await lefts()).size).toBe(1);
    // The list view is dense: a row per prompt, a third of a card's height.
    const heights = await cards(page).evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().height),
    );
    expect(Math.max(...heights)).toBeLessThan(100);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Recently used: the last copied first (Charlie, copied here after Bravo, though used less), the
    // never copied last; an order none of the others gives.
    await actAndSee(
      () => page.getByRole('button', { name: 'Copy "Charlie"' }).click(),
      page.getByRole('button', { name: 'Copied!' }),
    );
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Recently Used' }).click();
    await page.waitForFunction(() => document.querySelector('article h3')?.textContent === 'Charlie');
    expect(await cardTitles(page)).toEqual(['Charlie', 'Bravo', 'alpha']);
    await page.reload();
    await page.getByRole('button', { name: /All Prompts/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 3);
    expect(await page.getByRole('combobox', { name: 'Sort by' }).innerText()).toBe('Recently Used');
    expect(await cardTitles(page)).toEqual(['Charlie', 'Bravo', 'alpha']);

    // A use made while another order shows: Most Used, chosen again, puts the prompt where that
    // order now places it, not where its loaded cards had it (Charlie's second use ties Bravo's
    // two, and the newer prompt comes first).
    const chooseSort = async (name: string, firstTitle: string) => {
      await page.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name }).click();
      await page.waitForFunction(
        (title) => document.querySelector('article h3')?.textContent === title,
        firstTitle,
      );
    };
    await chooseSort('Most Used', 'Bravo');
    expect(await cardTitles(page)).toEqual(['Bravo', 'Charlie', 'alpha']);
    await chooseSort('Name (A-Z)', 'alpha');
    const copied = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/copy'),
    );
    await page.getByRole('button', { name: 'Copy "Charlie"' }).click();
    expect((await copied).status()).toBe(200);
    await chooseSort('Most Used', 'Charlie');
    expect(await cardTitles(page)).toEqual(['Charlie', 'Bravo', 'alpha']);
  });

  it('shows prompt text containing HTML as text', async () => {
    const user = await newLibraryUser(gateway.url, 'html');
    await createPrompt(user, {
      title: '<i>Title</i>',
      content: '<img src=x onerror="window.pwned=1"><b>bold</b>',
    });
    const page = await dashboardFor(user);
    await page.getByRole('button', { name: /All Prompts/ }).click();
    const card = cards(page).first();
    await card.getByText('<img src=x onerror="window.pwned=1"><b>bold</b>').waitFor();
    await card.getByText('<i>Title</i>').waitFor();
    expect(await card.locator('b, img, i').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  });

  it('shows the limit panel at 5 prompts and 5/5 in the user menu', async () => {
    const user = await newLibraryUser(gateway.url, 'full');
    for (let n = 0; n < 5; n += 1) await createPrompt(user);
    const page = await dashboardFor(user);
    await page.getByText('Using 5 of 5 prompts').waitFor();
    await page.locator('#new-prompt-button').click();
    const dialog = page.getByRole('dialog', { name: 'Create New Prompt' });
    await dialog.getByText('Prompt Limit Reached').waitFor();
    await dialog
      .getByText(
        "You've reached the limit of 5 prompts on the free plan. Upgrade to Pro for unlimited prompts.",
      )
      .waitFor();
    await dialog.getByRole('link', { name: 'Upgrade to Pro' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: new RegExp(`Account menu: ${user.username}`) }).click();
    await page.getByText('Prompts: 5/5').waitFor();
    await page.getByText('Categories: 1/1').waitFor();
    // A free user cannot add categories: the control is the upgrade hint.
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Upgrade to Pro for unlimited categories' }).waitFor();
  });

  it('lets a Pro user create categories, reorder them by keyboard and mouse (kept after reload) and delete one with its prompts', async () => {
    const user = await newLibraryUser(gateway.url, 'pro');
    await makePro(stack, user);
    const page = await dashboardFor(user);
    await page.getByRole('button', { name: new RegExp(`Account menu: ${user.username}`) }).click();
    await page.getByText('Pro-Account').waitFor();
    await page.keyboard.press('Escape');

    for (const name of ['Writing', 'Code', 'Email']) {
      await page.getByRole('button', { name: 'Add category' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Category' });
      await dialog.getByLabel('Category Name').fill(name);
      await dialog.getByRole('button', { name: 'Create category' }).click();
      await page.getByText(`"${name}" is ready for your prompts.`).waitFor();
      await dialog.waitFor({ state: 'detached' });
    }
    await page.getByRole('button', { name: 'Add category' }).click();
    const duplicate = page.getByRole('dialog', { name: 'Create New Category' });
    expect(await duplicate.getByLabel('Category Name').getAttribute('placeholder')).toBe(
      'E.g., Writing Prompts',
    );
    await duplicate.getByLabel('Category Name').fill('writing');
    await duplicate.getByRole('button', { name: 'Create category' }).click();
    await duplicate.getByText('A category with this name already exists').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await duplicate.getByRole('button', { name: 'Cancel' }).click();

    const order = async () =>
      (
        await page
          .locator('nav [role="button"][aria-roledescription="sortable"]')
          .evaluateAll((handles) => handles.map((handle) => handle.getAttribute('aria-label')))
      ).map((label) => label?.replace(/^Reorder "|"$/g, ''));
    expect(await order()).toEqual(['Writing', 'Code', 'Email']);
    await page.getByRole('button', { name: 'Reorder "Email"' }).focus();
    // At a person's pace: the sorter measures the list between moves.
    for (const key of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(200);
    }
    await page.getByText('Category order updated successfully').waitFor();
    expect(await order()).toEqual(['Email', 'Writing', 'Code']);
    await page.reload();
    await page.locator('#new-prompt-button:not([disabled])').waitFor();
    await page.getByRole('button', { name: 'Reorder "Email"' }).waitFor();
    expect(await order()).toEqual(['Email', 'Writing', 'Code']);

    // Picked up and put down in the same place: nothing is sent.
    const reorders: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/categories/update-positions')) reorders.push(request.url());
    });
    await page.getByRole('button', { name: 'Reorder "Writing"' }).focus();
    for (const key of ['Space', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(200);
    }
    // And with the mouse: Code dragged above Writing.
    const handle = page.getByRole('button', { name: 'Reorder "Code"' });
    const target = page.getByRole('button', { name: 'Reorder "Writing"' });
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // At a person's pace, as with the keys: the drag starts once the pointer has moved 5 px, and the
    // sorter follows the pointer from then on (moves it was sent before had no effect, on a busy machine).
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.locator('nav [aria-roledescription="sortable"][aria-pressed="true"]').waitFor();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 4, { steps: 10 });
    await page.waitForTimeout(200);
    await page.mouse.up();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[aria-roledescription="sortable"]')[1]?.getAttribute('aria-label') ===
        'Reorder "Code"',
    );
    expect(await order()).toEqual(['Email', 'Code', 'Writing']);
    await eventually(
      async () =>
        (await user.client.get<Category[]>('/api/categories')).body.filter(
          (category) => category.name !== 'General',
        ),
      (list) =>
        list
          .sort((a, b) => a.position - b.position)
          .map((category) => category.name)
          .join() === 'Email,Code,Writing',
    );
    expect(reorders).toHaveLength(1);

    const categories = (await user.client.get<Category[]>('/api/categories')).body;
    const code = categories.find((category) => category.name === 'Code')!;
    await createPrompt(user, { title: 'In code one', categoryId: code.id });
    await createPrompt(user, { title: 'In code two', categoryId: code.id });
    await createPrompt(user, { title: 'Stays' });
    await page.reload();
    await page.getByRole('button', { name: /^Code/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 2);
    await page.getByRole('button', { name: 'Delete category "Code"' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Category' });
    await confirm
      .getByText(
        'Delete the category "Code"? Its 2 prompts will be deleted with it. This action cannot be undone.',
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('"Code" and its prompts were deleted.').waitFor();
    await page.getByRole('heading', { level: 1, name: /All Prompts/ }).waitFor();
    await page.waitForFunction(() => document.querySelector('article h3')?.textContent === 'Stays');
    expect(await cardTitles(page)).toEqual(['Stays']);
    expect(await order()).toEqual(['Email', 'Writing']);
  });

  it('renames a category from the sidebar: refused when taken, kept with its prompts, in light and dark', async () => {
    const user = await newLibraryUser(gateway.url, 'rename');
    await makePro(stack, user);
    const writing = (await user.client.post<Category>('/api/categories', { name: 'Writing' })).body;
    await user.client.post<Category>('/api/categories', { name: 'Code' });
    await createPrompt(user, { title: 'Essay plan', categoryId: writing.id });
    for (const colorScheme of ['dark', 'light'] as const) {
      const { page } = await suite.dashboard(user, { colorScheme });
      await page.getByRole('button', { name: 'Rename category "Writing"' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rename Category' });
      const field = dialog.getByLabel('Category Name');
      expect(await field.inputValue()).toBe('Writing');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      if (colorScheme === 'dark') {
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        continue;
      }
      // Selected as it opens: typing replaces the old name.
      await page.keyboard.type('code');
      await page.keyboard.press('Enter');
      await dialog.getByText('A category with this name already exists').waitFor();
      await field.fill('Essays');
      await dialog.getByRole('button', { name: 'Rename' }).click();
      await page.getByText('"Writing" is now "Essays".').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^Essays/ }).click();
      await page.getByRole('heading', { level: 1, name: /Essays/ }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('article').length === 1);
      expect(await cardTitles(page)).toEqual(['Essay plan']);
      // General has no rename.
      expect(await page.getByRole('button', { name: 'Rename category "General"' }).count()).toBe(0);
    }
    expect(
      (await user.client.get<Category[]>('/api/categories')).body.map((category) => category.name),
    ).toEqual(['General', 'Essays', 'Code']);
  });

  it('moves a prompt by dragging its card onto a category in the sidebar', async () => {
    const user = await newLibraryUser(gateway.url, 'dragger');
    await makePro(stack, user);
    const writing = (await user.client.post<Category>('/api/categories', { name: 'Writing' })).body;
    const prompt = await createPrompt(user, { title: 'Movable', content: 'A prompt to file elsewhere.' });
    const page = await dashboardFor(user);
    await page.getByRole('button', { name: /All Prompts/ }).click();
    const card = page.locator('article').filter({ hasText: 'Movable' });
    await card.dragTo(page.getByRole('button', { name: /^Writing/ }));
    await page.getByText('Moved "Movable" to "Writing"').waitFor();
    await card.getByText('Used 0 times · Writing').waitFor();
    expect((await listPrompts(user)).find((stored) => stored.id === prompt.id)).toMatchObject({
      categoryId: writing.id,
      content: 'A prompt to file elsewhere.',
    });

    // And back onto General; the counts follow.
    await card.dragTo(page.getByRole('button', { name: /^General/ }));
    await page.getByText('Moved "Movable" to "General"').waitFor();
    await page
      .getByRole('button', { name: /^Writing/ })
      .getByText('0')
      .waitFor();
    expect((await listPrompts(user))[0].categoryId).toBe(user.general.id);
  });

  it('lets a Pro user file a new prompt in a chosen category', async () => {
    const user = await newLibraryUser(gateway.url, 'file');
    await makePro(stack, user);
    const category = (await user.client.post<Category>('/api/categories', { name: 'Research' })).body;
    const page = await dashboardFor(user);
    await page.getByRole('button', { name: /^Research/ }).click();
    await page.locator('#new-prompt-button').click();
    const dialog = page.getByRole('dialog', { name: 'Create New Prompt' });
    expect(await dialog.getByRole('combobox', { name: 'Category' }).innerText()).toBe('Research');
    await dialog.getByLabel('Title').fill('Literature search');
    await dialog.getByLabel('Content').fill('Find papers about the topic.');
    await dialog.getByRole('button', { name: 'Save Prompt' }).click();
    await page.getByText('Prompt created successfully').waitFor();
    expect(await cardTitles(page)).toEqual(['Literature search']);
    const [stored] = (await user.client.get<Prompt[]>('/api/prompts')).body;
    expect(stored.categoryId).toBe(category.id);
  });
});
