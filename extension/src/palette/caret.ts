// The input types that hold text typed at a caret.
const TEXT_INPUTS = new Set(['text', 'search', 'url', 'email', 'tel', '']);

/** Where the user was typing when the palette opened: a field and its selection, or an editor's range. */
export type Caret =
  | { kind: 'field'; element: HTMLInputElement | HTMLTextAreaElement; start: number; end: number }
  | { kind: 'editable'; element: HTMLElement; range: Range | null };

/** The element that has focus, looked for inside open shadow roots too (web components' fields). */
function focusedElement(doc: Document): Element | null {
  let element = doc.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element;
}

export function captureCaret(doc: Document): Caret | null {
  const element = focusedElement(doc);
  if (
    element instanceof HTMLTextAreaElement ||
    (element instanceof HTMLInputElement && TEXT_INPUTS.has(element.type))
  ) {
    if (element.readOnly || element.disabled) return null;
    const end = element.value.length;
    return { kind: 'field', element, start: element.selectionStart ?? end, end: element.selectionEnd ?? end };
  }
  if (element instanceof HTMLElement && element.isContentEditable) {
    const selection = doc.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
    return { kind: 'editable', element, range };
  }
  return null;
}

/**
 * Puts the text where the caret was, as typing or pasting would, so that the page's own code sees
 * the change: a field gets an `insertText` edit (undoable, with its input events, so frameworks'
 * controlled fields take it); a rich editor (ProseMirror, Lexical and the like keep their own state
 * and take paste as their own change, paragraphs and all) gets a paste of the text; a plain
 * contenteditable, which ignores a paste no person made, an `insertText` edit. False when the
 * field is gone.
 */
export function insertAtCaret(caret: Caret, text: string): boolean {
  const { element } = caret;
  if (!element.isConnected) return false;
  const doc = element.ownerDocument;
  element.focus();
  if (caret.kind === 'field') {
    const field = caret.element;
    field.setSelectionRange(caret.start, caret.end);
    if (!doc.execCommand('insertText', false, text)) {
      field.setRangeText(text, caret.start, caret.end, 'end');
      field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
    }
    return true;
  }
  const selection = doc.getSelection();
  if (caret.range && selection) {
    selection.removeAllRanges();
    selection.addRange(caret.range);
  }
  const data = new DataTransfer();
  data.setData('text/plain', text);
  const paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
  // An editor that took the paste cancels the browser's own handling of it.
  if (!element.dispatchEvent(paste)) return true;
  doc.execCommand('insertText', false, text);
  return true;
}
