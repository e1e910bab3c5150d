import { ApiClient, STRONG_PASSWORD, uniqueUsername } from '../support/api-client';
import { registerThroughUi, visibleText } from '../support/app-pages';
import {
  answerServiceUnavailable,
  measureScripts,
  openPage,
  seriousAccessibilityViolations,
} from '../support/browser';
import { sharedBrowserSuite } from '../support/browser-suite';
import type { GatewayAddress } from '../support/stack';
import en from '@promptlib/frontend/i18n/en.json';
import de from '@promptlib/frontend/i18n/de.json';

// The goal for a first visit to /auth, gzip as it travels (the gateway sends the build's
// zopfli files).
const AUTH_SCRIPT_BUDGET_BYTES = 170 * 1024;

describe('the app shell in a real browser', () => {
  const suite = sharedBrowserSuite();
  let gateway: GatewayAddress;

  beforeAll(() => {
    gateway = suite.gateway();
  });

  async function newPage(options: Parameters<typeof openPage>[1] = {}) {
    return suite.track(await openPage(suite.browser(), options)).page;
  }

  describe('routes', () => {
    it.each(['/', '/subscribe/success?session_id=cs_123'])(
      'sends a visitor from %s to /auth',
      async (path) => {
        const page = await newPage();
        await page.goto(`${gateway.url}${path}`);
        await page.waitForURL(`${gateway.url}/auth`);
        await page.getByRole('tab', { name: 'Login', selected: true }).waitFor();
      },
    );

    it('asks a visitor on /subscribe to log in, with a way to the login page that comes back to the plans', async () => {
      const username = uniqueUsername('plans');
      await new ApiClient(gateway.url).post('/api/register', { username, password: STRONG_PASSWORD });
      const page = await newPage();
      await page.goto(`${gateway.url}/subscribe`);
      await page.getByRole('heading', { name: 'You must be logged in' }).waitFor();
      await page.getByText('Please sign in to subscribe').waitFor();
      await page.getByRole('link', { name: 'Go to Login' }).click();
      await page.waitForURL(`${gateway.url}/auth?next=%2Fsubscribe`);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(`${gateway.url}/subscribe`);
      await page.getByRole('button', { name: 'Choose Monthly' }).waitFor();
    });

    it('follows no sign-in return address that leads off the site', async () => {
      const username = uniqueUsername('offsite');
      await new ApiClient(gateway.url).post('/api/register', { username, password: STRONG_PASSWORD });
      const page = await newPage();
      await page.goto(`${gateway.url}/auth?next=${encodeURIComponent('//example.com/phish')}`);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(`${gateway.url}/`);
    });

    it('shows the 404 page for an unknown path', async () => {
      const page = await newPage();
      await page.goto(`${gateway.url}/no/such/page`);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });

    it('says a page whose code cannot be fetched could not load, and reloads into it once it can', async () => {
      const opened = await openPage(suite.browser(), { locale: 'de-DE' });
      const { page } = opened;
      try {
        // The 404 page's own file never arrives, as while the server restarts or the network is gone.
        const chunk = '**/assets/NotFoundPage-*.js';
        await page.route(chunk, (route) => route.abort());
        await page.goto(`${gateway.url}/no/such/page`);
        // Fetched again after 1, 2 and 4 s before the page gives up on it.
        const alert = page.getByRole('alert').filter({ hasText: de.app.loadFailed });
        await alert.waitFor({ timeout: 20_000 });
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await page.unroute(chunk);
        await page.getByRole('button', { name: de.app.reload }).click();
        await page.getByRole('heading', { name: de.notFound.title }).waitFor();
      } finally {
        await opened.context.close();
      }
      // The refused file and React's report of the error it caught; nothing went uncaught.
      const expected = /ERR_FAILED|Failed to fetch dynamically imported module/;
      expect(opened.problems().filter((problem) => !expected.test(problem))).toEqual([]);
    }, 180_000);

    it('sends a signed-in user from /auth to /', async () => {
      const page = await newPage();
      await registerThroughUi(page, gateway.url);
      await page.goto(`${gateway.url}/auth`);
      await page.waitForURL(`${gateway.url}/`);
    });
  });

  describe('/auth', () => {
    it('shows both tabs and the three benefits on a large screen', async () => {
      const page = await newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(`${gateway.url}/auth`);
      await page.getByRole('tab', { name: 'Login' }).waitFor();
      await page.getByRole('tab', { name: 'Register' }).waitFor();
      for (const benefit of ['Organize prompts with categories', 'Copy with a single click', 'Track usage']) {
        await page.getByRole('heading', { name: benefit }).waitFor();
      }
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });

    it('hides the benefits on a phone', async () => {
      const page = await newPage({ viewport: { width: 375, height: 740 } });
      await page.goto(`${gateway.url}/auth`);
      await page.getByRole('tab', { name: 'Login' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Track usage' }).isVisible()).toBe(false);
    });

    it('shows each validation message of the register form', async () => {
      const page = await newPage();
      await page.goto(`${gateway.url}/auth`);
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByLabel('Username').fill('ab');
      await page.getByLabel('Password', { exact: true }).fill('12345');
      await page.getByLabel('Confirm Password').fill('12346');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText('Username must be at least 3 characters').waitFor();
      await page.getByText('Password must be at least 6 characters').waitFor();
      await page.getByText("Passwords don't match").waitFor();
      expect(page.url()).toBe(`${gateway.url}/auth`);
    });

    it('shows the login form messages, keyboard only', async () => {
      const page = await newPage();
      await page.goto(`${gateway.url}/auth`);
      await page.getByLabel('Username').focus();
      await page.keyboard.type('ab');
      await page.keyboard.press('Tab');
      await page.keyboard.type('123');
      await page.keyboard.press('Enter');
      await page.getByText('Username must be at least 3 characters').waitFor();
      await page.getByText('Password must be at least 6 characters').waitFor();
    });

    it('registers through the UI and lands on the library', async () => {
      const page = await newPage();
      const username = await registerThroughUi(page, gateway.url);
      await page.getByText('Registration successful').waitFor();
      await page.getByText(`Welcome, ${username}!`).waitFor();
    });

    it('shows the server’s message when the name is taken', async () => {
      const username = uniqueUsername('taken');
      await new ApiClient(gateway.url).post('/api/register', { username, password: STRONG_PASSWORD });
      const page = await newPage();
      await page.goto(`${gateway.url}/auth`);
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
      await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText('Registration failed').waitFor();
      await page.getByText('This username is already taken').waitFor();
    });

    it("says 'Login failed' with the server's message for a wrong password", async () => {
      const username = uniqueUsername('wrong');
      await new ApiClient(gateway.url).post('/api/register', { username, password: STRONG_PASSWORD });
      const page = await newPage();
      await page.goto(`${gateway.url}/auth`);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByText('Login failed').waitFor();
      await page.getByText('Invalid username or password').waitFor();
      expect(page.url()).toBe(`${gateway.url}/auth`);
    });

    it('signs in and greets the user', async () => {
      const username = uniqueUsername('back');
      await new ApiClient(gateway.url).post('/api/register', { username, password: STRONG_PASSWORD });
      const page = await newPage();
      await page.goto(`${gateway.url}/auth`);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(`${gateway.url}/`);
      await page.getByText('Login successful').waitFor();
      await page.getByText(`Welcome back, ${username}!`).waitFor();
    });

    it('offers no Google sign-in where none is configured', async () => {
      const page = await newPage();
      const config = page.waitForResponse(`${gateway.url}/api/config`);
      await page.goto(`${gateway.url}/auth`);
      expect(await (await config).json()).toMatchObject({ googleClientId: null });
      await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Sign in with Google' }).count()).toBe(0);
      expect(await page.locator('main').innerText()).not.toMatch(/^or$/m);
    });

    it('offers Google sign-in when the configuration could not be read, and explains it is off when pressed', async () => {
      // Not tracked: the 503 it causes is the point.
      const { context, page } = await openPage(suite.browser());
      try {
        await page.route(`${gateway.url}/api/config`, answerServiceUnavailable, { times: 1 });
        await page.goto(`${gateway.url}/auth`);
        await page.getByRole('button', { name: 'Sign in with Google' }).click();
        const alert = page.getByRole('alert').filter({ hasText: 'Google sign-in is not available yet' });
        await alert.waitFor();
        expect(await alert.innerText()).toContain(new URL(gateway.url).host);
      } finally {
        await context.close();
      }
    });
  });

  describe('header', () => {
    it('starts the keyboard at a link past the header, and rings what the keyboard is on', async () => {
      const page = await newPage();
      await registerThroughUi(page, gateway.url);
      await page.locator('#new-prompt-button:not([disabled])').waitFor();
      await page.locator('body').focus();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
      const box = (await skip.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
      // On through the list's controls to a button: the keyboard's place shows as a ring.
      for (let tab = 0; tab < 20; tab += 1) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'List view'))
          break;
      }
      const ring = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return {
          label: document.activeElement!.getAttribute('aria-label'),
          style: style.outlineStyle,
          width: style.outlineWidth,
        };
      });
      expect(ring).toEqual({ label: 'List view', style: 'solid', width: '2px' });
    });

    it('logs out back to /auth and the session is gone', async () => {
      const page = await newPage();
      const username = await registerThroughUi(page, gateway.url);
      await page.getByRole('button', { name: `Account menu: ${username}` }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL(`${gateway.url}/auth`);
      await page.getByText('You have been successfully logged out').waitFor();
      const status = await page.evaluate(async () => (await fetch('/api/user')).status);
      expect(status).toBe(401);
      await page.goto(`${gateway.url}/`);
      await page.waitForURL(`${gateway.url}/auth`);
    });

    it('follows the theme toggle, and the choice survives a reload', async () => {
      const page = await newPage({ colorScheme: 'light' });
      await registerThroughUi(page, gateway.url);
      const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
      expect(await isDark()).toBe(false);
      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      expect(await isDark()).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
      await page.reload();
      await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
      expect(await isDark()).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Switch to light mode' }).click();
      expect(await isDark()).toBe(false);
    });

    it('starts dark when the system prefers dark and nothing was chosen', async () => {
      const page = await newPage({ colorScheme: 'dark' });
      await registerThroughUi(page, gateway.url);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    });

    it('replaces the search input by a toggle at 375 px', async () => {
      const page = await newPage({ viewport: { width: 375, height: 740 } });
      await registerThroughUi(page, gateway.url);
      expect(await page.getByPlaceholder('Search prompts...').count()).toBe(0);
      await page.getByRole('button', { name: 'Open search' }).click();
      await page.getByPlaceholder('Search prompts...').waitFor();
      await page.getByRole('button', { name: 'Close search' }).click();
      expect(await page.getByPlaceholder('Search prompts...').count()).toBe(0);
    });

    it('shows the search input with its placeholder on a wide screen, and / focuses it', async () => {
      const page = await newPage();
      await registerThroughUi(page, gateway.url);
      const search = page.getByPlaceholder('Search prompts...');
      await search.waitFor();
      await page.locator('body').click();
      await page.keyboard.press('/');
      expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    });

    it('passes axe on / with the user menu open', async () => {
      const page = await newPage();
      const username = await registerThroughUi(page, gateway.url);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: `Account menu: ${username}` }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });

  describe('languages', () => {
    it('shows /auth entirely in German for a German browser', async () => {
      const page = await newPage({ locale: 'de-DE', viewport: { width: 1440, height: 900 } });
      await page.goto(`${gateway.url}/auth`);
      await page.getByRole('tab', { name: 'Anmelden' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      const text = await visibleText(page);
      for (const [key, english] of Object.entries(flatten(en.auth))) {
        const german = flatten(de.auth)[key];
        if (english === german || english.includes('{{')) continue;
        expect(text).not.toMatch(new RegExp(`\\b${english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`));
      }
      expect(text).toContain('Benutzername');
      expect(text).toContain('Prompts in Kategorien ordnen');
      await page.getByRole('tab', { name: 'Registrieren' }).click();
      await page.getByRole('button', { name: 'Konto erstellen' }).click();
      await page.getByText('Bitte gib einen Benutzernamen ein').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });

    it('switches language from the user menu and keeps it', async () => {
      const page = await newPage();
      const username = await registerThroughUi(page, gateway.url);
      await page.getByRole('button', { name: `Account menu: ${username}` }).click();
      await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
      await page.getByPlaceholder('Prompts durchsuchen...').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      await page.reload();
      await page.getByPlaceholder('Prompts durchsuchen...').waitFor();
      await page.getByRole('button', { name: `Kontomenü: ${username}` }).click();
      await page.getByRole('menuitemradio', { name: 'English' }).click();
      await page.getByPlaceholder('Search prompts...').waitFor();
    });
  });

  it('keeps the JavaScript for a first visit to /auth within budget', async () => {
    const page = await newPage();
    const weight = await measureScripts(page, `${gateway.url}/auth`);
    const kb = (weight.totalEncodedBytes / 1024).toFixed(1);
    // eslint-disable-next-line no-console -- the figure is part of the issue's acceptance
    console.log(`JavaScript transferred to render /auth: ${kb} KB gzip in ${weight.requests.length} files`);
    expect(weight.requests.every((request) => request.encodedBytes > 0)).toBe(true);
    expect(weight.totalEncodedBytes).toBeLessThanOrEqual(AUTH_SCRIPT_BUDGET_BYTES);
  });
});

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}
