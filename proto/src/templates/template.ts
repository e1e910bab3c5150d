/**
 * Prompts as templates. In a prompt's content:
 * - `{{name}}` is a blank to fill in, `{{name=default}}` one with its usual value;
 * - `{{tone:formal|casual}}` is a choice between values, the first one preselected;
 * - after the name, `#long` (several lines), `#number` or `#date` gives a blank its type, and `?`
 *   lets it be left empty: `{{notes#long?}}`, `{{count#number=3}}`, `{{due#date=2026-01-31}}`;
 * - `{{@date}}`, `{{@time}}` and `{{@clipboard}}` are filled in by themselves (editable);
 * - `{{>12}}` includes the user's prompt 12, by id so that renaming it changes nothing;
 * - `\{{` writes a literal `{{`.
 * Anything else with braces is text, exactly as written: a template never loses a character of
 * what its author typed, and every form that meant something before types, `?`, `@` and `>` came
 * means the same (they were not allowed in a name, so no earlier blank used them). A name used
 * twice is one blank, filled in once; the first occurrence that gives details defines it.
 */

export type BlankType = 'text' | 'long' | 'number' | 'date';
export type AutoSource = 'date' | 'time' | 'clipboard';

export type TemplateVariable =
  | { name: string; kind: BlankType; defaultValue: string; optional: boolean }
  | { name: string; kind: 'choice'; options: string[]; optional: boolean }
  /** An automatic value, named `@date`, `@time` or `@clipboard` among the blanks. */
  | { name: string; kind: 'auto'; source: AutoSource };

export type TemplateSegment =
  | { kind: 'text'; text: string }
  /** `source` is the blank as written, braces and all. */
  | { kind: 'variable'; name: string; source: string }
  /**
   * Another of the user's prompts, included by id. Composed (see composeTemplate), it is replaced by
   * that prompt's segments, or keeps a `problem` when it cannot be.
   */
  | { kind: 'include'; promptId: number; source: string; problem?: IncludeProblem };

export type IncludeProblem = 'missing' | 'circular' | 'tooDeep' | 'tooLarge';

export type ParsedTemplate = {
  segments: TemplateSegment[];
  /** Each blank once, in the order it first appears. */
  variables: TemplateVariable[];
};

export type TemplateValues = Record<string, string>;

