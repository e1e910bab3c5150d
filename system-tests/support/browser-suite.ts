import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, type OpenedPage, type PageOptions } from './browser';
import type { LibraryUser } from './library-api';
import { sharedStack } from './shared-stack';
import { signedInPage } from './signed-in-page';
import {
  startStack,
  type Gateway,
  type GatewayAddress,
  type Stack,
  type StackAddress,
  type StackOptions,
} from './stack';

export type BrowserSuite<S extends StackAddress = Stack, G extends GatewayAddress = Gateway> = {
  stack: () => S;
  gateway: () => G;
  browser: () => Browser;
  /** Closes the page after the test and fails the test on any console error or CSP violation it saw. */
  track: (page: OpenedPage) => OpenedPage;
  /**
   * A tracked page signed in as `user` on the dashboard, once it can create a prompt. `beforeLoad`
   * runs on the context before the first navigation (to route requests, say).
   */
  dashboard: (
    user: LibraryUser,
    options?: PageOptions & { beforeLoad?: (context: BrowserContext) => Promise<void> },
  ) => Promise<OpenedPage>;
};

type ServiceDir = Parameters<typeof startStack>[1][number];

/**
 * The hooks every browser test file needs: a stack with one gateway, one Chromium for the file, and
 * every page checked for problems after each test. Call it at the top of a describe block. A file
 * that needs nothing but the default services and settings calls `sharedBrowserSuite` instead.
 */
export function browserSuite(
  suffix: string,
  services: ServiceDir[],
  // A function is read when the stack starts: after the file's own earlier beforeAll (a sandbox's address, say).
  options: StackOptions | (() => StackOptions) = {},
): BrowserSuite {
  let stack: Stack | undefined;
  let gateway: Gateway | undefined;
  beforeAll(async () => {
    stack = await startStack(
      suffix,
      services.filter((service) => service !== 'billing'),
      typeof options === 'function' ? options() : options,
    );
    gateway = await stack.startGateway();
    if (services.includes('billing')) {
      // After the gateway, whose address billing's checkout returns to and the sandbox's webhooks go to.
      await stack.startStripe(`${gateway.url}/api/webhooks/stripe`);
      await stack.startService('billing', { PUBLIC_URL: gateway.url });
    }
  }, 270_000);
  afterAll(async () => {
    await stack?.stop();
  }, 90_000);
  return pagesOn(
    () => stack!,
    () => gateway!,
  );
}

/**
 * `browserSuite` on the stack every such file shares (auth, library and sharing with one gateway,
 * started once per run): its users are its own, so files running side by side never meet.
 */
export function sharedBrowserSuite(): BrowserSuite<StackAddress, GatewayAddress> {
  const shared = sharedStack();
  return pagesOn(
    () => shared,
    () => ({ url: shared.gatewayUrl }),
  );
}

/** One Chromium for the file, and the pages it opens on the gateway checked after each test. */
function pagesOn<S extends StackAddress, G extends GatewayAddress>(
  stack: () => S,
  gateway: () => G,
): BrowserSuite<S, G> {
  let browser: Browser | undefined;
  const opened: OpenedPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  }, 270_000);

  afterEach(async () => {
    for (const { context, problems } of opened.splice(0)) {
      await context.close();
      expect(problems()).toEqual([]);
    }
  });

  afterAll(async () => {
    await browser?.close();
  }, 90_000);

  const track = (page: OpenedPage): OpenedPage => {
    opened.push(page);
    return page;
  };

  return {
    stack,
    gateway,
    browser: () => browser!,
    track,
    dashboard: async (user, { beforeLoad, ...pageOptions } = {}) => {
      const page = track(await signedInPage(browser!, gateway().url, user, pageOptions));
      await beforeLoad?.(page.context);
      await page.page.goto(`${gateway().url}/`);
      // The sidebar's button, or on a phone the floating one.
      await page.page
        .locator('#new-prompt-button:not([disabled]), #new-prompt-fab:not([disabled])')
        .first()
        .waitFor();
      return page;
    },
  };
}
