import { describe, expect, it, vi } from 'vitest';
import {
  composeReading,
  MAX_COMPOSED_LENGTH,
  MAX_INCLUDE_DEPTH,
  MAX_INCLUDED_PROMPTS,
  composeTemplate,
  unreadIncludes,
} from './compose';
import { fillTemplate, parseTemplate, type TemplateSegment } from './template';

/** The user's prompts by id, as the app reads them; an id not here is missing. */
const library = (prompts: Record<number, string>) => (promptId: number) => prompts[promptId] ?? null;
const problems = (segments: TemplateSegment[]) =>
  segments.flatMap((segment) => (segment.kind === 'include' ? [[segment.promptId, segment.problem]] : []));

describe('composeTemplate', () => {
  it('puts the included prompts’ text in place, nested ones too, and asks a shared name once', () => {
    const prompts = {
      1: 'Write to {{name}}. {{>2}} Sign as {{sender}}.',
      2: 'Remind {{name}} of {{topic#long}}. {{>3}}',
      3: 'Be {{tone:kind|firm}}.',
    };
    const template = composeTemplate(1, parseTemplate(prompts[1]), library(prompts));
    expect(template.variables.map((variable) => [variable.name, variable.kind])).toEqual([
      ['name', 'text'],
      ['topic', 'long'],
      ['tone', 'choice'],
      ['sender', 'text'],
    ]);
    expect(fillTemplate(template, { name: 'Ada', topic: 'the talk', tone: 'kind', sender: 'Lin' })).toBe(
      'Write to Ada. Remind Ada of the talk. Be kind. Sign as Lin.',
    );
    expect(problems(template.segments)).toEqual([]);
  });

  it('defines a shared name by its first occurrence with details, wherever it is', () => {
    const prompts = { 1: '{{who}} {{>2}}', 2: '{{who=Ada}}' };
    expect(composeTemplate(1, parseTemplate(prompts[1]), library(prompts)).variables).toEqual([
      { name: 'who', kind: 'text', defaultValue: 'Ada', optional: false },
    ]);
  });

  it('includes a prompt twice where it is named twice, and the same one in two branches', () => {
    const prompts = { 1: '{{>2}}-{{>3}}', 2: '[{{>4}}]', 3: '({{>4}})', 4: 'x' };
    const template = composeTemplate(1, parseTemplate(prompts[1]), library(prompts));
    expect(fillTemplate(template, {})).toBe('[x]-(x)');
  });

  it('marks an include of a missing prompt and fills it in as nothing', () => {
    const template = composeTemplate(1, parseTemplate('A {{>9}} B'), library({}));
    expect(problems(template.segments)).toEqual([[9, 'missing']]);
    expect(fillTemplate(template, {})).toBe('A  B');
  });

  it('marks a prompt that includes itself, directly or through others, and stops there', () => {
    const prompts = { 1: 'one {{>2}}', 2: 'two {{>3}}', 3: 'three {{>1}} {{>3}}' };
    const template = composeTemplate(1, parseTemplate(prompts[1]), library(prompts));
    expect(problems(template.segments)).toEqual([
      [1, 'circular'],
      [3, 'circular'],
    ]);
    expect(fillTemplate(template, {})).toBe('one two three  ');
  });

  it('stops nesting past the deepest level', () => {
    const prompts = Object.fromEntries(
      Array.from({ length: MAX_INCLUDE_DEPTH + 5 }, (_, n) => [n + 1, `${n + 1} {{>${n + 2}}}`]),
    );
    const template = composeTemplate(1, parseTemplate(prompts[1]!), library(prompts));
    expect(problems(template.segments)).toEqual([[MAX_INCLUDE_DEPTH + 2, 'tooDeep']]);
  });

  it('stops a composition growing past its size, as includes doubling at each level would', () => {
    const big = 'x'.repeat(MAX_COMPOSED_LENGTH / 6);
    const prompts: Record<number, string> = {
      1: '{{>2}}{{>2}}',
      2: '{{>3}}{{>3}}',
      3: '{{>4}}{{>4}}',
      4: big,
    };
    const template = composeTemplate(1, parseTemplate(prompts[1]!), library(prompts));
    expect(fillTemplate(template, {}).length).toBeLessThanOrEqual(MAX_COMPOSED_LENGTH);
    expect(problems(template.segments).some(([, problem]) => problem === 'tooLarge')).toBe(true);
  });

  it('includes at most so many prompts, the rest marked', () => {
    const count = MAX_INCLUDED_PROMPTS + 3;
    const root = Array.from({ length: count }, (_, n) => `{{>${n + 2}}}`).join(' ');
    const prompts = Object.fromEntries(Array.from({ length: count }, (_, n) => [n + 2, `p${n + 2}`]));
    const template = composeTemplate(1, parseTemplate(root), library(prompts));
    expect(problems(template.segments)).toEqual([
      [MAX_INCLUDED_PROMPTS + 2, 'tooLarge'],
      [MAX_INCLUDED_PROMPTS + 3, 'tooLarge'],
      [MAX_INCLUDED_PROMPTS + 4, 'tooLarge'],
    ]);
  });

  it('follows an include by id, whatever the included prompt’s title became', () => {
    // Titles are not in the text: only the id is, so a renamed prompt is still the one included.
    const template = composeTemplate(null, parseTemplate('{{>5}}'), library({ 5: 'still here' }));
    expect(fillTemplate(template, {})).toBe('still here');
  });
});

describe('unreadIncludes', () => {
  it('names the prompts to read next, level by level, each once, until none is left', () => {
    const prompts: Record<number, string> = { 1: '{{>2}} {{>3}} {{>2}}', 2: '{{>4}}', 3: 'c', 4: '{{>1}}' };
    const known = new Map<number, string | null>();
    const contentOf = (promptId: number) => known.get(promptId);
    const root = parseTemplate(prompts[1]!);
    const rounds: number[][] = [];
    for (
      let unread = unreadIncludes(root, contentOf);
      unread.length > 0;
      unread = unreadIncludes(root, contentOf)
    ) {
      rounds.push(unread);
      for (const promptId of unread) known.set(promptId, prompts[promptId] ?? null);
    }
    expect(rounds).toEqual([[2, 3], [4], [1]]);
    expect(fillTemplate(composeTemplate(1, root, contentOf), {})).toBe(' c ');
  });
});

describe('composeReading', () => {
  it('reads each included prompt once, nested ones too, and composes with what it read', async () => {
    const contents: Record<number, string | null> = { 2: 'B {{>3}} {{>9}}', 3: 'C {{name}}', 9: null };
    const read = vi.fn(async (id: number) => contents[id] ?? null);
    const template = await composeReading(1, 'A {{>2}} {{>2}}', read);
    expect(fillTemplate(template, { name: 'x' })).toBe('A B C x  B C x ');
    expect(template.variables.map((variable) => variable.name)).toEqual(['name']);
    expect(read.mock.calls.map(([id]) => id).sort()).toEqual([2, 3, 9]);
  });

  it('asks nothing again of what a shared `known` holds, and passes a failed read on', async () => {
    const known = new Map<number, string | null>([[2, 'B']]);
    const read = vi.fn(async () => 'never');
    expect(fillTemplate(await composeReading(1, '{{>2}}!', read, known), {})).toBe('B!');
    expect(read).not.toHaveBeenCalled();
    await expect(
      composeReading(1, '{{>4}}', async () => {
        throw new Error('offline');
      }),
    ).rejects.toThrow('offline');
  });
});
