import type { ConnectRequest } from '../shared/connect-messages';
import type { PaletteAnswers, PaletteCommand, PaletteRequest } from '../shared/messages';
import { readSettings } from '../shared/settings';
import { connectThroughApp, keyFromApp, tabLoaded } from './connect-through-app';
import { LibraryApi } from './library-api';
import { fromExtensionPage } from './senders';
import { t } from '../shared/i18n';

const SAVE_SELECTION = 'save-selection';

/**
 * The service worker: it opens the palette in the tab the user acts in (the shortcut, the toolbar
 * button, the context menu) and makes every call to the server for it, with the key. Nothing is
 * injected into a page and nothing is sent anywhere before the user acts: `activeTab` grants the
 * tab only for that moment.
 */
chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.create({
    id: SAVE_SELECTION,
    title: t('saveSelection'),
    contexts: ['selection'],
  });
});

chrome.commands.onCommand.addListener((command, tab) => {
  if (command === 'open-palette') void openIn(tab, { type: 'open' });
});

chrome.action.onClicked.addListener((tab) => void openIn(tab, { type: 'open' }));

chrome.contextMenus.onClicked.addListener((info, tab) => {
  if (info.menuItemId === SAVE_SELECTION)
    void openIn(tab, { type: 'save', selection: info.selectionText ?? '' });
});

chrome.runtime.onMessage.addListener((request: PaletteRequest | ConnectRequest, sender, respond) => {
  // Only this extension's own scripts ask; a page's own scripts cannot reach here.
  if (sender.id !== chrome.runtime.id) return false;
  if (request.type === 'connectThroughApp') {
    // From the options page only: a script put into a web page may not open tabs.
    if (!fromExtensionPage(sender, { id: chrome.runtime.id, base: chrome.runtime.getURL('') })) return false;
    void connectThroughApp(request.serverUrl).then(() => respond({ ok: true }));
  } else if (request.type === 'connected') void keyFromApp(sender.tab, request.apiKey).then(respond);
  else void answer(request).then(respond);
  return true;
});

chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
  if (change.status === 'complete') void tabLoaded(tabId, tab.url);
});

async function answer(request: PaletteRequest): Promise<PaletteAnswers[PaletteRequest['type']]> {
  const api = new LibraryApi(await readSettings());
  switch (request.type) {
    case 'search':
      return api.search(request.query);
    case 'prompt':
      return api.prompt(request.id);
    case 'used':
      return api.used(request.id);
    case 'save':
      return api.save(request.title, request.content);
  }
}

/** Puts the palette into the tab (once) and tells it what to do; a page that takes no script is left alone. */
async function openIn(tab: chrome.tabs.Tab | undefined, command: PaletteCommand): Promise<void> {
  if (tab?.id === undefined) return;
  try {
    await chrome.scripting.executeScript({ target: { tabId: tab.id }, files: ['palette.js'] });
    await chrome.tabs.sendMessage(tab.id, command);
  } catch {
    // The browser's own pages and the web store take no scripts: there is nothing to insert into.
  }
}

// The browser tests open the palette as the shortcut does: commands cannot be pressed headless.
(globalThis as { openPaletteIn?: typeof openIn }).openPaletteIn = openIn;
