import english from '../../static/_locales/en/messages.json';

// The unit specs run outside a browser: chrome.i18n answers from the English messages, as the
// browser does for an English user.
const messages = english as Record<string, { message: string }>;
const i18n = {
  getMessage: (name: string, substitutions: string[] = []) =>
    (messages[name]?.message ?? '').replace(
      /\$(\d)/g,
      (_whole, index: string) => substitutions[Number(index) - 1] ?? '',
    ),
  getUILanguage: () => 'en',
};
const scope = globalThis as unknown as { chrome?: object };
scope.chrome = { ...scope.chrome, i18n };
