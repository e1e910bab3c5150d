import type { Browser } from 'playwright-core';
import { openPage, type OpenedPage, type PageOptions } from './browser';
import type { LibraryUser } from './library-api';

/**
 * A browser page already signed in as `user`: the session cookie the API gave them is put in the
 * context, exactly as the browser would have kept it after signing in.
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  user: LibraryUser,
  options: PageOptions = {},
): Promise<OpenedPage> {
  const opened = await openPage(browser, options);
  const [name, value] = user.client.sessionCookie!.split('=');
  await opened.context.addCookies([{ name, value, url: baseUrl }]);
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  return opened;
}
