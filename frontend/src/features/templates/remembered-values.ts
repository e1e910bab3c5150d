import type { TemplateValues } from '@promptlib/proto';

const PREFIX = 'template-values:';

// Automatic values (`@date`, `@clipboard`) are what they are at each use: never worth keeping, and
// a clipboard's text may be anything the user copied.
const isAutomatic = (name: string) => name.startsWith('@');

/**
 * The values last used to fill a template, kept on this device only (localStorage), per prompt:
 * `key` names the prompt (`prompt:<id>` in the library, `shared:<shareId>` on a shared page).
 * Storage that is full, disabled or holds something unreadable costs the memory, never the copy.
 */
export function rememberedValues(key: string): TemplateValues {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(PREFIX + key) ?? '{}');
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
    return Object.fromEntries(
      Object.entries(stored).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && !isAutomatic(entry[0]),
      ),
    );
  } catch {
    return {};
  }
}

export function rememberValues(key: string, values: TemplateValues): void {
  try {
    const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !isAutomatic(name)));
    window.localStorage.setItem(PREFIX + key, JSON.stringify(kept));
  } catch {
    // Full or disabled storage: the values are simply not remembered.
  }
}
