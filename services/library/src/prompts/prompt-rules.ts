import { limits, validationMessages, type FieldErrors } from '@promptlib/proto';

export type PromptInput = { title: string; content: string };

/**
 * The title loses surrounding spaces; the content is kept exactly as written (indentation in a
 * snippet matters) but must have at least 5 characters that are not spaces.
 */
export function normalizePrompt(input: PromptInput): PromptInput {
  return { title: input.title.trim(), content: input.content };
}

export function promptProblems({ title, content }: PromptInput): FieldErrors | null {
  const fields: FieldErrors = {};
  if (title.length < limits.promptTitle.min) fields.title = validationMessages.promptTitleMin;
  else if (title.length > limits.promptTitle.max) fields.title = validationMessages.promptTitleMax;
  if (content.trim().length < limits.promptContent.min) fields.content = validationMessages.promptContentMin;
  else if (content.length > limits.promptContent.max) fields.content = validationMessages.promptContentMax;
  return Object.keys(fields).length > 0 ? fields : null;
}
