import { limits, validationMessages, type FieldProblems } from '@promptlib/proto';

export type PromptInput = { title: string; content: string };

/**
 * The title loses surrounding spaces; the content is kept exactly as written (indentation in a
 * snippet matters) but must have at least 5 characters that are not spaces.
 */
export function normalizePrompt(input: PromptInput): PromptInput {
  return { title: input.title.trim(), content: input.content };
}

export function promptProblems({ title, content }: PromptInput): FieldProblems | null {
  const problems: FieldProblems = {};
  if (title.length < limits.promptTitle.min)
    problems.title = { rule: 'tooShort', message: validationMessages.promptTitleMin };
  else if (title.length > limits.promptTitle.max)
    problems.title = { rule: 'tooLong', message: validationMessages.promptTitleMax };
  if (content.trim().length < limits.promptContent.min)
    problems.content = { rule: 'tooShort', message: validationMessages.promptContentMin };
  else if (content.length > limits.promptContent.max)
    problems.content = { rule: 'tooLong', message: validationMessages.promptContentMax };
  return Object.keys(problems).length > 0 ? problems : null;
}
