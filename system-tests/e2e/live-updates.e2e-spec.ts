import { eventually } from '@promptlib/platform/testing';
import type { Category, Prompt } from '@promptlib/proto';
import type { Page } from 'playwright-core';
import { ApiClient, STRONG_PASSWORD } from '../support/api-client';
import { browserSuite, sharedBrowserSuite } from '../support/browser-suite';
import { createPrompt, newLibraryUser, type LibraryUser } from '../support/library-api';
import { signedInPage } from '../support/signed-in-page';
import type { GatewayAddress } from '../support/stack';
import { makePro } from '../support/tiers';

/** How long the other device may take to show a change; the goal is 500 ms, this is a test's margin. */
const SHOWN_WITHIN_MS = 5_000;

describe('changes made on one device show on the user’s other devices without a reload', () => {
  const suite = sharedBrowserSuite();
  let gateway: GatewayAddress;

  beforeAll(() => {
    gateway = suite.gateway();
  });

  /** The same account signed in a second time, as on another device. */
  async function secondDevice(user: LibraryUser): Promise<LibraryUser> {
    const client = new ApiClient(gateway.url);
    const signedIn = await client.post('/api/login', { username: user.username, password: STRONG_PASSWORD });
    expect(signedIn.status).toBe(200);
    return { ...user, client };
  }

  const cardTitles = async (page: Page) => (await page.locator('article h3').allInnerTexts()).sort();

  /** Waits for the page to show exactly `titles`, for at most SHOWN_WITHIN_MS. */
  async function shown(page: Page, titles: string[]): Promise<void> {
    await page.waitForFunction(
      (expected) =>
        JSON.stringify(
          [...document.querySelectorAll('article h3')].map((title) => title.textContent).sort(),
        ) === JSON.stringify(expected),
      [...titles].sort(),
      { timeout: SHOWN_WITHIN_MS },
    );
  }

  it('shows a prompt made, edited and deleted on another device, with the counts, and never another user’s', async () => {
    const user = await newLibraryUser(gateway.url, 'live');
    await createPrompt(user, { title: 'Already here', content: 'Made before either device opened.' });
    const laptop = await suite.dashboard(user);
    const phone = await suite.dashboard(await secondDevice(user), {
      viewport: { width: 390, height: 844 },
      phone: true,
    });
    await laptop.page.getByRole('button', { name: /All Prompts/ }).click();
    expect(await cardTitles(laptop.page)).toEqual(['Already here']);

    // Made through the API, as a third device would; the laptop has not touched it.
    const made = await createPrompt(user, {
      title: 'Made on the phone',
      content: 'Seen on the laptop at once.',
    });
    await shown(laptop.page, ['Already here', 'Made on the phone']);
    await laptop.page.getByRole('button', { name: /All Prompts\s*2/ }).waitFor();
    const edited = await user.client.send<Prompt>(
      'PATCH',
      `/api/prompts/${made.id}`,
      { title: 'Edited on the phone', content: made.content, categoryId: made.categoryId },
      {},
    );
    expect(edited.status).toBe(200);
    await shown(laptop.page, ['Already here', 'Edited on the phone']);

    // Deleted on the laptop, through its own screen: gone from the phone.
    await laptop.page.getByRole('button', { name: 'Delete "Edited on the phone"' }).click();
    await laptop.page
      .getByRole('dialog', { name: 'Delete Prompt' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await laptop.page.getByText('Prompt deleted successfully').waitFor();
    await shown(phone.page, ['Already here']);

    // Another user's prompt never reaches this user's screens.
    const stranger = await newLibraryUser(gateway.url, 'live');
    await createPrompt(stranger, { title: 'Not yours', content: 'Someone else’s prompt.' });
    await createPrompt(user, { title: 'Yours again', content: 'Made after the stranger’s.' });
    await shown(laptop.page, ['Already here', 'Yours again']);
    await shown(phone.page, ['Already here', 'Yours again']);
  });

  it('shows a prompt made between the page’s first reads and its feed’s start', async () => {
    const user = await newLibraryUser(gateway.url, 'live');
    await createPrompt(user, { title: 'Read with the page', content: 'There from the start.' });
    // The feed's request is held back until the other device has made its prompt.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const laptop = await suite.dashboard(user, {
      beforeLoad: async (context) => {
        await context.route('**/api/events*', async (route) => {
          await held;
          await route.continue();
        });
      },
    });
    await laptop.page.getByRole('button', { name: /All Prompts/ }).click();
    await shown(laptop.page, ['Read with the page']);
    await createPrompt(user, { title: 'Made before the feed', content: 'Missed by the page’s reads.' });
    release();
    await shown(laptop.page, ['Made before the feed', 'Read with the page']);
  });

  it('takes a category deleted on another device away, with its prompts', async () => {
    const user = await newLibraryUser(gateway.url, 'live');
    // A category of their own needs Pro; General holds one prompt, Work another.
    await makePro(suite.stack(), user);
    const work = await user.client.post<Category>('/api/categories', { name: 'Work' });
    expect(work.status).toBe(201);
    await createPrompt(user, { title: 'In General', content: 'Stays where it is.' });
    await createPrompt(user, {
      title: 'In Work',
      content: 'Goes with its category.',
      categoryId: work.body.id,
    });
    const laptop = await suite.dashboard(user);
    await laptop.page.getByRole('button', { name: /All Prompts/ }).click();
    await laptop.page.getByRole('button', { name: /^Work/ }).waitFor();
    expect((await user.client.send('DELETE', `/api/categories/${work.body.id}`, undefined, {})).status).toBe(
      200,
    );
    await shown(laptop.page, ['In General']);
    await laptop.page
      .getByRole('button', { name: /^Work/ })
      .waitFor({ state: 'detached', timeout: SHOWN_WITHIN_MS });
  });

  it('shows a star, and a category made, renamed and moved on another device', async () => {
    const user = await newLibraryUser(gateway.url, 'live');
    await makePro(suite.stack(), user);
    const prompt = await createPrompt(user, {
      title: 'Starred elsewhere',
      content: 'A star from the phone.',
    });
    const laptop = await suite.dashboard(user);
    const { page } = laptop;
    await page.getByRole('button', { name: /All Prompts/ }).click();
    await page.getByRole('button', { name: 'Add to favorites' }).waitFor();

    expect((await user.client.post(`/api/prompts/${prompt.id}/toggle-favorite`, {})).status).toBe(200);
    await page.getByRole('button', { name: 'Remove from favorites' }).waitFor({ timeout: SHOWN_WITHIN_MS });
    await page.getByRole('button', { name: /^Favorites\s*1/ }).waitFor({ timeout: SHOWN_WITHIN_MS });

    const work = await user.client.post<Category>('/api/categories', { name: 'Work' });
    const home = await user.client.post<Category>('/api/categories', { name: 'Home' });
    expect([work.status, home.status]).toEqual([201, 201]);
    await page.getByRole('button', { name: /^Home/ }).waitFor({ timeout: SHOWN_WITHIN_MS });
    const renamed = await user.client.send(
      'PATCH',
      `/api/categories/${work.body.id}`,
      { name: 'Office' },
      {},
    );
    expect(renamed.status).toBe(200);
    await page.getByRole('button', { name: /^Office/ }).waitFor({ timeout: SHOWN_WITHIN_MS });
    const sidebar = page.getByRole('navigation', { name: 'Prompt categories and tags' });
    const order = async () =>
      (await sidebar.getByRole('button', { name: /^(Office|Home)/ }).allInnerTexts()).map(
        (text) => text.split('\n')[0],
      );
    expect(await order()).toEqual(['Office', 'Home']);
    const moved = await user.client.post('/api/categories/update-positions', {
      categoryPositions: [
        { id: work.body.id, position: 1 },
        { id: home.body.id, position: 0 },
      ],
    });
    expect(moved.status).toBe(200);
    expect(await eventually(order, (names) => names[0] === 'Home', SHOWN_WITHIN_MS)).toEqual([
      'Home',
      'Office',
    ]);
  });
});

