import { useCallback, useRef, type FocusEvent } from 'react';
import { insertAtSelection, type Selection } from '../../templates/insert-include';

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Puts text into a text field where its caret was when the user last left it (at its end if they
 * never were in it), then gives the field its focus back with the caret after what was put in.
 * `forget` starts over for a new text (a dialog opened again).
 */
export function useCaretInsertion(value: string, setValue: (next: string) => void, maxLength: number) {
  const fieldRef = useRef<Field>(null);
  const selection = useRef<Selection | null>(null);

  /** The field's onBlur: where its caret was is where an insertion goes. */
  const rememberCaret = useCallback((event: FocusEvent<Field>) => {
    const { selectionStart, selectionEnd } = event.target;
    if (selectionStart !== null && selectionEnd !== null)
      selection.current = { start: selectionStart, end: selectionEnd };
  }, []);

  const forget = useCallback(() => {
    selection.current = null;
  }, []);

  /** Whether the text fitted within `maxLength`; when it does not, nothing changes. */
  const insert = (text: string): boolean => {
    const inserted = insertAtSelection(value, selection.current, text, maxLength);
    if (!inserted) return false;
    setValue(inserted.content);
    selection.current = { start: inserted.caret, end: inserted.caret };
    // Once the new value is on screen, or the caret would land in the old one.
    setTimeout(() => {
      const field = fieldRef.current;
      if (!field) return;
      field.focus();
      field.setSelectionRange(inserted.caret, inserted.caret);
    });
    return true;
  };

  return { fieldRef, rememberCaret, forget, insert };
}
