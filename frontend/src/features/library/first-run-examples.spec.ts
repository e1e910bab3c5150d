import { limits } from '@promptlib/proto';
import { parseTemplate } from '@promptlib/proto';
import { examplePrompts } from './first-run-examples';

describe('examplePrompts', () => {
  it.each(['en', 'de'])(
    'offers %s examples that fit a prompt’s limits, two of them templates',
    (language) => {
      const examples = examplePrompts(language);
      expect(examples).toHaveLength(3);
      for (const example of examples) {
        expect(example.title.length).toBeLessThanOrEqual(limits.promptTitle.max);
        expect(example.content.length).toBeLessThanOrEqual(limits.promptContent.max);
      }
      const blanks = examples.map((example) => parseTemplate(example.content).variables.map((v) => v.name));
      expect(blanks.filter((names) => names.length > 0)).toHaveLength(2);
      expect(
        examples.some((example) => parseTemplate(example.content).variables.some((v) => v.kind === 'choice')),
      ).toBe(true);
    },
  );

  it('answers English for a language it has no examples in', () => {
    expect(examplePrompts('fr')).toEqual(examplePrompts('en'));
    expect(examplePrompts(undefined)).toEqual(examplePrompts('en'));
    expect(examplePrompts('de-AT')).toEqual(examplePrompts('de'));
  });
});
