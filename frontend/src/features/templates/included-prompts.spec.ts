import { fillTemplate, parseTemplate } from '@promptlib/proto';
import { composeWithIncludes, leftOutIncludes } from './included-prompts';

/** A reader over fixed prompts that records what it was asked, in rounds of parallel reads. */
function readerOf(prompts: Record<number, string>) {
  const asked: number[] = [];
  const read = vi.fn(async (promptId: number) => {
    asked.push(promptId);
    return prompts[promptId] ?? null;
  });
  return { read, asked };
}

describe('composeWithIncludes', () => {
  it('reads each included prompt once, nested ones after the level that names them, and fills them in', async () => {
    const { read, asked } = readerOf({
      2: 'Sign: {{name}}. {{>3}}',
      3: 'P.S. {{ps?}}',
    });
    const template = parseTemplate('Dear {{name}}, {{>2}} {{>2}}');

    const composed = await composeWithIncludes(template, { promptId: 1, read });

    expect(asked).toEqual([2, 3]);
    expect(composed.variables.map((variable) => variable.name)).toEqual(['name', 'ps']);
    expect(fillTemplate(composed, { name: 'Ada', ps: 'bye' })).toBe(
      'Dear Ada, Sign: Ada. P.S. bye Sign: Ada. P.S. bye',
    );
  });

  it('reads the prompts of one level at once', async () => {
    const pending: ((content: string) => void)[] = [];
    const read = vi.fn((_promptId: number) => new Promise<string>((resolve) => pending.push(resolve)));
    const composing = composeWithIncludes(parseTemplate('{{>2}} and {{>3}}'), { promptId: 1, read });
    await Promise.resolve();
    expect(read.mock.calls.map(([promptId]) => promptId)).toEqual([2, 3]);
    pending.forEach((resolve, index) => resolve(`text ${index + 2}`));
    expect(fillTemplate(await composing, {})).toBe('text 2 and text 3');
  });

  it('leaves out a prompt that is missing and one that leads back to the prompt itself', async () => {
    const { read } = readerOf({ 2: 'two [{{>1}}]', 3: 'three [{{>3}}]' });
    const composed = await composeWithIncludes(parseTemplate('one [{{>2}}] [{{>9}}] [{{>3}}] [{{> 9}}]'), {
      promptId: 1,
      read,
    });
    expect(fillTemplate(composed, {})).toBe('one [two []] [] [three []] []');
    expect(leftOutIncludes(composed)).toEqual([
      { problem: 'circular', sources: ['{{>1}}', '{{>3}}'] },
      { problem: 'missing', sources: ['{{>9}}'] },
    ]);
  });

  it('fails as a whole when a prompt could not be read', async () => {
    const read = vi.fn(async (promptId: number) => {
      if (promptId === 3) throw new Error('offline');
      return '{{>3}}';
    });
    await expect(composeWithIncludes(parseTemplate('{{>2}}'), { promptId: 1, read })).rejects.toThrow(
      'offline',
    );
  });
});
