/**
 * How the web app hands the browser extension a key, in the tab the extension opened on the app's
 * API keys page: the extension's connector says it is there (`ready`) when it arrives and whenever
 * the page asks (`listening`: the page may render its dialog after the connector arrived, or before),
 * the page posts the key it made (`key`), the connector answers (`connected` or `failed`). Page and connector talk by
 * `window.postMessage` within the app's own origin. Zod-free: the app and the extension import it.
 */
export const EXTENSION_CONNECT_PATH = '/settings/api-keys?connect=extension';
export const EXTENSION_KEY_NAME = 'Browser extension';
export const extensionPageMessages = {
  listening: 'prompt-library:page-listening',
  ready: 'prompt-library:extension-ready',
  key: 'prompt-library:extension-key',
  connected: 'prompt-library:extension-connected',
  failed: 'prompt-library:extension-failed',
} as const;
