import { includeSyntax, insertAtSelection } from './insert-include';

describe('insertAtSelection', () => {
  it('puts the text at the caret and the caret after it', () => {
    expect(insertAtSelection('Hello world', { start: 6, end: 6 }, '{{>12}}', 100)).toEqual({
      content: 'Hello {{>12}}world',
      caret: 13,
    });
  });

  it('keeps selected text and puts the include after it', () => {
    expect(insertAtSelection('Hello world', { start: 0, end: 5 }, '{{>3}}', 100)).toEqual({
      content: 'Hello{{>3}} world',
      caret: 11,
    });
  });

  it('appends when the field was never focused', () => {
    expect(insertAtSelection('Intro', null, '{{>7}}', 100)).toEqual({ content: 'Intro{{>7}}', caret: 11 });
  });

  it('keeps a selection past the end of a shortened text inside it', () => {
    expect(insertAtSelection('abc', { start: 9, end: 9 }, 'X', 100)).toEqual({ content: 'abcX', caret: 4 });
  });

  it('refuses what would make the content longer than its limit', () => {
    expect(insertAtSelection('12345', { start: 5, end: 5 }, '{{>1}}', 10)).toBeNull();
    expect(insertAtSelection('1234', { start: 4, end: 4 }, '{{>1}}', 10)).toEqual({
      content: '1234{{>1}}',
      caret: 10,
    });
  });
});

describe('includeSyntax', () => {
  it('writes an include by id', () => {
    expect(includeSyntax(4521)).toBe('{{>4521}}');
  });
});
