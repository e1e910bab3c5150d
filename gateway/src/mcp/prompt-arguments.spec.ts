import { describe, expect, it } from 'vitest';
import { parseTemplate } from '@promptlib/proto';
import { fillFromArguments, MissingArguments, promptArguments } from './prompt-arguments';

const NOW = new Date('2026-11-27T14:05:00.000Z');

describe('a template’s blanks as MCP arguments', () => {
  it('requires a blank with no default, and describes each by its type, choices or default', () => {
    const template = parseTemplate(
      '{{name}} {{notes#long}} {{count#number=3}} {{due#date}} {{tone:warm|formal}} {{extra?}} {{@date}} {{@clipboard}}',
    );
    expect(promptArguments(template)).toEqual([
      { name: 'name', description: 'Text', required: true },
      { name: 'notes', description: 'Text of several lines', required: true },
      { name: 'count', description: 'A number; default 3', required: false },
      { name: 'due', description: 'A date, written yyyy-mm-dd', required: true },
      { name: 'tone', description: 'One of: warm, formal; default warm', required: false },
      { name: 'extra', description: 'Text (optional)', required: false },
      { name: '@date', description: 'Today’s date, filled in when left out', required: false },
      {
        name: '@clipboard',
        description: 'Text to put where the template takes the clipboard',
        required: false,
      },
    ]);
  });

  it('fills what is given, and defaults, first choices and the date where it is left out', () => {
    const template = parseTemplate(
      '{{name}} / {{count#number=3}} / {{tone:warm|formal}} / {{extra?}} / {{@date}} {{@time}}',
    );
    expect(fillFromArguments(template, { name: 'Ada' }, NOW)).toBe(
      'Ada / 3 / warm /  / 2026-11-27 14:05 UTC',
    );
    expect(fillFromArguments(template, { name: 'Ada', count: '7', tone: 'formal', extra: 'x' }, NOW)).toBe(
      'Ada / 7 / formal / x / 2026-11-27 14:05 UTC',
    );
  });

  it('names every required argument left out, and a number or a date that is not one', () => {
    const template = parseTemplate('{{name}} {{topic}} {{count#number}} {{due#date}}');
    expect(() => fillFromArguments(template, { count: 'many', due: '2026-13-01' }, NOW)).toThrow(
      new MissingArguments([
        { name: 'name', problem: 'required' },
        { name: 'topic', problem: 'required' },
        { name: 'count', problem: 'number' },
        { name: 'due', problem: 'date' },
      ]),
    );
    expect(() => fillFromArguments(template, undefined, NOW)).toThrow(
      'Missing or invalid arguments: name, topic, count, due',
    );
  });
});
