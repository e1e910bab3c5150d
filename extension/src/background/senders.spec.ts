import { fromExtensionPage } from './senders';

const EXTENSION = {
  id: 'abcdefghijklmnopabcdefghijklmnop',
  base: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/',
};

describe('fromExtensionPage', () => {
  it('takes the options page, in a tab of its own or not', () => {
    const options = { id: EXTENSION.id, url: `${EXTENSION.base}options.html` };
    expect(fromExtensionPage(options, EXTENSION)).toBe(true);
    expect(fromExtensionPage({ ...options, tab: { id: 7 } as chrome.tabs.Tab }, EXTENSION)).toBe(true);
  });

  it('refuses a script the extension put into a web page, another extension, and no address', () => {
    const tab = { id: 7 } as chrome.tabs.Tab;
    expect(fromExtensionPage({ id: EXTENSION.id, url: 'https://chat.example/c/1', tab }, EXTENSION)).toBe(
      false,
    );
    expect(fromExtensionPage({ id: 'another', url: `${EXTENSION.base}options.html` }, EXTENSION)).toBe(false);
    expect(fromExtensionPage({ id: EXTENSION.id }, EXTENSION)).toBe(false);
    // An address that merely begins like this extension's.
    const lookalike = `${EXTENSION.base.slice(0, -1)}x/options.html`;
    expect(fromExtensionPage({ id: EXTENSION.id, url: lookalike }, EXTENSION)).toBe(false);
  });
});
