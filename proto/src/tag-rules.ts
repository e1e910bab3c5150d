import { limits } from './limits';
import { textProblem, textProblemRules } from './text-rules';

// Apart from the schemas in tags.ts, so that the app can check tags as they are typed without
// loading the schema library.

/** The first rule a tag (already trimmed) breaks, named as `validationMessages` names its sentence. */
export type TagProblem = 'tagMin' | 'tagMax' | 'tagComma' | 'controlCharacters' | 'malformedText';

/** Whether two tags are one: a user's tags are unique whatever their case. */
export function sameTag(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * What is wrong with one trimmed tag, null when it may be kept: 1 to 40 characters of plain text
 * (a line, as every name), and no comma, which separates tags in typing and in CSV files.
 */
export function tagProblem(tag: string): TagProblem | null {
  if (tag.length < limits.tag.min) return 'tagMin';
  if (tag.length > limits.tag.max) return 'tagMax';
  const text = textProblem(tag);
  if (text) return textProblemRules[text];
  if (tag.includes(',')) return 'tagComma';
  return null;
}
