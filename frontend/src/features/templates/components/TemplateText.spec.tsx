import { parseTemplate, type ParsedTemplate } from '@promptlib/proto';
import { renderWithApp } from '../../../shared/testing/render-with-app';
import { TemplateText, type IncludeTitle } from './TemplateText';

/** The text of each mark, the words said only to screen readers included. */
async function marksOf(
  template: ParsedTemplate,
  props: { includeTitle?: IncludeTitle; values?: Record<string, string> } = {},
  language: 'en' | 'de' = 'en',
) {
  const { container } = await renderWithApp(
    <p>
      <TemplateText template={template} {...props} emptyLabel={(name) => `${name}: empty`} />
    </p>,
    language,
  );
  return { container, marks: [...container.querySelectorAll('mark')].map((mark) => mark.textContent) };
}

const titles: IncludeTitle = (promptId) => ({ 7: 'Sign-off', 8: 'House style' })[promptId] ?? null;

describe('TemplateText', () => {
  it('shows plain blanks and choices as written, and typed or optional ones with their type in words', async () => {
    const { marks } = await marksOf(
      parseTemplate(
        '{{name}} {{tone:formal|casual}} {{notes#long}} {{count#number=3}} {{due#date?}} {{extra?}} {{mood?:a|b}}',
      ),
    );
    expect(marks).toEqual([
      '{{name}}',
      '{{tone:formal|casual}}',
      '{{notes#long}} long text',
      '{{count#number=3}} number',
      '{{due#date?}} date, optional',
      '{{extra?}} optional',
      '{{mood?:a|b}} optional',
    ]);
  });

  it('says what an automatic value will be, and marks it apart from the blanks', async () => {
    const { marks, container } = await marksOf(
      parseTemplate('On {{@date}} at {{@time}}: {{@clipboard}} for {{name}}'),
    );
    expect(marks).toEqual(["Today's date", 'Current time', 'Clipboard', '{{name}}']);
    const [auto, , , blank] = [...container.querySelectorAll('mark')];
    expect(getComputedStyle(auto!).backgroundColor).not.toBe(getComputedStyle(blank!).backgroundColor);
  });

  it('names an include by the title of the prompt it brings in, and a prompt that is not there as missing', async () => {
    const { marks } = await marksOf(parseTemplate('{{>7}}\nBody\n{{>8}} {{>99}}'), { includeTitle: titles });
    expect(marks).toEqual([
      '↪ Included prompt: Sign-off',
      '↪ Included prompt: House style',
      '↪ Included prompt: missing prompt',
    ]);
  });

  it('waits for a title not known yet rather than calling the prompt missing', async () => {
    const { marks } = await marksOf(parseTemplate('{{>7}}'), { includeTitle: () => undefined });
    expect(marks).toEqual(['↪ Included prompt: …']);
  });

  it('shows an include without titles only as a reference to another prompt', async () => {
    const { marks, container } = await marksOf(parseTemplate('Hello {{>7}}'));
    expect(marks).toEqual(['↪ Included prompt: another prompt (not shared)']);
    expect(container.textContent).not.toContain('{{>7}}');
  });

  it('marks an include that cannot be composed with its problem', async () => {
    const template: ParsedTemplate = {
      variables: [],
      segments: [
        { kind: 'include', promptId: 7, source: '{{>7}}', problem: 'circular' },
        { kind: 'include', promptId: 9, source: '{{>9}}', problem: 'tooDeep' },
        { kind: 'include', promptId: 8, source: '{{>8}}', problem: 'tooLarge' },
        { kind: 'include', promptId: 5, source: '{{>5}}', problem: 'missing' },
      ],
    };
    const { marks } = await marksOf(template, { includeTitle: titles });
    expect(marks).toEqual([
      '↪ Included prompt: Sign-off: included in itself',
      '↪ Included prompt: nested too deep',
      '↪ Included prompt: House style: too long to include',
      '↪ Included prompt: missing prompt',
    ]);
  });

  it('fills a preview with the values, an empty blank said as empty', async () => {
    const template = parseTemplate('Dear {{name}}, on {{@date}} {{notes#long?}}');
    const { marks, container } = await marksOf(template, {
      values: { name: 'Ada', '@date': '5 May 2026', notes: '' },
    });
    expect(marks).toEqual(['Ada', '5 May 2026', 'notes']);
    expect(container.querySelectorAll('mark')[2]).toHaveAttribute('aria-label', 'notes: empty');
  });

  it('speaks German', async () => {
    const { marks } = await marksOf(parseTemplate('{{@date}} {{n#number?}} {{>1}}'), {}, 'de');
    expect(marks).toEqual([
      'Heutiges Datum',
      '{{n#number?}} Zahl, optional',
      '↪ Eingebundener Prompt: ein anderer Prompt (nicht geteilt)',
    ]);
  });
});
