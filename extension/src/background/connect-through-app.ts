import { EXTENSION_CONNECT_PATH } from '@promptlib/proto/extension-connect';
import { writeSettings } from '../shared/settings';
import { LibraryApi } from './library-api';
import { t } from '../shared/i18n';

// The tab opened for connecting and its server, kept for the browser session (the service worker
// may be stopped and started again while the user confirms on the page).
const PENDING = 'pendingConnection';
type Pending = { tabId: number; serverUrl: string };

/**
 * Opens the app's API keys page on the server the user named, and puts the connector into that tab
 * once it has loaded (the user granted the extension that one server on the options page).
 */
export async function connectThroughApp(serverUrl: string): Promise<void> {
  const tab = await chrome.tabs.create({ url: `${serverUrl}${EXTENSION_CONNECT_PATH}` });
  if (tab.id === undefined) return;
  const pending: Pending = { tabId: tab.id, serverUrl };
  await chrome.storage.session.set({ [PENDING]: pending });
}

/** Puts the connector into the pending tab each time it finishes loading (a sign-in in between, say). */
export async function tabLoaded(tabId: number, url: string | undefined): Promise<void> {
  const pending = (await chrome.storage.session.get(PENDING))[PENDING] as Pending | undefined;
  if (!pending || pending.tabId !== tabId || !url || new URL(url).origin !== pending.serverUrl) return;
  await chrome.scripting.executeScript({ target: { tabId }, files: ['connector.js'] });
}

/**
 * The key the app made, from the connector in the pending tab: kept once the server accepts it.
 * A key from any other tab, or from the tab once it shows another site, is refused.
 */
export async function keyFromApp(
  tab: chrome.tabs.Tab | undefined,
  apiKey: string,
): Promise<{ ok: boolean; message?: string }> {
  const pending = (await chrome.storage.session.get(PENDING))[PENDING] as Pending | undefined;
  if (!pending || tab?.id !== pending.tabId || !tab.url || new URL(tab.url).origin !== pending.serverUrl)
    return { ok: false, message: t('connectFromOptions') };
  const answer = await new LibraryApi({ serverUrl: pending.serverUrl, apiKey }).search('');
  if (!answer.ok) return { ok: false, message: answer.message };
  await writeSettings({ serverUrl: pending.serverUrl, apiKey });
  await chrome.storage.session.remove(PENDING);
  return { ok: true };
}
