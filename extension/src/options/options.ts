import { LibraryApi } from '../background/library-api';
import type { ConnectRequest } from '../shared/connect-messages';
import { normalizeServerUrl, readSettings, writeSettings } from '../shared/settings';

/**
 * The options page: the library's address and a personal API key. Connecting tries the key with a
 * search and keeps both only when the library answers. The extension needs no access to any site
 * for this: the library answers a key's calls from any origin.
 */
const form = document.querySelector<HTMLFormElement>('#connection')!;
const server = document.querySelector<HTMLInputElement>('#server')!;
const key = document.querySelector<HTMLInputElement>('#key')!;
const status = document.querySelector<HTMLElement>('#status')!;
const save = document.querySelector<HTMLButtonElement>('#save')!;
const throughApp = document.querySelector<HTMLButtonElement>('#through-app')!;
const CONNECTED_HINT = 'Press Ctrl+Shift+Space (⌘⇧Space on a Mac) in any text field to insert a prompt.';

function say(message: string, problem = false): void {
  status.textContent = message;
  status.className = problem ? 'problem' : 'hint';
}

const showConnection = () =>
  readSettings().then((settings) => {
    if (!settings) return;
    server.value = settings.serverUrl;
    key.value = settings.apiKey;
    say(`Connected to ${settings.serverUrl}. ${CONNECTED_HINT}`);
  });
void showConnection();
// A key handed over by the app's page arrives while this page is open.
chrome.storage.onChanged.addListener((_changes, area) => {
  if (area === 'local') void showConnection();
});

throughApp.addEventListener('click', () => void connectThroughApp());

async function connectThroughApp(): Promise<void> {
  const serverUrl = normalizeServerUrl(server.value);
  if (!serverUrl)
    return say('Enter your Prompt Library’s address, such as https://prompts.example.com.', true);
  // Asked while the click still counts as the user's: the browser shows its own question.
  const granted = await chrome.permissions.request({ origins: [`${serverUrl}/*`] });
  if (!granted) return say(`The extension needs to reach ${serverUrl} to take the key from it.`, true);
  const request: ConnectRequest = { type: 'connectThroughApp', serverUrl };
  await chrome.runtime.sendMessage(request);
  say('Confirm on the page that opened (sign in first if it asks).');
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void connect();
});

async function connect(): Promise<void> {
  const serverUrl = normalizeServerUrl(server.value);
  if (!serverUrl)
    return say('Enter your Prompt Library’s address, such as https://prompts.example.com.', true);
  const apiKey = key.value.trim();
  if (!/^plk_[A-Za-z0-9_-]{20,}$/.test(apiKey))
    return say(
      'Enter a personal API key: it starts with plk_. Make one on the app’s “API keys and MCP” page.',
      true,
    );
  save.disabled = true;
  say('Connecting…');
  const answer = await new LibraryApi({ serverUrl, apiKey }).search('');
  save.disabled = false;
  if (!answer.ok) return say(answer.message, true);
  await writeSettings({ serverUrl, apiKey });
  server.value = serverUrl;
  say(
    `Connected to ${serverUrl}. Press Ctrl+Shift+Space (⌘⇧Space on a Mac) in any text field to insert a prompt.`,
  );
}
