import type { LibraryFile } from '@promptlib/proto';

/** A library for the zip specs: names and text in several scripts, one prompt outside General. */
export const sampleLibrary: LibraryFile = {
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
      tags: [],
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
      tags: [],
      versions: [],
    },
  ],
};
