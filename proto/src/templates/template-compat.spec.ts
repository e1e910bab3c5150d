import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fillTemplate, parseTemplate, type TemplateVariable } from './template';

// The template syntax as it was before typed blanks, automatic values and includes, kept here as
// the reference every template written then must still be read by.

type LegacyVariable =
  { name: string; kind: 'text'; defaultValue: string } | { name: string; kind: 'choice'; options: string[] };
type LegacySegment = { kind: 'text'; text: string } | { kind: 'variable'; name: string; source: string };
type LegacyTemplate = { segments: LegacySegment[]; variables: LegacyVariable[] };

const OPEN = '{{';
const CLOSE = '}}';
const ESCAPE = '\\{{';
const MAX_VARIABLE_NAME_LENGTH = 40;
// Letters and digits of any script, with `_`, and `-` or spaces inside: `{{target audience}}`.
const NAME = /^[\p{L}\p{N}_](?:[\p{L}\p{N}\p{M}_ -]*[\p{L}\p{N}\p{M}_])?$/u;

type Definition = { name: string; defaultValue?: string; options?: string[] };

function legacyParse(content: string): LegacyTemplate {
  const segments: LegacySegment[] = [];
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

function variableOf(definition: Definition): LegacyVariable {
  if (definition.options) return { name: definition.name, kind: 'choice', options: definition.options };
  return { name: definition.name, kind: 'text', defaultValue: definition.defaultValue ?? '' };
}

/** The text with every blank replaced by its value (an unfilled one by nothing), escapes resolved. */
function legacyFill(template: LegacyTemplate, values: Record<string, string>): string {
  return template.segments
    .map((segment) => (segment.kind === 'text' ? segment.text : (values[segment.name] ?? '')))
    .join('');
}

/** A variable as the earlier syntax could say it. */
function asLegacy(variable: TemplateVariable): LegacyVariable | null {
  if (variable.kind === 'choice' && !variable.optional)
    return { name: variable.name, kind: 'choice', options: variable.options };
  if (variable.kind === 'text' && !variable.optional)
    return { name: variable.name, kind: 'text', defaultValue: variable.defaultValue };
  return null;
}

// Every piece the earlier syntax gave a meaning to, or chose to leave as text, and none of the
// characters the new forms start with (`?`, `#`, `@`, `>`).
const pieces = fc.constantFrom(
  '{{',
  '}}',
  '{',
  '}',
  '\\{{',
  '\\',
  '=',
  ':',
  '|',
  ' ',
  '\n',
  'name',
  'tone',
  'Ünï',
  '名前',
  'a-b',
  '_x',
  '1',
  'formal',
  'British English',
  '-',
  '.',
  '!',
  ',',
);
const templates = fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join(''));

describe('templates written before typed blanks', () => {
  it('read exactly as they did: the same text, the same blanks in the same places', () => {
    fc.assert(
      fc.property(templates, fc.string(), (content, value) => {
        const before = legacyParse(content);
        const now = parseTemplate(content);
        expect(now.segments).toEqual(before.segments);
        expect(now.variables.map(asLegacy)).toEqual(before.variables);
        const values = Object.fromEntries(before.variables.map((variable) => [variable.name, value]));
        expect(fillTemplate(now, values)).toBe(legacyFill(before, values));
      }),
      { numRuns: Number(process.env.TEMPLATE_RUNS ?? 3000) },
    );
  });

  it.each([
    'Dear {{name}}, write in {{language=British English}} and a {{tone:formal|casual}} tone.',
    'One option stays a choice: {{tone:formal}}.',
    'An escape stays one: \\{{name}} and \\{{tone:a|b}}.',
    '{{{name}}} {{a{{b}} {{=x}} {{:a}} {{tone:}} {{x=a:b|c}} {{x:a=b|c}}',
    'Handlebars-like text stays text: {{> header}} {{#each items}} {{/each}} {{@index}} {{!note}}',
    'C# and {{C#}} and {{name?!}} {{n#numbers}} {{n#long#date}} {{n??}}',
  ])('%s', (content) => {
    const before = legacyParse(content);
    const now = parseTemplate(content);
    expect(now.segments).toEqual(before.segments);
    expect(now.variables.map(asLegacy)).toEqual(before.variables);
  });
});
