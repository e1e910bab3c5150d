/** What the palette (in the page) asks the background for; the background alone talks to the server. */
export type PaletteRequest =
  | { type: 'search'; query: string }
  | { type: 'prompt'; id: number }
  | { type: 'used'; id: number }
  | { type: 'save'; title: string; content: string };

/** A card of the search, as much as the palette shows. */
export type FoundPrompt = { id: number; title: string; preview: string };
export type FullPrompt = { id: number; title: string; content: string };

/**
 * Why a call to the server failed, in words the palette can show: no server or key set yet, a key
 * the server refuses (revoked or expired), a server that cannot be reached, or its own refusal.
 */
export type Problem = { problem: 'notConnected' | 'keyRefused' | 'unreachable' | 'refused'; message: string };

export type Answer<T> = ({ ok: true } & T) | ({ ok: false } & Problem);

export type PaletteAnswers = {
  search: Answer<{ prompts: FoundPrompt[] }>;
  prompt: Answer<{ prompt: FullPrompt | null }>;
  used: Answer<object>;
  save: Answer<{ id: number; title: string }>;
};

/** What the background tells the palette it injected into a tab. */
export type PaletteCommand = { type: 'open' } | { type: 'save'; selection: string };
