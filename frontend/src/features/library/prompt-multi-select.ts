import { PROMPT_BULK_MAX_IDS } from '@promptlib/proto';

/** The prompts chosen for a move or a delete, and the one a Shift-click's range starts from. */
export type MultiSelection = { ids: ReadonlySet<number>; anchor: number | null };

export const NOTHING_SELECTED: MultiSelection = { ids: new Set(), anchor: null };

/** What a change of the selection came to, and whether it was cut at the most one call may change. */
export type SelectionChange = { selection: MultiSelection; capped: boolean };

/**
 * A click on a prompt's checkbox: it flips that prompt. A Shift-click gives every prompt between it
 * and the last one clicked, in the list's order, the clicked one's new state (as file managers do).
 * No more than PROMPT_BULK_MAX_IDS are ever selected.
 */
export function toggleSelected(
  selection: MultiSelection,
  promptId: number,
  range: boolean,
  order: readonly number[],
): SelectionChange {
  const select = !selection.ids.has(promptId);
  const from = range && selection.anchor !== null ? order.indexOf(selection.anchor) : -1;
  const to = order.indexOf(promptId);
  const span =
    from === -1 || to === -1 ? [promptId] : order.slice(Math.min(from, to), Math.max(from, to) + 1);
  return withIds(selection, span, select, promptId);
}

/** Every prompt shown, added to the selection, up to PROMPT_BULK_MAX_IDS. */
export function selectAll(selection: MultiSelection, order: readonly number[]): SelectionChange {
  return withIds(selection, order, true, selection.anchor);
}

function withIds(
  selection: MultiSelection,
  promptIds: readonly number[],
  select: boolean,
  anchor: number | null,
): SelectionChange {
  const ids = new Set(selection.ids);
  let capped = false;
  for (const id of promptIds) {
    if (!select) ids.delete(id);
    else if (ids.size < PROMPT_BULK_MAX_IDS) ids.add(id);
    else if (!ids.has(id)) capped = true;
  }
  return { selection: { ids, anchor }, capped };
}