const OPEN = '{{';
const CLOSE = '}}';
const ESCAPE = '\\{{';
export const MAX_VARIABLE_NAME_LENGTH = 40;
// Letters and digits of any script, with `_`, and `-` or spaces inside: `{{target audience}}`.
const NAME = /^[\p{L}\p{N}_](?:[\p{L}\p{N}\p{M}_ -]*[\p{L}\p{N}\p{M}_])?$/u;
// What may follow a name before its default or choices: a type and `?`, in either order.
const MODIFIERS = /^((?:\s*(?:\?|#(?:long|number|date)))*)\s*$/;
const MODIFIER = /\?|#(long|number|date)/g;
const INCLUDE = /^\s*>\s*([1-9]\d{0,14})\s*$/;
const AUTO = /^\s*@(date|time|clipboard)\s*$/;

type Definition = {
  name: string;
  type?: BlankType;
  optional: boolean;
  defaultValue?: string;
  options?: string[];
  auto?: AutoSource;
};

type Piece = { kind: 'variable'; definition: Definition } | { kind: 'include'; promptId: number };

/** Whether the content has any blank or include: what makes a prompt a template. */
export function isTemplate(template: ParsedTemplate): boolean {
  return template.variables.length > 0 || template.segments.some((segment) => segment.kind === 'include');
}

/** The ids of the prompts a template includes directly, each once, in order. */
export function includedIds(template: ParsedTemplate): number[] {
  const ids = template.segments.flatMap((segment) =>
    segment.kind === 'include' && !segment.problem ? [segment.promptId] : [],
  );
  return [...new Set(ids)];
}

export function parseTemplate(content: string): ParsedTemplate {
  const segments: TemplateSegment[] = [];
  const definitions = new Map<string, Definition>();
  let text = '';
  let index = 0;
  const flushText = () => {
    if (text) segments.push({ kind: 'text', text });
    text = '';
  };

  while (index < content.length) {
    if (content.startsWith(ESCAPE, index)) {
      text += OPEN;
      index += ESCAPE.length;
      continue;
    }
    if (content.startsWith(OPEN, index)) {
      const close = closeOf(content, index + OPEN.length);
      const piece = close === -1 ? null : pieceOf(content.slice(index + OPEN.length, close));
      if (piece) {
        flushText();
        const source = content.slice(index, close + CLOSE.length);
        if (piece.kind === 'include') segments.push({ kind: 'include', promptId: piece.promptId, source });
        else {
          segments.push({ kind: 'variable', name: piece.definition.name, source });
          remember(definitions, piece.definition);
        }
        index = close + CLOSE.length;
        continue;
      }
      // Not a blank: the first brace is text, and the scan goes on from the second one, so that
      // `{{{name}}}` is a blank between two braces.
    }
    text += content[index];
    index += 1;
  }
  flushText();
  return { segments, variables: [...definitions.values()].map(variableOf) };
}

/**
 * Where the `}}` closing a blank whose inside starts at `from` is, or -1. A blank's inside holds no
 * brace and no line break, so the scan stops at the first of them: each character is looked at a
 * bounded number of times, however many braces a prompt has.
 */
function closeOf(content: string, from: number): number {
  for (let index = from; index < content.length; index += 1) {
    const char = content[index];
    if (char === '}') return content[index + 1] === '}' ? index : -1;
    if (char === '{' || char === '\n' || char === '\r') return -1;
  }
  return -1;
}

/** What a blank's inside (between the braces) is, or null when it is text. */
function pieceOf(inside: string): Piece | null {
  const include = INCLUDE.exec(inside);
  if (include) return { kind: 'include', promptId: Number(include[1]) };
  const auto = AUTO.exec(inside);
  if (auto) {
    const source = auto[1] as AutoSource;
    return { kind: 'variable', definition: { name: `@${source}`, optional: true, auto: source } };
  }
  const definition = definitionOf(inside);
  return definition ? { kind: 'variable', definition } : null;
}

/** What a blank's inside defines: `=` before any `:` starts a default, else `:` starts choices. */
function definitionOf(inside: string): Definition | null {
  const equals = inside.indexOf('=');
  const colon = inside.indexOf(':');
  if (equals !== -1 && (colon === -1 || equals < colon)) {
    const head = headOf(inside.slice(0, equals));
    return head ? { ...head, defaultValue: inside.slice(equals + 1).trim() } : null;
  }
  if (colon !== -1) {
    const head = headOf(inside.slice(0, colon));
    const options = [
      ...new Set(
        inside
          .slice(colon + 1)
          .split('|')
          .map((option) => option.trim())
          .filter(Boolean),
      ),
    ];
    // A choice has no type of its own: its options are what it takes.
    return head && head.type === undefined && options.length > 0 ? { ...head, options } : null;
  }
  return headOf(inside);
}

/** A blank's name with its type and `?`, or null when the text before `=` or `:` is not one. */
function headOf(text: string): Omit<Definition, 'defaultValue' | 'options'> | null {
  const trimmed = text.trim();
  const at = trimmed.search(/[?#]/);
  const name = (at === -1 ? trimmed : trimmed.slice(0, at)).trim();
  if (name.length > MAX_VARIABLE_NAME_LENGTH || !NAME.test(name)) return null;
  if (at === -1) return { name, optional: false };
  const modifiers = MODIFIERS.exec(trimmed.slice(at));
  if (!modifiers) return null;
  let type: BlankType | undefined;
  let optional = false;
  for (const [modifier, named] of modifiers[1]!.matchAll(MODIFIER)) {
    if (modifier === '?') {
      if (optional) return null;
      optional = true;
    } else {
      if (type) return null;
      type = named as BlankType;
    }
  }
  return { name, type, optional };
}

function remember(definitions: Map<string, Definition>, definition: Definition): void {
  const known = definitions.get(definition.name);
  const detailed = (item: Definition) =>
    item.defaultValue !== undefined || item.options !== undefined || item.type !== undefined || item.optional;
  if (!known || (!detailed(known) && detailed(definition))) definitions.set(definition.name, definition);
}

function variableOf(definition: Definition): TemplateVariable {
  const { name, optional } = definition;
  if (definition.auto) return { name, kind: 'auto', source: definition.auto };
  if (definition.options) return { name, kind: 'choice', options: definition.options, optional };
  return { name, kind: definition.type ?? 'text', defaultValue: definition.defaultValue ?? '', optional };
}

export type FillOptions = {
  /** A date blank's value (`yyyy-mm-dd`) as the filled text says it; as typed without this. */
  formatDate?: (iso: string) => string;
};

/**
 * The text with every blank replaced by its value (an unfilled one by nothing), escapes resolved.
 * An include is replaced by nothing: composed first, it is the included prompt's text.
 */
export function fillTemplate(
  template: ParsedTemplate,
  values: TemplateValues,
  options: FillOptions = {},
): string {
  const dates = new Set(
    template.variables.filter((variable) => variable.kind === 'date').map((variable) => variable.name),
  );
  return template.segments
    .map((segment) => {
      if (segment.kind === 'text') return segment.text;
      if (segment.kind === 'include') return '';
      const value = values[segment.name] ?? '';
      return options.formatDate && dates.has(segment.name) && isIsoDate(value)
        ? options.formatDate(value)
        : value;
    })
    .join('');
}

export type AutoValues = Partial<Record<AutoSource, string>>;

/**
 * What the form starts with: automatic values as they are now; the values last used for this
 * prompt on this device where they still fit (a choice must still offer the value); else each
 * blank's default or first choice.
 */
export function initialValues(
  template: ParsedTemplate,
  remembered: TemplateValues,
  auto: AutoValues = {},
): TemplateValues {
  const values: TemplateValues = {};
  for (const variable of template.variables) {
    const last = remembered[variable.name];
    if (variable.kind === 'auto') values[variable.name] = auto[variable.source] ?? '';
    else if (variable.kind === 'choice') {
      const offered = variable.optional ? ['', ...variable.options] : variable.options;
      values[variable.name] = last !== undefined && offered.includes(last) ? last : variable.options[0]!;
    } else if (variable.kind === 'date') {
      values[variable.name] = last ?? (isIsoDate(variable.defaultValue) ? variable.defaultValue : '');
    } else values[variable.name] = last ?? variable.defaultValue;
  }
  return values;
}

export type BlankProblem = 'required' | 'number' | 'date';

/**
 * The blanks that keep the text from being used, in order, with why: a required blank left empty
 * (or only spaces), a number or a date that is not one. Choices and automatic values always hold
 * something usable; an optional blank may stay empty.
 */
export function blankProblems(
  template: ParsedTemplate,
  values: TemplateValues,
): { name: string; problem: BlankProblem }[] {
  const problems: { name: string; problem: BlankProblem }[] = [];
  for (const variable of template.variables) {
    if (variable.kind === 'choice' || variable.kind === 'auto') continue;
    const value = (values[variable.name] ?? '').trim();
    if (value === '') {
      if (!variable.optional) problems.push({ name: variable.name, problem: 'required' });
    } else if (variable.kind === 'number' && !isNumber(value)) {
      problems.push({ name: variable.name, problem: 'number' });
    } else if (variable.kind === 'date' && !isIsoDate(value)) {
      problems.push({ name: variable.name, problem: 'date' });
    }
  }
  return problems;
}

/** A number as people write one: digits, a sign, one decimal point or comma. */
export function isNumber(value: string): boolean {
  return /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(value.trim());
}

/** A calendar date written `yyyy-mm-dd`, as a date field gives it. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
