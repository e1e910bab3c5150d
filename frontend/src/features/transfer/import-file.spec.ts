import { ImportFileError, markdownFiles } from '@promptlib/proto';
import { sampleLibrary } from './sample-library';
import { zipSync } from 'fflate';
import { importPlanOfFile } from './import-file';

const library = sampleLibrary;

describe('importPlanOfFile', () => {
  it('reads a zip as a Markdown export, passing over its other files', async () => {
    const files = markdownFiles(library);
    const zip = zipSync({
      'README.txt': new TextEncoder().encode('Not a prompt'),
      ...Object.fromEntries(files.map((file) => [file.path, new TextEncoder().encode(file.text)])),
    });
    const plan = await importPlanOfFile(new File([zip], 'prompt-library-2025-02-01.zip'));
    expect(plan.kind).toBe('library-markdown');
    expect(plan.categories).toEqual(['Écriture']);
    expect(plan.prompts.map((prompt) => [prompt.title, prompt.content, prompt.category])).toEqual([
      ['Résumé ✍️ {{name}}', '  Write one for {{name}}.\n\n', 'Écriture'],
      ['Second', 'Another text', null],
    ]);
  });

  it('reads a single Markdown file, and any other file as text', async () => {
    const single = await importPlanOfFile(new File(['Write a haiku.'], 'Haiku.md'));
    expect(single.prompts).toEqual([
      { title: 'Haiku', content: 'Write a haiku.', category: null, isFavorite: false, usageCount: 0 },
    ]);
    const csv = await importPlanOfFile(new File(['act,prompt\nPoet,Write a poem\n'], 'prompts.csv'));
    expect(csv.kind).toBe('prompts-chat-csv');
  });

  it('says when a zip holds no Markdown file', async () => {
    const zip = zipSync({ 'a.txt': new TextEncoder().encode('text') });
    await expect(importPlanOfFile(new File([zip], 'a.zip'))).rejects.toThrow(
      new ImportFileError('noMarkdown'),
    );
  });
});
