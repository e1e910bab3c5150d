/** Where the library is and the key that opens it, kept in the browser's extension storage. */
export type Settings = { serverUrl: string; apiKey: string };

const KEY = 'connection';

export async function readSettings(): Promise<Settings | null> {
  const stored = (await chrome.storage.local.get(KEY))[KEY] as Partial<Settings> | undefined;
  return stored?.serverUrl && stored.apiKey ? { serverUrl: stored.serverUrl, apiKey: stored.apiKey } : null;
}

export async function writeSettings(settings: Settings): Promise<void> {
  await chrome.storage.local.set({ [KEY]: settings });
}

/** A server address as typed, made an origin: scheme and host (and port), no path. */
export function normalizeServerUrl(typed: string): string | null {
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin;
  } catch {
    return null;
  }
}
