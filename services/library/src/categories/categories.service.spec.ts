import { beforeEach, describe, expect, it } from 'vitest';
import {
  CATEGORY_DELETED_MAX_PROMPT_IDS,
  eventSubjects,
  libraryMessages,
  validationMessages,
} from '@promptlib/proto';
import {
  inMemoryLibrary,
  libraryRules,
  setTier,
  testLibraryConfig,
  type InMemoryLibrary,
} from '../../test/fakes/in-memory-library';
import type { PromptsService } from '../prompts/prompts.service';
import type { CategoriesService } from './categories.service';

const userId = 1;

describe('CategoriesService', () => {
  let library: InMemoryLibrary;
  let categories: CategoriesService;
  let prompts: PromptsService;

  beforeEach(() => {
    library = inMemoryLibrary();
    ({ categories, prompts } = libraryRules(library));
  });

  it('creates General once, however often it is asked', async () => {
    const first = await categories.ensureDefault({ userId });
    const again = await Promise.all([1, 2, 3].map(() => categories.ensureDefault({ userId })));
    expect(again).toEqual([first, first, first]);
    expect(await categories.list({ userId })).toEqual([first]);
  });

  it('refuses a category to a free user, as General counts toward the limit of 1', async () => {
    await expect(categories.create({ userId, name: 'Writing' })).rejects.toMatchObject({
      error: { code: 'CATEGORY_LIMIT_REACHED', message: libraryMessages.freeCategoryLimit },
    });
    expect((await categories.list({ userId })).map((category) => category.name)).not.toContain('Writing');
  });

  describe('for a Pro user', () => {
    beforeEach(() => setTier(library, userId, true));

    it('places each new category after the others, General first', async () => {
      await categories.create({ userId, name: 'Writing' });
      await categories.create({ userId, name: 'Code' });
      expect((await categories.list({ userId })).map(({ name, position }) => [name, position])).toEqual([
        ['General', 0],
        ['Writing', 0],
        ['Code', 1],
      ]);
    });

    it('announces each category made, renamed or moved as it is now, and nothing for a refusal', async () => {
      const a = await categories.create({ userId, name: 'Alpha' });
      const b = await categories.create({ userId, name: 'Beta' });
      await categories.rename({ userId, categoryId: a.id, name: 'Apex' });
      await categories.reorder({
        userId,
        categoryPositions: [
          { id: a.id, position: 1 },
          { id: b.id, position: 0 },
        ],
      });
      await expect(categories.create({ userId, name: 'beta' })).rejects.toMatchObject({
        error: { code: 'CATEGORY_NAME_TAKEN' },
      });
      const announced = (categoryId: number, name: string, position: number) => ({
        userId,
        categoryId,
        name,
        position,
      });
      expect(library.eventsOf(eventSubjects.categoryUpdated)).toEqual([
        announced(a.id, 'Alpha', 0),
        announced(b.id, 'Beta', 1),
        announced(a.id, 'Apex', 0),
        expect.anything(),
        expect.anything(),
      ]);
      expect(library.eventsOf(eventSubjects.categoryUpdated).slice(3)).toEqual(
        expect.arrayContaining([announced(a.id, 'Apex', 1), announced(b.id, 'Beta', 0)]),
      );
    });

    it('refuses a name the user has already, whatever its case', async () => {
      await categories.create({ userId, name: 'Writing' });
      await expect(categories.create({ userId, name: 'wRITING' })).rejects.toMatchObject({
        error: {
          code: 'CATEGORY_NAME_TAKEN',
          fields: { name: validationMessages.categoryNameTaken },
          rules: { name: 'taken' },
        },
      });
    });

    it('renames a category by the rules of a new name, keeping its place and its prompts', async () => {
      const writing = await categories.create({ userId, name: 'Writing' });
      await categories.create({ userId, name: 'Code' });
      const prompt = await prompts.create({
        userId,
        title: 'Essay',
        content: 'Draft.',
        categoryId: writing.id,
      });

      expect(await categories.rename({ userId, categoryId: writing.id, name: '  Essays  ' })).toEqual({
        ...writing,
        name: 'Essays',
      });
      // A change of case alone is a rename too.
      await categories.rename({ userId, categoryId: writing.id, name: 'ESSAYS' });
      expect((await categories.list({ userId })).map((category) => category.name)).toEqual([
        'General',
        'ESSAYS',
        'Code',
      ]);
      expect((await prompts.get({ userId, promptId: prompt.id })).categoryId).toBe(writing.id);

      await expect(categories.rename({ userId, categoryId: writing.id, name: 'code' })).rejects.toMatchObject(
        {
          error: { code: 'CATEGORY_NAME_TAKEN', rules: { name: 'taken' } },
        },
      );
      await expect(
        categories.rename({ userId, categoryId: writing.id, name: 'general' }),
      ).rejects.toMatchObject({
        error: { code: 'CATEGORY_NAME_TAKEN' },
      });
      await expect(categories.rename({ userId, categoryId: writing.id, name: ' x ' })).rejects.toMatchObject({
        error: { code: 'VALIDATION_FAILED', rules: { name: 'tooShort' } },
      });
      expect((await categories.list({ userId }))[1].name).toBe('ESSAYS');
    });

    it('stops at the abuse quota with a sentence naming it', async () => {
      const capped = libraryRules(library, { ...testLibraryConfig, PRO_MAX_CATEGORIES: 2 }).categories;
      await capped.create({ userId, name: 'Second' });
      await expect(capped.create({ userId, name: 'Third' })).rejects.toMatchObject({
        error: { code: 'CATEGORY_LIMIT_REACHED', message: libraryMessages.proCategoryQuota(2) },
      });
    });

    it('deletes a category with its prompts in one go and announces it once', async () => {
      const category = await categories.create({ userId, name: 'Doomed' });
      const inside = [
        await prompts.create({ userId, title: 'First', content: 'First inside', categoryId: category.id }),
        await prompts.create({ userId, title: 'Second', content: 'Second inside', categoryId: category.id }),
      ];
      const outside = await prompts.create({
        userId,
        title: 'Third',
        content: 'In General',
        categoryId: null,
      });

      expect(await categories.delete({ userId, categoryId: category.id })).toEqual({
        categoryId: category.id,
        deletedPromptIds: inside.map((prompt) => prompt.id),
      });
      expect(await prompts.get({ userId, promptId: outside.id })).toMatchObject({ title: 'Third' });
      expect(await library.direct.prompts.count(userId)).toBe(1);
      expect(library.eventsOf(eventSubjects.categoryDeleted)).toEqual([
        { userId, categoryId: category.id, promptIds: inside.map((prompt) => prompt.id) },
      ]);
    });

    it('splits the announcement of a large deletion into events of bounded size', async () => {
      const category = await categories.create({ userId, name: 'Large' });
      const count = CATEGORY_DELETED_MAX_PROMPT_IDS + 1;
      await library.transaction((tx) =>
        tx.prompts.insertMany(
          userId,
          Array.from({ length: count }, (_, n) => ({
            title: `Prompt ${n}`,
            content: 'Some content',
            categoryId: category.id,
            isFavorite: false,
            usageCount: 0,
          })),
        ),
      );
      await categories.delete({ userId, categoryId: category.id });
      const announced = library.eventsOf(eventSubjects.categoryDeleted);
      expect(announced.map((event) => event.promptIds.length)).toEqual([CATEGORY_DELETED_MAX_PROMPT_IDS, 1]);
    });

    it('announces the deletion of an empty category with no prompt ids', async () => {
      const category = await categories.create({ userId, name: 'Empty' });
      await categories.delete({ userId, categoryId: category.id });
      expect(library.eventsOf(eventSubjects.categoryDeleted)).toEqual([
        { userId, categoryId: category.id, promptIds: [] },
      ]);
    });

    it('reorders the user’s own categories, refusing General, repeats and other users’ ids', async () => {
      const a = await categories.create({ userId, name: 'Alpha' });
      const b = await categories.create({ userId, name: 'Beta' });
      const general = await categories.ensureDefault({ userId });
      const reordered = await categories.reorder({
        userId,
        categoryPositions: [
          { id: a.id, position: 1 },
          { id: b.id, position: 0 },
        ],
      });
      expect(reordered.map((category) => category.name)).toEqual(['General', 'Beta', 'Alpha']);

      await expect(
        categories.reorder({ userId, categoryPositions: [{ id: general.id, position: 3 }] }),
      ).rejects.toMatchObject({
        error: { code: 'VALIDATION_FAILED', message: libraryMessages.generalNotReorderable },
      });
      await expect(
        categories.reorder({
          userId,
          categoryPositions: [
            { id: a.id, position: 0 },
            { id: a.id, position: 1 },
          ],
        }),
      ).rejects.toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
      const foreign = await categories.ensureDefault({ userId: 2 });
      await expect(
        categories.reorder({ userId, categoryPositions: [{ id: foreign.id, position: 0 }] }),
      ).rejects.toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect((await categories.list({ userId })).map((category) => category.name)).toEqual([
        'General',
        'Beta',
        'Alpha',
      ]);
    });
  });

  it('never deletes General, with SPEC’s explanation', async () => {
    const general = await categories.ensureDefault({ userId });
    await expect(categories.delete({ userId, categoryId: general.id })).rejects.toMatchObject({
      error: { code: 'GENERAL_CATEGORY_PROTECTED', message: libraryMessages.generalProtected },
    });
  });

  it('answers another user’s category as not found on delete', async () => {
    await setTier(library, 2, true);
    const foreign = await categories.create({ userId: 2, name: 'Theirs' });
    await expect(categories.delete({ userId, categoryId: foreign.id })).rejects.toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
    expect(await categories.list({ userId: 2 })).toHaveLength(2);
  });

  it('keeps General’s name, and answers another user’s category as not found on rename', async () => {
    const general = await categories.ensureDefault({ userId });
    await expect(categories.rename({ userId, categoryId: general.id, name: 'Inbox' })).rejects.toMatchObject({
      error: { code: 'GENERAL_CATEGORY_PROTECTED', message: libraryMessages.generalNotRenamable },
    });
    await setTier(library, 2, true);
    const foreign = await categories.create({ userId: 2, name: 'Theirs' });
    await expect(categories.rename({ userId, categoryId: foreign.id, name: 'Mine' })).rejects.toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
    expect((await categories.list({ userId: 2 }))[1].name).toBe('Theirs');
  });
});
