import { describe, expect, it } from 'vitest';
import {
  blankProblems,
  fillTemplate,
  includedIds,
  initialValues,
  isTemplate,
  parseTemplate,
  type TemplateSegment,
} from './template';

const variable = (name: string, source = `{{${name}}}`): TemplateSegment => ({
  kind: 'variable',
  name,
  source,
});
const text = (value: string): TemplateSegment => ({ kind: 'text', text: value });

describe('parseTemplate', () => {
  it('reads a plain prompt as one piece of text, with no blanks', () => {
    const template = parseTemplate('Summarise this:\n  keep it short.');
    expect(template.segments).toEqual([text('Summarise this:\n  keep it short.')]);
    expect(template.variables).toEqual([]);
    expect(fillTemplate(template, {})).toBe('Summarise this:\n  keep it short.');
  });

  it('reads an empty prompt as nothing', () => {
    expect(parseTemplate('')).toEqual({ segments: [], variables: [] });
  });

  it('finds blanks, with and without spaces inside the braces', () => {
    const template = parseTemplate('Dear {{name}}, about {{ topic }}.');
    expect(template.segments).toEqual([
      text('Dear '),
      variable('name'),
      text(', about '),
      variable('topic', '{{ topic }}'),
      text('.'),
    ]);
    expect(template.variables).toEqual([
      { name: 'name', kind: 'text', defaultValue: '', optional: false },
      { name: 'topic', kind: 'text', defaultValue: '', optional: false },
    ]);
  });

  it('reads a default after =, which may itself hold = : and |', () => {
    const template = parseTemplate('{{language=British English}} {{url = https://a.example/?x=1|2}}');
    expect(template.variables).toEqual([
      { name: 'language', kind: 'text', defaultValue: 'British English', optional: false },
      { name: 'url', kind: 'text', defaultValue: 'https://a.example/?x=1|2', optional: false },
    ]);
  });

  it('reads an empty default as a blank without one', () => {
    expect(parseTemplate('{{name=}}').variables).toEqual([
      { name: 'name', kind: 'text', defaultValue: '', optional: false },
    ]);
  });

  it('reads a choice after :, trimmed, without empty or repeated options', () => {
    const template = parseTemplate('Tone: {{tone: formal | casual||formal | friendly = warm }}');
    expect(template.variables).toEqual([
      { name: 'tone', kind: 'choice', options: ['formal', 'casual', 'friendly = warm'], optional: false },
    ]);
    expect(template.segments).toEqual([
      text('Tone: '),
      variable('tone', '{{tone: formal | casual||formal | friendly = warm }}'),
    ]);
  });

  it('makes one blank of a name used twice, defined by its first occurrence with details', () => {
    const template = parseTemplate(
      '{{who}} met {{who=Ada}}; {{who=Grace}} left. {{mood:calm|tense}} {{mood}}',
    );
    expect(template.variables).toEqual([
      { name: 'who', kind: 'text', defaultValue: 'Ada', optional: false },
      { name: 'mood', kind: 'choice', options: ['calm', 'tense'], optional: false },
    ]);
    expect(fillTemplate(template, { who: 'Lin', mood: 'calm' })).toBe('Lin met Lin; Lin left. calm calm');
  });

  it('tells names apart by case', () => {
    expect(parseTemplate('{{Name}} {{name}}').variables.map((item) => item.name)).toEqual(['Name', 'name']);
  });

  it('takes names in any script, with digits, _ and inner spaces or hyphens', () => {
    const template = parseTemplate(
      '{{Überschrift}} {{名前}} {{имя_2}} {{target audience}} {{e-mail}} {{नाम}} {{ä=Grüße}}',
    );
    expect(template.variables.map((item) => item.name)).toEqual([
      'Überschrift',
      '名前',
      'имя_2',
      'target audience',
      'e-mail',
      'नाम',
      'ä',
    ]);
    expect(template.variables[6]).toEqual({
      name: 'ä',
      kind: 'text',
      defaultValue: 'Grüße',
      optional: false,
    });
  });

  it('writes \\{{ as a literal {{, which starts no blank', () => {
    const template = parseTemplate('Use \\{{name}} for a blank, like {{this}}.');
    expect(template.segments).toEqual([text('Use {{name}} for a blank, like '), variable('this'), text('.')]);
    expect(template.variables.map((item) => item.name)).toEqual(['this']);
    expect(fillTemplate(template, { this: 'so' })).toBe('Use {{name}} for a blank, like so.');
  });

  it('keeps a backslash that escapes nothing', () => {
    expect(fillTemplate(parseTemplate('C:\\path\\{x} and \\{{y}}'), {})).toBe('C:\\path\\{x} and {{y}}');
  });

  it.each([
    ['an unclosed blank', 'Hello {{name', []],
    ['empty braces', 'Hello {{}} and {{  }}', []],
    ['a name with punctuation', '{{name!}} {{a.b}} {{@x}} {{>x}} {{>0}} {{n#}} {{n#text}}', []],
    ['a name with a leading or trailing hyphen', '{{-x}} {{x-}}', []],
    ['a blank across lines', '{{first\nname}}', []],
    ['a choice without options', '{{tone:}} {{tone: | }}', []],
    ['a default without a name', '{{=value}} {{:a|b}}', []],
    ['single braces', '{name} and {name}}', []],
    ['a name over 40 characters', `{{${'x'.repeat(41)}}}`, []],
    ['a brace inside', '{{a{b}} {{a}b}}', []],
  ])('leaves %s as the text it is', (_what, content, names) => {
    const template = parseTemplate(content);
    expect(template.variables.map((item) => item.name)).toEqual(names);
    expect(fillTemplate(template, {})).toBe(content);
  });

  it('finds the blank inside extra braces and keeps the braces as text', () => {
    const template = parseTemplate('{{{name}}} and {{a{{b}}');
    expect(template.segments).toEqual([text('{'), variable('name'), text('} and {{a'), variable('b')]);
  });

  it('takes a name of exactly 40 characters', () => {
    expect(parseTemplate(`{{${'x'.repeat(40)}}}`).variables).toHaveLength(1);
  });

  it('reads a prompt of many unclosed braces and keeps every one', () => {
    const content = '{{'.repeat(50_000) + '{{x}}' + '}}'.repeat(50_000) + '{{ y'.repeat(20_000);
    const template = parseTemplate(content);
    expect(template.variables.map((item) => item.name)).toEqual(['x']);
    expect(fillTemplate(template, { x: '' })).toBe(content.replace('{{x}}', ''));
  });
});

