import {
  PROMPT_MAX_TAGS,
  limits,
  sameTag,
  tagProblem,
  type FieldRule,
  type TagProblem as TagRuleBroken,
  type TagSummary,
} from '@promptlib/proto';
import type { TFunction } from 'i18next';
import type { ApiFailure } from '../../api/api-error';

// The library service's tag rules (from proto), checked here first so a wrong tag is named as it
// is typed.

/** What is wrong with a tag, or with a prompt's list of tags. */
export type TagProblem = TagRuleBroken | 'tooManyTags';

/**
 * The tags in typed or pasted text: a comma or a line break separates them, and the spaces around
 * each are not part of it. "a, b, c" is three tags.
 */
export function splitTags(text: string): string[] {
  return text
    .split(/[,\r\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export type TagsAdded = {
  tags: string[];
  /** The candidates not added because they break a rule, for the user to correct. */
  rejected: string[];
  /** The first rule broken, null when every candidate was added or merged. */
  problem: TagProblem | null;
};

/**
 * The field's tags with the candidates added in order. A candidate already in the field (any case)
 * merges into the spelling there; one the user already has elsewhere takes the user's spelling, as
 * the server would; one that breaks a rule, or would be one too many, is rejected.
 */
export function addTags(current: string[], candidates: string[], known: readonly string[]): TagsAdded {
  const tags = [...current];
  const rejected: string[] = [];
  let problem: TagProblem | null = null;
  for (const raw of candidates) {
    const candidate = raw.trim();
    if (candidate === '' || tags.some((tag) => sameTag(tag, candidate))) continue;
    const broken = tagProblem(candidate) ?? (tags.length >= PROMPT_MAX_TAGS ? 'tooManyTags' : null);
    if (broken) {
      rejected.push(candidate);
      problem ??= broken;
      continue;
    }
    tags.push(known.find((tag) => sameTag(tag, candidate)) ?? candidate);
  }
  return { tags, rejected, problem };
}

/** The user's existing tag a rename to `name` merges into, if any (never the tag being renamed). */
export function mergeTarget(tags: readonly TagSummary[], from: string, name: string): TagSummary | undefined {
  return tags.find((tag) => !sameTag(tag.name, from) && sameTag(tag.name, name.trim()));
}

/** A tag problem in the user's language, with the limits from proto. */
export function tagProblemText(t: TFunction, problem: TagProblem): string {
  if (problem === 'controlCharacters' || problem === 'malformedText')
    return t(`validation.${problem}`, { field: t('library.tags.tag') });
  return t(`library.tags.rules.${problem}`, {
    min: limits.tag.min,
    max: limits.tag.max,
    maxTags: PROMPT_MAX_TAGS,
  });
}

/** The tag problem one failing field's rule names, or null for one no tag sentence says better. */
function problemOfRule(field: string, rule: FieldRule): TagProblem | null {
  if (field === 'tags') return rule === 'tooLong' ? 'tooManyTags' : null;
  switch (rule) {
    case 'required':
    case 'tooShort':
      return 'tagMin';
    case 'tooLong':
      return 'tagMax';
    case 'invalid':
      return 'tagComma';
    case 'controlCharacters':
    case 'malformedText':
      return rule;
    default:
      return null;
  }
}

/**
 * The tag problem a failed call names in the first of `fields` it has a rule for. The library
 * service tells a tag's own problem as field `tag` (a rename's new name as `name`) and too many
 * tags as `tags`.
 */
export function serverTagProblem(failure: unknown, fields: readonly string[]): TagProblem | null {
  const rules = (failure as Partial<ApiFailure> | undefined)?.rules ?? {};
  // Read without proto's list of rules, which would become a file of its own shared with the
  // sign-in screen's first visit; a rule this app does not know names no tag problem.
  for (const field of fields) {
    const rule = rules[field];
    if (rule !== undefined) return problemOfRule(field, rule);
  }
  return null;
}
