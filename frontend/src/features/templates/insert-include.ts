/** Where a text field's selection is: its start and end, equal for a caret. */
export type Selection = { start: number; end: number };

/** How `{{>id}}` is written: the syntax's include of the user's prompt `promptId`. */
export function includeSyntax(promptId: number): string {
  return `{{>${promptId}}}`;
}

/**
 * The content with `text` put in at the selection, and where the caret goes after it; null when
 * the content would grow past `maxLength`. Nothing selected is replaced: the text goes after the
 * selection, so picking a prompt never deletes what the user had marked (an include is not a
 * paste, and a text set by code leaves no undo).
 */
export function insertAtSelection(
  content: string,
  selection: Selection | null,
  text: string,
  maxLength: number,
): { content: string; caret: number } | null {
  if (content.length + text.length > maxLength) return null;
  const at = selection === null ? content.length : Math.min(Math.max(selection.end, 0), content.length);
  return { content: content.slice(0, at) + text + content.slice(at), caret: at + text.length };
}