describe('fillTemplate', () => {
  it('puts each value in every place of its blank and leaves an unfilled one out', () => {
    const template = parseTemplate('{{a}}-{{b}}-{{a}}');
    expect(fillTemplate(template, { a: '1' })).toBe('1--1');
  });

  it('puts values in as they are, braces and all', () => {
    expect(fillTemplate(parseTemplate('Say {{x}}'), { x: '{{y}} \\{{' })).toBe('Say {{y}} \\{{');
  });
});

describe('initialValues', () => {
  const template = parseTemplate('{{name}} {{lang=German}} {{tone:formal|casual}}');

  it('starts from defaults and first choices', () => {
    expect(initialValues(template, {})).toEqual({ name: '', lang: 'German', tone: 'formal' });
  });

  it('starts from the values last used, where they still fit', () => {
    expect(initialValues(template, { name: 'Ada', lang: '', tone: 'casual', gone: 'x' })).toEqual({
      name: 'Ada',
      lang: '',
      tone: 'casual',
    });
    expect(initialValues(template, { tone: 'sarcastic' }).tone).toBe('formal');
  });
});

describe('typed and optional blanks', () => {
  it('reads a type after the name and ? for optional, in either order, before a default', () => {
    const template = parseTemplate(
      '{{notes#long}} {{count #number=3}} {{due#date=2026-01-31}} {{extra?}} {{aside#long?}} {{more?#long=x}}',
    );
    expect(template.variables).toEqual([
      { name: 'notes', kind: 'long', defaultValue: '', optional: false },
      { name: 'count', kind: 'number', defaultValue: '3', optional: false },
      { name: 'due', kind: 'date', defaultValue: '2026-01-31', optional: false },
      { name: 'extra', kind: 'text', defaultValue: '', optional: true },
      { name: 'aside', kind: 'long', defaultValue: '', optional: true },
      { name: 'more', kind: 'long', defaultValue: 'x', optional: true },
    ]);
  });

  it('reads an optional choice, and leaves a typed choice, two types or two ? as text', () => {
    expect(parseTemplate('{{tone?:formal|casual}}').variables).toEqual([
      { name: 'tone', kind: 'choice', options: ['formal', 'casual'], optional: true },
    ]);
    const content = '{{tone#long:a|b}} {{n#long#date}} {{n??}} {{n#Long}}';
    expect(parseTemplate(content).variables).toEqual([]);
    expect(fillTemplate(parseTemplate(content), {})).toBe(content);
  });

  it('makes one blank of a name, typed by its first occurrence with details', () => {
    const template = parseTemplate('{{n}} {{n#number}} {{n#date}}');
    expect(template.variables).toEqual([{ name: 'n', kind: 'number', defaultValue: '', optional: false }]);
    expect(template.segments.filter((segment) => segment.kind === 'variable')).toHaveLength(3);
  });

  it('says which blanks keep the text from being used, and why', () => {
    const template = parseTemplate('{{a}} {{b?}} {{n#number}} {{d#date}} {{t:x|y}} {{@date}}');
    expect(blankProblems(template, { a: ' ', b: '', n: '', d: '' })).toEqual([
      { name: 'a', problem: 'required' },
      { name: 'n', problem: 'required' },
      { name: 'd', problem: 'required' },
    ]);
    expect(blankProblems(template, { a: 'x', n: 'twelve', d: '2026-02-30' })).toEqual([
      { name: 'n', problem: 'number' },
      { name: 'd', problem: 'date' },
    ]);
    expect(blankProblems(template, { a: 'x', n: '-1,5', d: '2028-02-29' })).toEqual([]);
  });

  it('starts a date from a default that is one, and fills it in as the caller says dates', () => {
    const template = parseTemplate('Due {{due#date=2026-01-31}}, else {{other#date=soon}}.');
    const values = initialValues(template, {});
    expect(values).toEqual({ due: '2026-01-31', other: '' });
    expect(fillTemplate(template, values, { formatDate: (iso) => `<${iso}>` })).toBe(
      'Due <2026-01-31>, else .',
    );
  });

  it('starts an optional choice from its first option, and takes an empty one remembered', () => {
    const template = parseTemplate('{{tone?:formal|casual}}');
    expect(initialValues(template, {})).toEqual({ tone: 'formal' });
    expect(initialValues(template, { tone: '' })).toEqual({ tone: '' });
  });
});

