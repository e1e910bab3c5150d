import { describe, expect, it } from 'vitest';
import { markdownFiles, markdownPlan } from './library-markdown';
import { sampleEntry, sampleFile } from './sample-files';
import { ImportFileError } from './plan';

const entry = sampleEntry;
const fileOf = sampleFile;

describe('the Markdown export', () => {
  it('writes one file per prompt with front matter, in a folder per category, names safe and unique', () => {
    const files = markdownFiles(
      fileOf([
        entry('Tidy notes'),
        entry('Blog {{topic}}', { category: 'Writing' }),
        entry('=SUM(A1)', {
          category: 'Work: notes/plans',
          content: 'Formula-like, "quoted", two\nlines',
          usageCount: 4,
          createdAt: '2025-01-03T10:00:00.000Z',
          updatedAt: '2025-01-03T10:00:00.000Z',
          tags: ['Spreadsheets', '"quoted" 🙂'],
        }),
        entry('tidy notes'),
        entry('..\u0007/'),
      ]),
    );
    expect(files.map((item) => item.path)).toEqual([
      'General/Tidy notes.md',
      'Writing/Blog {{topic}}.md',
      'Work notes plans/=SUM(A1).md',
      'General/tidy notes (2).md',
      'General/prompt.md',
    ]);
    expect(files[2]!.text).toBe(
      [
        '---',
        'title: "=SUM(A1)"',
        'category: "Work: notes/plans"',
        'favorite: false',
        'usage_count: 4',
        'created_at: "2025-01-03T10:00:00.000Z"',
        'updated_at: "2025-01-03T10:00:00.000Z"',
        'tags: ["Spreadsheets","\\"quoted\\" 🙂"]',
        '---',
        '',
        'Formula-like, "quoted", two\nlines',
        '',
      ].join('\n'),
    );
  });
});

describe('markdownPlan', () => {
  it('reads its own files back exactly, whitespace, front-matter look-alikes and all', () => {
    const prompts = [
      entry('  Spaced  "title" \u2028 🙂 ', { isFavorite: true, usageCount: 12 }),
      entry('Lines', { content: '\n\n  starts and ends with lines  \n\n', category: 'Work' }),
      entry('Dashes', { content: '---\ntitle: "not this"\n---\n', category: 'Écrits' }),
      entry('Bare', { content: 'x\r\ny\r', category: 'Work', tags: ['One', 'Two: three'] }),
    ];
    const plan = markdownPlan(markdownFiles(fileOf(prompts)));
    expect(plan.kind).toBe('library-markdown');
    expect(plan.categories).toEqual(['Work', 'Écrits']);
    expect(plan.prompts).toEqual(
      prompts.map((item) => ({
        title: item.title,
        content: item.content,
        category: item.category === 'General' ? null : item.category,
        isFavorite: item.isFavorite,
        usageCount: item.usageCount,
        createdAt: item.createdAt,
        updatedAt: item.updatedAt,
        ...(item.tags.length > 0 ? { tags: item.tags } : {}),
      })),
    );
  });

  it('reads a file an editor saved with CRLF line breaks and a byte order mark', () => {
    const [file] = markdownFiles(fileOf([entry('Windows', { content: 'One\nTwo' })]));
    const saved = `\uFEFF${file!.text.replace(/\n/g, '\r\n')}`;
    const plan = markdownPlan([{ path: file!.path, text: saved }]);
    expect(plan.prompts[0]).toMatchObject({ title: 'Windows', content: 'One\r\nTwo' });
  });

  it('takes a file without our front matter whole, its title from its name', () => {
    const plan = markdownPlan([
      { path: 'notes/Write a haiku.md', text: '# Haiku\n\nWrite one about {{season}}.\n' },
      { path: 'Other.markdown', text: '---\ntags: [a]\n---\nBody\n' },
    ]);
    expect(plan.kind).toBe('markdown');
    expect(plan.prompts).toEqual([
      {
        title: 'Write a haiku',
        content: '# Haiku\n\nWrite one about {{season}}.\n',
        category: null,
        isFavorite: false,
        usageCount: 0,
      },
      {
        title: 'Other',
        content: '---\ntags: [a]\n---\nBody\n',
        category: null,
        isFavorite: false,
        usageCount: 0,
      },
    ]);
  });

  it('reads YAML’s single quotes and plain scalars as a person may have written them', () => {
    const plan = markdownPlan([
      {
        path: 'a.md',
        text: "---\ntitle: 'It''s mine'\ncategory: Ideas\nfavorite: true\nusage_count: 2\n---\n\nText here\n",
      },
    ]);
    expect(plan.prompts[0]).toEqual({
      title: "It's mine",
      content: 'Text here',
      category: 'Ideas',
      isFavorite: true,
      usageCount: 2,
    });
  });

  it('passes over what is not a Markdown file of its own, and refuses a set without any', () => {
    const text = '---\ntitle: "Kept"\n---\n\nKept text\n';
    const plan = markdownPlan([
      { path: '__MACOSX/General/._Kept.md', text: 'junk' },
      { path: 'General/._Kept.md', text: 'junk' },
      { path: 'General/notes.txt', text: 'not markdown' },
      { path: 'General/Kept.MD', text },
    ]);
    expect(plan.prompts.map((item) => item.title)).toEqual(['Kept']);
    expect(() => markdownPlan([{ path: 'a.txt', text }])).toThrow(new ImportFileError('noMarkdown'));
  });
});
