import { LibraryApi } from '../background/library-api';
import type { ConnectRequest } from '../shared/connect-messages';
import { normalizeServerUrl, readSettings, writeSettings } from '../shared/settings';
import { t, type MessageName } from '../shared/i18n';

/**
 * The options page: the library's address and a personal API key. Connecting tries the key with a
 * search and keeps both only when the library answers. The extension needs no access to any site
 * for this: the library answers a key's calls from any origin.
 */
// The page's words in the browser's language (its HTML holds the messages' names only).
document.documentElement.lang = chrome.i18n.getUILanguage();
for (const element of document.querySelectorAll<HTMLElement>('[data-i18n]'))
  element.textContent = t(element.dataset.i18n as MessageName);

const form = document.querySelector<HTMLFormElement>('#connection')!;
const server = document.querySelector<HTMLInputElement>('#server')!;
const key = document.querySelector<HTMLInputElement>('#key')!;
const status = document.querySelector<HTMLElement>('#status')!;
const save = document.querySelector<HTMLButtonElement>('#save')!;
const throughApp = document.querySelector<HTMLButtonElement>('#through-app')!;

function say(message: string, problem = false): void {
  status.textContent = message;
  status.className = problem ? 'problem' : 'hint';
}

const showConnection = () =>
  readSettings().then((settings) => {
    if (!settings) return;
    server.value = settings.serverUrl;
    key.value = settings.apiKey;
    say(t('connectedTo', settings.serverUrl));
  });
void showConnection();
// A key handed over by the app's page arrives while this page is open.
chrome.storage.onChanged.addListener((_changes, area) => {
  if (area === 'local') void showConnection();
});

throughApp.addEventListener('click', () => void connectThroughApp());

async function connectThroughApp(): Promise<void> {
  const serverUrl = normalizeServerUrl(server.value);
  if (!serverUrl) return say(t('enterAddress'), true);
  // Asked while the click still counts as the user's: the browser shows its own question.
  const granted = await chrome.permissions.request({ origins: [`${serverUrl}/*`] });
  if (!granted) return say(t('needsAccess', serverUrl), true);
  const request: ConnectRequest = { type: 'connectThroughApp', serverUrl };
  await chrome.runtime.sendMessage(request);
  say(t('confirmOnPage'));
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void connect();
});

async function connect(): Promise<void> {
  const serverUrl = normalizeServerUrl(server.value);
  if (!serverUrl) return say(t('enterAddress'), true);
  const apiKey = key.value.trim();
  if (!/^plk_[A-Za-z0-9_-]{20,}$/.test(apiKey)) return say(t('enterKey'), true);
  save.disabled = true;
  say(t('connecting'));
  const answer = await new LibraryApi({ serverUrl, apiKey }).search('');
  save.disabled = false;
  if (!answer.ok) return say(answer.message, true);
  await writeSettings({ serverUrl, apiKey });
  server.value = serverUrl;
  say(t('connectedTo', serverUrl));
}
