import { extensionPageMessages as pageMessages } from '@promptlib/proto/extension-connect';
import type { ConnectRequest } from '../shared/connect-messages';

/**
 * Put by the extension into the tab it opened on the app's API keys page, and nowhere else: it
 * tells the page the extension is listening, and takes the key the page posts (from the page
 * itself, in its own origin) to the extension, which keeps it only for the tab and the server the
 * user connected from the options page.
 */
const page = globalThis as { promptLibraryConnector?: boolean };
if (!page.promptLibraryConnector) {
  page.promptLibraryConnector = true;
  window.addEventListener('message', (event: MessageEvent<{ type?: unknown; key?: unknown }>) => {
    if (event.source !== window || event.origin !== location.origin) return;
    if (event.data?.type === pageMessages.listening) {
      window.postMessage({ type: pageMessages.ready }, location.origin);
      return;
    }
    if (event.data?.type !== pageMessages.key || typeof event.data.key !== 'string') return;
    const request: ConnectRequest = { type: 'connected', apiKey: event.data.key };
    void chrome.runtime.sendMessage(request).then((answer: { ok: boolean; message?: string }) => {
      window.postMessage(
        answer.ok ? { type: pageMessages.connected } : { type: pageMessages.failed, message: answer.message },
        location.origin,
      );
    });
  });
}
window.postMessage({ type: pageMessages.ready }, location.origin);
