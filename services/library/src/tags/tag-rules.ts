import {
  PROMPT_MAX_TAGS,
  tagProblem as brokenTagRule,
  textMessages,
  validationMessages,
  type FieldProblem,
  type FieldProblems,
  type FieldRule,
  type TagProblem,
} from '@promptlib/proto';

/** A tag as it is compared: case ignored, as the user's tags are unique whatever their case. */
export function tagKey(tag: string): string {
  return tag.toLowerCase();
}

/**
 * The tags as a prompt keeps them: each trimmed, a second spelling of one already given dropped,
 * in the order given; or the rule they break. A tag's own problem (empty, longer than 40
 * characters, a comma, a control character) is told as field `tag`, too many tags as `tags`.
 */
export function normalizeTags(raw: readonly string[]): { tags: string[] } | { problems: FieldProblems } {
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const given of raw) {
    const tag = given.trim();
    const problem = tagProblem(tag);
    if (problem) return { problems: { tag: problem } };
    if (seen.has(tagKey(tag))) continue;
    seen.add(tagKey(tag));
    tags.push(tag);
  }
  if (tags.length > PROMPT_MAX_TAGS) {
    return { problems: { tags: { rule: 'tooLong', message: validationMessages.tooManyTags } } };
  }
  return { tags };
}

const problemRules: Record<TagProblem, FieldRule> = {
  tagMin: 'tooShort',
  tagMax: 'tooLong',
  tagComma: 'invalid',
  controlCharacters: 'controlCharacters',
  malformedText: 'malformedText',
};

/** What is wrong with one trimmed tag, if anything, as the field problem a client is told. */
export function tagProblem(tag: string): FieldProblem | null {
  const problem = brokenTagRule(tag);
  if (!problem) return null;
  const message =
    problem === 'controlCharacters'
      ? textMessages.control('Tag')
      : problem === 'malformedText'
        ? textMessages.malformed('Tag')
        : validationMessages[problem];
  return { rule: problemRules[problem], message };
}

/** The tags in the spelling the user already has for each (by tagKey), else as given. */
export function inUserSpelling(tags: readonly string[], spellings: ReadonlyMap<string, string>): string[] {
  return tags.map((tag) => spellings.get(tagKey(tag)) ?? tag);
}

/**
 * A prompt's tags after `from` becomes `to` (a rename, or a merge when the prompt already has `to`):
 * `to` takes `from`'s place, and the later of two spellings of one tag goes.
 */
export function renamedTags(tags: readonly string[], from: string, to: string): string[] {
  const renamed: string[] = [];
  const seen = new Set<string>();
  for (const tag of tags) {
    const next = tagKey(tag) === tagKey(from) ? to : tag;
    if (seen.has(tagKey(next))) continue;
    seen.add(tagKey(next));
    renamed.push(next);
  }
  return renamed;
}
