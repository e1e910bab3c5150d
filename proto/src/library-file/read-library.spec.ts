import { describe, expect, it } from 'vitest';
import type { Category, Prompt, WholePromptsPage } from '../library';
import type { HistoryVersion, PromptHistoryPage } from '../prompt-versions';
import { readLibrary } from './read-library';

const prompt = (id: number): Prompt => ({
  id,
  title: `Prompt ${id}`,
  content: `Content of ${id}.`,
  categoryId: 1,
  isFavorite: 0,
  usageCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  tags: [],
});
const version = (promptId: number, number: number): HistoryVersion => ({
  promptId,
  version: number,
  title: `Prompt ${promptId}`,
  content: `Content of ${promptId}.`,
  categoryId: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  source: 'app',
});
const categories: Category[] = [{ id: 1, name: 'General', position: 0 }];

describe('readLibrary', () => {
  it('reads every page of the prompts and of the history, and the categories, telling the prompts read', async () => {
    const answers = new Map<string, WholePromptsPage | PromptHistoryPage | Category[]>([
      ['/api/prompts/pages', { prompts: [prompt(5), prompt(4)], nextBefore: 4 }],
      ['/api/prompts/pages?before=4', { prompts: [prompt(2)], nextBefore: null }],
      [
        '/api/prompts/history',
        { versions: [version(2, 1), version(4, 1)], next: { promptId: 4, version: 1 } },
      ],
      ['/api/prompts/history?afterPrompt=4&afterVersion=1', { versions: [version(4, 2)], next: null }],
      ['/api/categories', categories],
    ]);
    const asked: string[] = [];
    const progress: number[] = [];
    const library = await readLibrary(
      <T>(path: string) => {
        asked.push(path);
        return answers.has(path) ? Promise.resolve(answers.get(path) as T) : Promise.reject(new Error(path));
      },
      (read) => progress.push(read),
    );
    expect(library).toEqual({
      prompts: [prompt(5), prompt(4), prompt(2)],
      categories,
      versions: [version(2, 1), version(4, 1), version(4, 2)],
    });
    expect(progress).toEqual([2, 3]);
    expect(asked.sort()).toEqual([...answers.keys()].sort());
  });

  it('fails when a page cannot be read, rather than give a shorter library', async () => {
    const get = <T>(path: string): Promise<T> =>
      path.startsWith('/api/prompts/history?')
        ? Promise.reject(new Error('503'))
        : Promise.resolve(
            (path === '/api/categories'
              ? categories
              : path === '/api/prompts/history'
                ? { versions: [], next: { promptId: 1, version: 1 } }
                : { prompts: [], nextBefore: null }) as T,
          );
    await expect(readLibrary(get, () => undefined)).rejects.toThrow('503');
  });
});
