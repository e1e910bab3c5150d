/**
 * Whether a message comes from one of the extension's own pages (the options page) rather than a
 * script it put into a web page. Both carry the extension's id, and an options page open in a tab
 * has a tab like any content script, so the sender's address tells them apart: a content script
 * sends from the web page's address. `extension` is `chrome.runtime`'s id and `getURL('')`, which
 * ends in `/`.
 */
export function fromExtensionPage(
  sender: chrome.runtime.MessageSender,
  extension: { id: string; base: string },
): boolean {
  return sender.id === extension.id && sender.url?.startsWith(extension.base) === true;
}
