import { ImportFileError, markdownFiles, type LibraryFile } from '@promptlib/proto';
import { unzipMarkdown, zipMarkdown } from './markdown-zip';

const library: LibraryFile = {
  format: 'prompt-library',
  version: 2,
  exportedAt: '2025-02-01T00:00:00.000Z',
  categories: [],
  prompts: [
    {
      title: 'Résumé ✍️ {{name}}',
      content: '  Write one for {{name}}.\n\n',
      category: 'Écriture',
      isFavorite: true,
      usageCount: 3,
      createdAt: '2025-01-01T10:00:00.000Z',
      updatedAt: '2025-01-02T10:00:00.000Z',
      versions: [],
    },
    {
      title: 'Second',
      content: 'Another text',
      category: 'General',
      isFavorite: false,
      usageCount: 0,
      createdAt: '2025-01-03T10:00:00.000Z',
      updatedAt: '2025-01-03T10:00:00.000Z',
      versions: [],
    },
  ],
};

describe('the Markdown zip', () => {
  it('holds the export’s files, names in any script, and gives them back in their order', async () => {
    const files = markdownFiles(library);
    expect(await unzipMarkdown(await zipMarkdown(files))).toEqual(files);
  });

  it('refuses what is not a zip', async () => {
    await expect(unzipMarkdown(new TextEncoder().encode('not a zip'))).rejects.toThrow(
      new ImportFileError('brokenZip'),
    );
  });
});
