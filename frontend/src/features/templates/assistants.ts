import list from './assistants.json';

/**
 * An AI assistant a prompt can be opened in. The list is data (assistants.json): adding one, or
 * following an assistant that changed its address, is an edit of that file.
 */
export type Assistant = {
  id: string;
  name: string;
  /** The address that opens the assistant with a text, `{prompt}` standing for it; null when it takes none. */
  link: string | null;
  /** Where the assistant starts a new conversation, for a text that cannot travel in the address. */
  home: string;
};

export const assistants: readonly Assistant[] = list;

/** Longer addresses are cut or refused by browsers, proxies or the assistants' own servers. */
export const MAX_HANDOVER_URL_LENGTH = 8_000;

const PLACEHOLDER = '{prompt}';

/** The address that hands `text` to the assistant, or null when it must go by the clipboard instead. */
export function handOverUrl(assistant: Assistant, text: string): string | null {
  if (assistant.link === null) return null;
  const url = assistant.link.replace(PLACEHOLDER, encodeURIComponent(text));
  return url.length < MAX_HANDOVER_URL_LENGTH ? url : null;
}
