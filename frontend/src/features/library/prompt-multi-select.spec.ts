import { PROMPT_BULK_MAX_IDS } from '@promptlib/proto';
import { NOTHING_SELECTED, selectAll, toggleSelected } from './prompt-multi-select';

const order = [50, 40, 30, 20, 10];
const idsOf = (change: { selection: { ids: ReadonlySet<number> } }) => [...change.selection.ids].sort();

describe('selecting prompts for a move or a delete', () => {
  it('flips one prompt per click and remembers it as the start of a range', () => {
    const first = toggleSelected(NOTHING_SELECTED, 40, false, order);
    expect(idsOf(first)).toEqual([40]);
    expect(first.selection.anchor).toBe(40);
    const second = toggleSelected(first.selection, 40, false, order);
    expect(idsOf(second)).toEqual([]);
  });

  it('selects the range between the last click and a Shift-click, either way down the list', () => {
    const start = toggleSelected(NOTHING_SELECTED, 40, false, order).selection;
    expect(idsOf(toggleSelected(start, 10, true, order))).toEqual([10, 20, 30, 40]);
    const upward = toggleSelected(NOTHING_SELECTED, 20, false, order).selection;
    expect(idsOf(toggleSelected(upward, 50, true, order))).toEqual([20, 30, 40, 50]);
  });

  it('clears a range when the Shift-clicked prompt was selected', () => {
    const all = selectAll(NOTHING_SELECTED, order).selection;
    const anchored = toggleSelected(toggleSelected(all, 50, false, order).selection, 50, false, order);
    expect(idsOf(toggleSelected(anchored.selection, 30, true, order))).toEqual([10, 20]);
  });

  it('flips only the clicked prompt when the range’s start is no longer in the list', () => {
    const start = toggleSelected(NOTHING_SELECTED, 99, false, order).selection;
    expect(idsOf(toggleSelected(start, 30, true, order))).toEqual([30, 99]);
  });

  it('selects every prompt shown, and never more than one call may change', () => {
    const many = Array.from({ length: PROMPT_BULK_MAX_IDS + 5 }, (_, index) => index + 1);
    const all = selectAll(NOTHING_SELECTED, many);
    expect(all.selection.ids.size).toBe(PROMPT_BULK_MAX_IDS);
    expect(all.capped).toBe(true);
    expect(selectAll(NOTHING_SELECTED, order)).toMatchObject({ capped: false });
    const more = toggleSelected(all.selection, PROMPT_BULK_MAX_IDS + 3, false, many);
    expect(more).toMatchObject({ capped: true });
    expect(more.selection.ids.size).toBe(PROMPT_BULK_MAX_IDS);
  });
});
