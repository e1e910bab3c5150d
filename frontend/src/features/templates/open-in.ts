import { handOverUrl, type Assistant } from './assistants';

/** How a text reached an assistant: in its address, or on the clipboard because it could not. */
export type HandOver = { via: 'link' } | { via: 'clipboard'; reason: 'no-link' | 'too-long' };

/**
 * Opens the assistant in a new tab with `text`: in the address when the assistant takes it there
 * and it fits, else copied to the clipboard first (while this page still has the focus a copy
 * needs) and the assistant's new-conversation page opened. Rejects when that copy fails, before
 * anything opens. Nothing is requested from the assistant before this runs.
 */
export async function openInAssistant(assistant: Assistant, text: string): Promise<HandOver> {
  const url = handOverUrl(assistant, text);
  if (url !== null) {
    window.open(url, '_blank', 'noopener,noreferrer');
    return { via: 'link' };
  }
  await navigator.clipboard.writeText(text);
  window.open(assistant.home, '_blank', 'noopener,noreferrer');
  return { via: 'clipboard', reason: assistant.link === null ? 'no-link' : 'too-long' };
}
