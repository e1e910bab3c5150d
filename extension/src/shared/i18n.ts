import type english from '../../static/_locales/en/messages.json';

/** The name of a message in `static/_locales/<language>/messages.json`. */
export type MessageName = keyof typeof english;

/**
 * A message in the browser's language (English where the extension has none of it): German and
 * English are in `static/_locales`, read by the browser itself. `$1`… take the substitutions.
 */
export function t(name: MessageName, ...substitutions: string[]): string {
  return chrome.i18n.getMessage(name, substitutions);
}
