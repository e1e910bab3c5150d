import { useState, type DragEvent } from 'react';

/**
 * A prompt dragged from its card onto a category in the sidebar moves there. The browser's own
 * drag and drop, with a type of ours, so a file or text dragged in from elsewhere is no prompt.
 */
export const PROMPT_DRAG_TYPE = 'application/x-promptlib-prompt';

/** What makes a card draggable as its prompt. */
export function promptDragSource(promptId: number) {
  return {
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.setData(PROMPT_DRAG_TYPE, String(promptId));
      event.dataTransfer.effectAllowed = 'move';
    },
  };
}

const carriesPrompt = (event: DragEvent) => event.dataTransfer.types.includes(PROMPT_DRAG_TYPE);

/**
 * What makes a sidebar entry take a dropped prompt, and the outline that shows a card is over it
 * (for the entry's `sx`).
 */
export function usePromptDropTarget(onDropPrompt: ((promptId: number) => void) | undefined) {
  const [over, setOver] = useState(false);
  if (!onDropPrompt) return { overSx: {}, dropTarget: {} };
  return {
    overSx: over ? { outline: 2, outlineStyle: 'dashed', outlineColor: 'primary.main' } : {},
    dropTarget: {
      onDragOver: (event: DragEvent) => {
        if (!carriesPrompt(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        setOver(false);
        if (!carriesPrompt(event)) return;
        event.preventDefault();
        const promptId = Number(event.dataTransfer.getData(PROMPT_DRAG_TYPE));
        if (Number.isInteger(promptId) && promptId > 0) onDropPrompt(promptId);
      },
    },
  };
}
