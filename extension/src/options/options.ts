import { LibraryApi } from '../background/library-api';
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

function say(message: string, problem = false): void {
  status.textContent = message;
  status.className = problem ? 'problem' : 'hint';
}

void readSettings().then((settings) => {
  if (!settings) return;
  server.value = settings.serverUrl;
  key.value = settings.apiKey;
  say(`Connected to ${settings.serverUrl}.`);
});

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
