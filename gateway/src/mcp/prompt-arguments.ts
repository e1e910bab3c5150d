import {
  blankProblems,
  fillTemplate,
  type ParsedTemplate,
  type TemplateValues,
  type TemplateVariable,
} from '@promptlib/proto';

/** An MCP prompt's argument, as `prompts/list` describes it. */
export type PromptArgument = { name: string; description: string; required: boolean };

const TYPE_WORDS: Record<string, string> = {
  text: 'Text',
  long: 'Text of several lines',
  number: 'A number',
  date: 'A date, written yyyy-mm-dd',
};

/**
 * A template's blanks as MCP arguments: a blank is required unless it is optional, has a default
 * or is filled in by itself (today's date, the time); the description says its type, its choices
 * or its default, so an AI client can ask for it well.
 */
export function promptArguments(template: ParsedTemplate): PromptArgument[] {
  return template.variables.map((variable) => ({
    name: variable.name,
    description: describe(variable),
    required: isRequired(variable),
  }));
}

function isRequired(variable: TemplateVariable): boolean {
  if (variable.kind === 'auto' || variable.optional) return false;
  if (variable.kind === 'choice') return false;
  return variable.defaultValue === '';
}

function describe(variable: TemplateVariable): string {
  if (variable.kind === 'auto') {
    if (variable.source === 'clipboard') return 'Text to put where the template takes the clipboard';
    return variable.source === 'date'
      ? 'Today’s date, filled in when left out'
      : 'The time, filled in when left out';
  }
  const optional = variable.optional ? ' (optional)' : '';
  if (variable.kind === 'choice')
    return `One of: ${variable.options.join(', ')}; default ${variable.options[0]}${optional}`;
  const type = TYPE_WORDS[variable.kind] ?? 'Text';
  return variable.defaultValue === ''
    ? `${type}${optional}`
    : `${type}; default ${variable.defaultValue}${optional}`;
}

export class MissingArguments extends Error {
  constructor(readonly problems: { name: string; problem: string }[]) {
    super(
      `Missing or invalid arguments: ${problems
        .map(({ name, problem }) =>
          problem === 'required'
            ? name
            : `${name} (${problem === 'number' ? 'not a number' : 'not a date yyyy-mm-dd'})`,
        )
        .join(', ')}`,
    );
  }
}

/**
 * The template filled in with the arguments given, each left out taking its default, first choice
 * or automatic value (`now` in UTC: the server knows no user's time zone); throws MissingArguments
 * naming every required one left out and every number or date that is not one.
 */
export function fillFromArguments(
  template: ParsedTemplate,
  given: Record<string, string> | undefined,
  now: Date,
): string {
  const values: TemplateValues = {};
  for (const variable of template.variables) {
    const value = given?.[variable.name];
    if (value !== undefined && value !== '') values[variable.name] = value;
    else if (variable.kind === 'auto')
      values[variable.name] =
        variable.source === 'date'
          ? now.toISOString().slice(0, 10)
          : variable.source === 'time'
            ? `${now.toISOString().slice(11, 16)} UTC`
            : '';
    else if (variable.kind === 'choice') values[variable.name] = variable.options[0]!;
    else values[variable.name] = variable.defaultValue;
  }
  const problems = blankProblems(template, values);
  if (problems.length > 0) throw new MissingArguments(problems);
  return fillTemplate(template, values);
}
