/**
 * Prompts as templates. In a prompt's content:
 * - `{{name}}` is a blank to fill in;
 * - `{{name=default}}` is a blank with its usual value;
 * - `{{tone:formal|casual}}` is a choice between values, the first one preselected;
 * - `\{{` writes a literal `{{`.
 * Anything else with braces is text, exactly as written: a template never loses a character of
 * what its author typed. A name used twice is one blank, filled in once; the first occurrence
 * that gives a default or choices defines it.
 */

export type TemplateVariable =
  { name: string; kind: 'text'; defaultValue: string } | { name: string; kind: 'choice'; options: string[] };

export type TemplateSegment =
  | { kind: 'text'; text: string }
  /** `source` is the blank as written, braces and all. */
  | { kind: 'variable'; name: string; source: string };

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

type Definition = { name: string; defaultValue?: string; options?: string[] };

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
      const definition = close === -1 ? null : definitionOf(content.slice(index + OPEN.length, close));
      if (definition) {
        flushText();
        segments.push({
          kind: 'variable',
          name: definition.name,
          source: content.slice(index, close + CLOSE.length),
        });
        remember(definitions, definition);
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

/** What a blank's inside (between the braces) defines, or null when it is not a blank. */
function definitionOf(inside: string): Definition | null {
  const equals = inside.indexOf('=');
  const colon = inside.indexOf(':');
  if (equals !== -1 && (colon === -1 || equals < colon)) {
    const name = inside.slice(0, equals).trim();
    return isName(name) ? { name, defaultValue: inside.slice(equals + 1).trim() } : null;
  }
  if (colon !== -1) {
    const name = inside.slice(0, colon).trim();
    const options = [
      ...new Set(
        inside
          .slice(colon + 1)
          .split('|')
          .map((option) => option.trim())
          .filter(Boolean),
      ),
    ];
    return isName(name) && options.length > 0 ? { name, options } : null;
  }
  const name = inside.trim();
  return isName(name) ? { name } : null;
}

function isName(name: string): boolean {
  return name.length <= MAX_VARIABLE_NAME_LENGTH && NAME.test(name);
}

function remember(definitions: Map<string, Definition>, definition: Definition): void {
  const known = definitions.get(definition.name);
  const detailed = (item: Definition) => item.defaultValue !== undefined || item.options !== undefined;
  if (!known || (!detailed(known) && detailed(definition))) definitions.set(definition.name, definition);
}

function variableOf(definition: Definition): TemplateVariable {
  if (definition.options) return { name: definition.name, kind: 'choice', options: definition.options };
  return { name: definition.name, kind: 'text', defaultValue: definition.defaultValue ?? '' };
}

/** The text with every blank replaced by its value (an unfilled one by nothing), escapes resolved. */
export function fillTemplate(template: ParsedTemplate, values: TemplateValues): string {
  return template.segments
    .map((segment) => (segment.kind === 'text' ? segment.text : (values[segment.name] ?? '')))
    .join('');
}

/**
 * What the form starts with: the values last used for this prompt on this device where they still
 * fit (a choice must still offer the value), else each blank's default or first choice.
 */
export function initialValues(template: ParsedTemplate, remembered: TemplateValues): TemplateValues {
  const values: TemplateValues = {};
  for (const variable of template.variables) {
    const last = remembered[variable.name];
    if (variable.kind === 'choice') {
      values[variable.name] =
        last !== undefined && variable.options.includes(last) ? last : variable.options[0]!;
    } else {
      values[variable.name] = last ?? variable.defaultValue;
    }
  }
  return values;
}
