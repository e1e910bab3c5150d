import { beforeEach, describe, expect, it } from 'vitest';
import { eventSubjects, libraryMessages, type Prompt } from '@promptlib/proto';
import {
  inMemoryLibrary,
  libraryRules,
  setTier,
  testLibraryConfig,
  type InMemoryLibrary,
} from '../../test/fakes/in-memory-library';

const userId = 1;
const otherUserId = 2;
const fields = (n = 1) => ({ title: `Prompt ${n}`, content: `Content of prompt ${n}`, categoryId: null });

describe('PromptsService', () => {
  let library: InMemoryLibrary;
  let rules: ReturnType<typeof libraryRules>;

  beforeEach(() => {
    library = inMemoryLibrary();
    rules = libraryRules(library);
  });

  describe('on the free plan', () => {
    it('refuses a 6th prompt for a free user, saving and announcing nothing', async () => {
      for (let n = 1; n <= 5; n += 1) await rules.prompts.create({ userId, ...fields(n) });
      await expect(rules.prompts.create({ userId, ...fields(6) })).rejects.toMatchObject({
        error: { code: 'PROMPT_LIMIT_REACHED', message: libraryMessages.freePromptLimit(5) },
      });
      expect(await library.direct.prompts.count(userId)).toBe(5);
      expect(library.eventsOf(eventSubjects.promptUpdated)).toHaveLength(5);
    });

    it('puts a free user’s prompt in General whatever category is asked for', async () => {
      const owner = await rules.categories.ensureDefault({ userId: otherUserId });
      const general = await rules.categories.ensureDefault({ userId });
      const prompt = await rules.prompts.create({ userId, ...fields(), categoryId: owner.id });
      expect(prompt.categoryId).toBe(general.id);
    });

    it('counts each user’s prompts on their own', async () => {
      for (let n = 1; n <= 5; n += 1) await rules.prompts.create({ userId: otherUserId, ...fields(n) });
      await expect(rules.prompts.create({ userId, ...fields() })).resolves.toMatchObject({
        title: 'Prompt 1',
      });
    });
  });

  describe('on the Pro plan', () => {
    beforeEach(() => setTier(library, userId, true));

    it('files a Pro user’s prompt in the chosen category, and refuses another user’s category', async () => {
      const category = await rules.categories.create({ userId, name: 'Writing' });
      const prompt = await rules.prompts.create({ userId, ...fields(), categoryId: category.id });
      expect(prompt.categoryId).toBe(category.id);

      const foreign = await rules.categories.ensureDefault({ userId: otherUserId });
      await expect(
        rules.prompts.create({ userId, ...fields(), categoryId: foreign.id }),
      ).rejects.toMatchObject({
        error: { code: 'NOT_FOUND', fields: { categoryId: libraryMessages.categoryNotFound } },
      });
      expect(await library.direct.prompts.count(userId)).toBe(1);
    });

    it('lets a Pro user past 5 prompts, up to the abuse quota', async () => {
      const { prompts } = libraryRules(library, { ...testLibraryConfig, PRO_MAX_PROMPTS: 7 });
      for (let n = 1; n <= 7; n += 1) await prompts.create({ userId, ...fields(n) });
      await expect(prompts.create({ userId, ...fields(8) })).rejects.toMatchObject({
        error: { code: 'PROMPT_LIMIT_REACHED', message: libraryMessages.proPromptQuota(7) },
      });
    });

    it('goes back to free limits when Pro ends, keeping every prompt editable and deletable', async () => {
      const category = await rules.categories.create({ userId, name: 'Kept' });
      const created: Prompt[] = [];
      for (let n = 1; n <= 7; n += 1) {
        created.push(await rules.prompts.create({ userId, ...fields(n), categoryId: category.id }));
      }
      await setTier(library, userId, false);

      expect(await rules.tiers.limits({ userId })).toEqual({
        isPro: false,
        prompts: { used: 7, limit: 5, canCreate: false },
        categories: { used: 2, limit: 1, canCreate: false },
        versionsKept: 20,
        subscription: { isCancelled: false, endsAt: null },
      });
      const general = await rules.categories.ensureDefault({ userId });
      const moveTo = (categoryId: number) =>
        rules.prompts.update({ userId, promptId: created[0].id, ...fields(1), categoryId });
      expect((await moveTo(general.id)).categoryId).toBe(general.id);
      expect((await moveTo(category.id)).categoryId).toBe(category.id);
      await expect(rules.prompts.create({ userId, ...fields(8) })).rejects.toMatchObject({
        error: { code: 'PROMPT_LIMIT_REACHED' },
      });
      await expect(rules.prompts.delete({ userId, promptId: created[1].id })).resolves.toEqual({
        success: true,
      });
    });
  });

  describe('events', () => {
    it('announces a creation and each real change with a growing version, and an edit of nothing not at all', async () => {
      const prompt = await rules.prompts.create({ userId, ...fields() });
      await rules.prompts.update({ userId, promptId: prompt.id, ...fields(), title: 'Renamed' });
      await rules.prompts.update({ userId, promptId: prompt.id, ...fields(), title: 'Renamed' });
      expect(library.eventsOf(eventSubjects.promptUpdated)).toEqual([
        expect.objectContaining({ promptId: prompt.id, title: 'Prompt 1', version: 1 }),
        expect.objectContaining({ promptId: prompt.id, title: 'Renamed', version: 2 }),
      ]);
    });

    it('announces no change of text for a copy or a favourite, and each star as the prompt’s marks', async () => {
      const prompt = await rules.prompts.create({ userId, ...fields(), tags: ['draft'] });
      expect(await rules.prompts.copy({ userId, promptId: prompt.id })).toEqual({ usageCount: 1 });
      expect(await rules.prompts.copy({ userId, promptId: prompt.id })).toEqual({ usageCount: 2 });
      expect(await rules.prompts.toggleFavorite({ userId, promptId: prompt.id })).toMatchObject({
        isFavorite: 1,
      });
      expect(await rules.prompts.toggleFavorite({ userId, promptId: prompt.id })).toMatchObject({
        isFavorite: 0,
      });
      expect(library.eventsOf(eventSubjects.promptUpdated)).toHaveLength(1);
      expect(library.eventsOf(eventSubjects.promptMarked)).toEqual([
        { userId, promptId: prompt.id, isFavorite: 1, tags: ['draft'] },
        { userId, promptId: prompt.id, isFavorite: 0, tags: ['draft'] },
      ]);
      expect(library.events).toHaveLength(3);
    });

    it('announces tags changed alone as marks, with no version', async () => {
      const prompt = await rules.prompts.create({ userId, ...fields() });
      await rules.prompts.update({ userId, promptId: prompt.id, ...fields(), tags: ['a', 'b'] });
      expect(library.eventsOf(eventSubjects.promptUpdated)).toHaveLength(1);
      expect(library.eventsOf(eventSubjects.promptMarked)).toEqual([
        { userId, promptId: prompt.id, isFavorite: 0, tags: ['a', 'b'] },
      ]);
    });

    it('announces a deletion with a version above every update before it', async () => {
      const prompt = await rules.prompts.create({ userId, ...fields() });
      await rules.prompts.update({ userId, promptId: prompt.id, ...fields(), content: 'A changed content' });
      await rules.prompts.delete({ userId, promptId: prompt.id });
      expect(library.eventsOf(eventSubjects.promptDeleted)).toEqual([
        { userId, promptId: prompt.id, version: 3 },
      ]);
    });
  });

  describe('ownership and input', () => {
    it('answers another user’s prompt as not found on every call, changing nothing', async () => {
      const prompt = await rules.prompts.create({ userId: otherUserId, ...fields() });
      const notFound = { error: { code: 'NOT_FOUND', message: libraryMessages.promptNotFound } };
      const target = { userId, promptId: prompt.id };
      await expect(rules.prompts.get(target)).rejects.toMatchObject(notFound);
      await expect(
        rules.prompts.update({ ...target, ...fields(), title: 'Taken over' }),
      ).rejects.toMatchObject(notFound);
      await expect(rules.prompts.delete(target)).rejects.toMatchObject(notFound);
      await expect(rules.prompts.copy(target)).rejects.toMatchObject(notFound);
      await expect(rules.prompts.toggleFavorite(target)).rejects.toMatchObject(notFound);
      expect(await rules.prompts.get({ userId: otherUserId, promptId: prompt.id })).toMatchObject({
        title: 'Prompt 1',
        usageCount: 0,
        isFavorite: 0,
      });
    });

    it('refuses a title or content outside the rules, naming the field', async () => {
      await expect(
        rules.prompts.create({ userId, title: 'ab', content: 'Long enough', categoryId: null }),
      ).rejects.toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          fields: { title: 'Title must be at least 3 characters long' },
          rules: { title: 'tooShort' },
        },
      });
      expect(library.events).toHaveLength(0);
    });

    it('trims the title and keeps the content exactly as typed', async () => {
      const prompt = await rules.prompts.create({
        userId,
        title: '  Spaced  ',
        content: '  def f():\n    return 1',
        categoryId: null,
      });
      expect(prompt).toMatchObject({ title: 'Spaced', content: '  def f():\n    return 1' });
    });
  });

  it('answers pages newest first with a cursor to the next', async () => {
    for (let n = 1; n <= 3; n += 1) await rules.prompts.create({ userId, ...fields(n) });
    const page = await rules.prompts.page({ userId, before: null });
    expect(page.count).toBe(3);
    expect(JSON.parse(page.promptsJson.toString()).map((prompt: { title: string }) => prompt.title)).toEqual([
      'Prompt 3',
      'Prompt 2',
      'Prompt 1',
    ]);
    expect(page.nextBefore).toBeNull();
  });
});
