import { parseTemplate, type ParsedTemplate, type TemplateSegment, type TemplateVariable } from './template';

/** How deep includes nest before the rest is refused: far beyond any prompt built by hand. */
export const MAX_INCLUDE_DEPTH = 8;
/** How many prompts one template may include, directly or not: each is read to fill it in. */
export const MAX_INCLUDED_PROMPTS = 50;
/** How much text a composed template may hold: includes repeated inside includes grow fast. */
export const MAX_COMPOSED_LENGTH = 200_000;

/**
 * A prompt's content by id, as far as it is known: undefined while not read yet, null when there
 * is no such prompt of the user's (deleted, or never theirs).
 */
export type IncludedContent = (promptId: number) => string | null | undefined;

/**
 * A template with its includes replaced by the included prompts' current text, nested ones too,
 * and the blanks of all in one list: a name used in both is one blank, defined by its first
 * occurrence with details in the composed text. An include that cannot be composed stays, with its
 * problem: a prompt that is missing, one that includes itself through others (circular), one
 * nested too deep, or one whose text would make the whole too large. Never a loop, whatever the
 * prompts hold.
 */
export function composeTemplate(
  rootId: number | null,
  root: ParsedTemplate,
  contentOf: IncludedContent,
): ParsedTemplate {
  const parsed = new Map<number, ParsedTemplate | null>();
  const parsedOf = (promptId: number): ParsedTemplate | null | undefined => {
    if (!parsed.has(promptId)) {
      const content = contentOf(promptId);
      if (content === undefined) return undefined;
      parsed.set(promptId, content === null ? null : parseTemplate(content));
    }
    return parsed.get(promptId);
  };

  const includedIds = new Set<number>();
  const segments: TemplateSegment[] = [];
  const definitions = new Map<string, TemplateVariable>();
  let length = 0;
  const walk = (template: ParsedTemplate, ancestors: number[]) => {
    const byName = new Map(template.variables.map((variable) => [variable.name, variable]));
    for (const segment of template.segments) {
      if (segment.kind === 'text') {
        length += segment.text.length;
        segments.push(segment);
      } else if (segment.kind === 'variable') {
        segments.push(segment);
        rememberVariable(definitions, byName.get(segment.name)!);
      } else {
        const problem = problemOf(segment.promptId, ancestors);
        if (problem) segments.push({ ...segment, problem });
        else walk(parsedOf(segment.promptId)!, [...ancestors, segment.promptId]);
      }
    }
  };
  const problemOf = (promptId: number, ancestors: number[]) => {
    if (ancestors.includes(promptId)) return 'circular' as const;
    if (ancestors.length > MAX_INCLUDE_DEPTH) return 'tooDeep' as const;
    if (!includedIds.has(promptId) && includedIds.size >= MAX_INCLUDED_PROMPTS) return 'tooLarge' as const;
    includedIds.add(promptId);
    const template = parsedOf(promptId);
    if (template === undefined || template === null) return 'missing' as const;
    if (length + textLength(template) > MAX_COMPOSED_LENGTH) return 'tooLarge' as const;
    return null;
  };
  walk(root, rootId === null ? [] : [rootId]);
  return { segments, variables: [...definitions.values()] };
}

/**
 * The ids to read before a template can be composed: those it includes, and those they include,
 * that `contentOf` does not know yet. Read them and call again until none is left.
 */
export function unreadIncludes(root: ParsedTemplate, contentOf: IncludedContent): number[] {
  const unread = new Set<number>();
  const seen = new Set<number>();
  const visit = (template: ParsedTemplate, depth: number) => {
    for (const segment of template.segments) {
      if (segment.kind !== 'include' || seen.has(segment.promptId)) continue;
      if (seen.size >= MAX_INCLUDED_PROMPTS) return;
      seen.add(segment.promptId);
      const content = contentOf(segment.promptId);
      if (content === undefined) unread.add(segment.promptId);
      else if (content !== null && depth < MAX_INCLUDE_DEPTH) visit(parseTemplate(content), depth + 1);
    }
  };
  visit(root, 0);
  return [...unread];
}

/**
 * A prompt's template composed with the included prompts as `read` gives them now (null for one the
 * user does not have): read level by level, each once per `known`, which calls may share.
 */
export async function composeReading(
  promptId: number | null,
  content: string,
  read: (promptId: number) => Promise<string | null>,
  known = new Map<number, string | null>(),
): Promise<ParsedTemplate> {
  const root = parseTemplate(content);
  const contentOf = (id: number) => known.get(id);
  for (
    let unread = unreadIncludes(root, contentOf);
    unread.length > 0;
    unread = unreadIncludes(root, contentOf)
  ) {
    await Promise.all(unread.map(async (id) => known.set(id, await read(id))));
  }
  return composeTemplate(promptId, root, contentOf);
}

function textLength(template: ParsedTemplate): number {
  return template.segments.reduce(
    (sum, segment) => sum + (segment.kind === 'text' ? segment.text.length : 0),
    0,
  );
}

function rememberVariable(definitions: Map<string, TemplateVariable>, variable: TemplateVariable): void {
  const known = definitions.get(variable.name);
  if (!known || (!detailed(known) && detailed(variable))) definitions.set(variable.name, variable);
}

/** Whether a blank says more of itself than a plain required one-line text with no default. */
function detailed(variable: TemplateVariable): boolean {
  if (variable.kind === 'auto' || variable.kind === 'choice') return true;
  return variable.kind !== 'text' || variable.optional || variable.defaultValue !== '';
}
