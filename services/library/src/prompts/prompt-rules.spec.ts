import { describe, expect, it } from 'vitest';
import { normalizePrompt, promptProblems } from './prompt-rules';

describe('prompt rules', () => {
  it('trims the title but keeps the content exactly', () => {
    expect(normalizePrompt({ title: '  Title  ', content: '  indented\n  code  ' })).toEqual({
      title: 'Title',
      content: '  indented\n  code  ',
    });
  });

  it('names each rule with SPEC’s message', () => {
    expect(promptProblems({ title: 'ab', content: '1234' })).toEqual({
      title: { rule: 'tooShort', message: 'Title must be at least 3 characters long' },
      content: { rule: 'tooShort', message: 'Content must be at least 5 characters long' },
    });
    expect(promptProblems({ title: 'x'.repeat(201), content: 'y'.repeat(20_001) })).toEqual({
      title: { rule: 'tooLong', message: 'Title must be at most 200 characters long' },
      content: { rule: 'tooLong', message: 'Content must be at most 20000 characters long' },
    });
    expect(promptProblems({ title: 'abc', content: '   1234   ' })).toEqual({
      content: { rule: 'tooShort', message: 'Content must be at least 5 characters long' },
    });
    expect(promptProblems({ title: 'abc', content: '12345' })).toBeNull();
  });
});