describe('a gateway restart under an open page', () => {
  const suite = browserSuite('e2elive', ['auth', 'library']);

  it('reconnects to the restarted gateway and shows what changed meanwhile, missing nothing', async () => {
    const gateway = suite.gateway();
    // The changes are made through another replica, up all along.
    const other = await suite.stack().startGateway();
    const user = await newLibraryUser(other.url, 'live');
    const opened = await signedInPage(suite.browser(), gateway.url, user);
    try {
      const { page } = opened;
      await page.goto(`${gateway.url}/`);
      await page.getByRole('button', { name: /All Prompts/ }).click();
      await createPrompt(user, { title: 'Before the restart', content: 'Seen live.' });
      await page.getByRole('heading', { name: 'Before the restart' }).waitFor({ timeout: SHOWN_WITHIN_MS });

      expect(await gateway.stop('SIGTERM')).toBe(0);
      await createPrompt(user, { title: 'While it was down', content: 'Missed by the feed.' });
      await createPrompt(user, { title: 'Also while down', content: 'Missed too.' });
      // The same address, as a restarted pod behind its service.
      await suite.stack().startGateway({ PORT: new URL(gateway.url).port });
      // The feed reopens within its backoff (2 s, then 4, 8, 16, at most 30 s: a gateway that took
      // long to stop and start again on a loaded machine meets a longer one) and sends its last event's id.
      for (const title of ['While it was down', 'Also while down'])
        await page.getByRole('heading', { name: title }).waitFor({ timeout: 45_000 });
      expect((await page.locator('article h3').allInnerTexts()).sort()).toEqual([
        'Also while down',
        'Before the restart',
        'While it was down',
      ]);
    } finally {
      await opened.context.close();
    }
    // While the gateway stopped (503) and was down (refused, or a socket cut as it went: empty, or
    // reset when a read was on it), the page's reads failed, and so did a chunk asked for then
    // (fetched again once it is back); nothing else went wrong, and the page never went blank.
    const outage =
      /ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|ERR_SOCKET_NOT_CONNECTED|Failed to fetch dynamically imported module|^HTTP 503: /;
    expect(opened.problems().filter((problem) => !outage.test(problem))).toEqual([]);
  });
});
