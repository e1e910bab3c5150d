const RECENT_USES_KEY = 'recent-prompt-uses';
const KEPT = 50;

/**
 * The prompts last copied or opened on this device, most recent first (localStorage, never sent):
 * what the command palette offers first. Unreadable or refused storage means no history, never an error.
 */
export function recentUses(): number[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(RECENT_USES_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function recordRecentUse(promptId: number): void {
  const ids = [promptId, ...recentUses().filter((id) => id !== promptId)].slice(0, KEPT);
  try {
    window.localStorage.setItem(RECENT_USES_KEY, JSON.stringify(ids));
  } catch {
    // Full or disabled storage: the history is simply not kept.
  }
}