describe('automatic values', () => {
  it('reads @date, @time and @clipboard as blanks named so, filled from what is given', () => {
    const template = parseTemplate('On {{@date}} at {{ @time }}: {{@clipboard}} ({{@date}})');
    expect(template.variables).toEqual([
      { name: '@date', kind: 'auto', source: 'date' },
      { name: '@time', kind: 'auto', source: 'time' },
      { name: '@clipboard', kind: 'auto', source: 'clipboard' },
    ]);
    const values = initialValues(template, { '@date': 'old' }, { date: '27 November 2026', time: '14:05' });
    expect(values).toEqual({ '@date': '27 November 2026', '@time': '14:05', '@clipboard': '' });
    expect(blankProblems(template, values)).toEqual([]);
    expect(fillTemplate(template, values)).toBe('On 27 November 2026 at 14:05:  (27 November 2026)');
  });

  it('leaves any other @word as text', () => {
    expect(parseTemplate('{{@today}} {{@ date}} {{@Date}}').variables).toEqual([]);
  });
});

describe('includes in a template', () => {
  it('reads {{>id}} as an include, which makes a template of a prompt without blanks', () => {
    const template = parseTemplate('Intro {{>12}} and {{ > 7 }} and {{>12}}.');
    expect(template.segments).toEqual([
      text('Intro '),
      { kind: 'include', promptId: 12, source: '{{>12}}' },
      text(' and '),
      { kind: 'include', promptId: 7, source: '{{ > 7 }}' },
      text(' and '),
      { kind: 'include', promptId: 12, source: '{{>12}}' },
      text('.'),
    ]);
    expect(template.variables).toEqual([]);
    expect(includedIds(template)).toEqual([12, 7]);
    expect(isTemplate(template)).toBe(true);
    expect(isTemplate(parseTemplate('plain'))).toBe(false);
  });
});
