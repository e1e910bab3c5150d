// @vitest-environment jsdom
import { captureCaret, insertAtCaret } from './caret';

// Editing itself (insertText, paste into editors) is tested in Chromium: jsdom does not edit.
describe('the caret the palette returns to', () => {
  afterEach(() => document.body.replaceChildren());

  it('finds no caret in a read-only field or on a page without focus', () => {
    const input = document.createElement('input');
    input.readOnly = true;
    document.body.append(input);
    input.focus();
    expect(captureCaret(document)).toBeNull();
    input.blur();
    expect(captureCaret(document)).toBeNull();
  });

  it('answers false when the field is gone', () => {
    const area = document.createElement('textarea');
    expect(insertAtCaret({ kind: 'field', element: area, start: 0, end: 0 }, 'x')).toBe(false);
  });
});
