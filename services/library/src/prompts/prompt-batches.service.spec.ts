import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventSubjects, libraryMessages } from '@promptlib/proto';
import {
  inMemoryLibrary,
  libraryRules,
  setTier,
  testLibraryConfig,
  type InMemoryLibrary,
} from '../../test/fakes/in-memory-library';
import { DeletedPromptsPurge } from './deleted-prompts-purge';

const userId = 1;
const otherUserId = 2;
const fields = (n = 1) => ({ title: `Prompt ${n}`, content: `Content of prompt ${n}`, categoryId: null });
const notFound = { error: { code: 'NOT_FOUND', message: libraryMessages.promptNotFound } };
const window = testLibraryConfig.DELETED_PROMPT_RESTORE_SECONDS;

describe('PromptBatchesService', () => {
  let library: InMemoryLibrary;
  let rules: ReturnType<typeof libraryRules>;

  beforeEach(() => {
    library = inMemoryLibrary();
    rules = libraryRules(library);
  });

  async function createMany(count: number, owner = userId): Promise<number[]> {
    const ids: number[] = [];
    for (let n = 1; n <= count; n += 1)
      ids.push((await rules.prompts.create({ userId: owner, ...fields(n) })).id);
    return ids;
  }

  /** Moves the deletion of these prompts back in time, as if the restore window had passed. */
  function ageDeletion(promptIds: number[], seconds: number): void {
    for (const row of library.tables.deletedPrompts) {
      if (promptIds.includes(row.id)) row.deletedAt = new Date(row.deletedAt.getTime() - seconds * 1000);
    }
  }

  describe('delete and restore (the Undo of a deletion)', () => {
    it('takes the prompts out of every list and count at once, and brings them back whole, with their ids', async () => {
      const [first, second, kept] = await createMany(3);
      await rules.prompts.copy({ userId, promptId: first });
      await rules.prompts.toggleFavorite({ userId, promptId: first });
      const before = await rules.prompts.get({ userId, promptId: first });

      await expect(rules.batches.delete({ userId, promptIds: [second, first] })).resolves.toEqual({
        promptIds: [first, second],
      });
      expect(await library.direct.prompts.count(userId)).toBe(1);
      await expect(rules.prompts.get({ userId, promptId: first })).rejects.toMatchObject(notFound);
      await expect(rules.prompts.update({ userId, promptId: first, ...fields() })).rejects.toMatchObject(
        notFound,
      );

      await expect(rules.batches.restore({ userId, promptIds: [first, second] })).resolves.toEqual({
        promptIds: [first, second],
      });
      expect(await rules.prompts.get({ userId, promptId: first })).toEqual(before);
      expect(await library.direct.prompts.count(userId)).toBe(3);
      expect(await rules.prompts.get({ userId, promptId: kept })).toMatchObject({ title: 'Prompt 3' });
    });

    it('announces the deletion above every change before it and the restore above the deletion', async () => {
      const [promptId] = await createMany(1);
      await rules.prompts.update({ userId, promptId, ...fields(), title: 'Renamed' });
      await rules.prompts.delete({ userId, promptId });
      await rules.batches.restore({ userId, promptIds: [promptId] });
      expect(library.eventsOf(eventSubjects.promptDeleted)).toEqual([{ userId, promptId, version: 3 }]);
      expect(library.eventsOf(eventSubjects.promptUpdated).at(-1)).toMatchObject({
        promptId,
        title: 'Renamed',
        version: 4,
      });
    });

    it('restores a prompt deleted on its own too, and only once', async () => {
      const [promptId] = await createMany(1);
      await rules.prompts.delete({ userId, promptId });
      await rules.batches.restore({ userId, promptIds: [promptId] });
      await expect(rules.batches.restore({ userId, promptIds: [promptId] })).rejects.toMatchObject(notFound);
      expect(await library.direct.prompts.count(userId)).toBe(1);
    });

    it('refuses a restore once the window has closed, and the purge then ends the wait for good', async () => {
      const [late, recent] = await createMany(2);
      await rules.batches.delete({ userId, promptIds: [late, recent] });
      ageDeletion([late], window + 1);
      await expect(rules.batches.restore({ userId, promptIds: [late] })).rejects.toMatchObject(notFound);

      const purge = new DeletedPromptsPurge(library, testLibraryConfig, { error: vi.fn() } as never);
      await purge.pass();
      expect(library.tables.deletedPrompts.map((row) => row.id)).toEqual([recent]);
      await expect(rules.batches.restore({ userId, promptIds: [late, recent] })).resolves.toEqual({
        promptIds: [recent],
      });
    });

    it('lets a free user at the limit delete and create again, and refuses a restore that would pass the limit whole', async () => {
      const ids = await createMany(5);
      await rules.batches.delete({ userId, promptIds: ids.slice(0, 2) });
      const created = await rules.prompts.create({ userId, ...fields(6) });
      await expect(rules.batches.restore({ userId, promptIds: ids.slice(0, 2) })).rejects.toMatchObject({
        error: { code: 'PROMPT_LIMIT_REACHED', message: libraryMessages.freePromptLimit(5) },
      });
      expect(await library.direct.prompts.count(userId)).toBe(4);
      await rules.prompts.delete({ userId, promptId: created.id });
      await expect(rules.batches.restore({ userId, promptIds: ids.slice(0, 2) })).resolves.toEqual({
        promptIds: ids.slice(0, 2),
      });
      expect(await library.direct.prompts.count(userId)).toBe(5);
    });

    it('answers another user’s prompts as not found, deleting and restoring nothing of theirs', async () => {
      const [theirs] = await createMany(1, otherUserId);
      const [mine] = await createMany(1);
      await expect(rules.batches.delete({ userId, promptIds: [theirs] })).rejects.toMatchObject(notFound);
      await expect(rules.batches.delete({ userId, promptIds: [theirs, mine] })).resolves.toEqual({
        promptIds: [mine],
      });
      await rules.batches.delete({ userId: otherUserId, promptIds: [theirs] });
      await expect(rules.batches.restore({ userId, promptIds: [theirs] })).rejects.toMatchObject(notFound);
      await expect(rules.batches.restore({ userId: otherUserId, promptIds: [theirs] })).resolves.toEqual({
        promptIds: [theirs],
      });
    });

    it('takes a category’s waiting prompts with it for good, announced in its final event', async () => {
      await setTier(library, userId, true);
      const category = await rules.categories.create({ userId, name: 'Writing' });
      const waiting = await rules.prompts.create({ userId, ...fields(), categoryId: category.id });
      const live = await rules.prompts.create({ userId, ...fields(2), categoryId: category.id });
      await rules.prompts.delete({ userId, promptId: waiting.id });
      await expect(rules.categories.delete({ userId, categoryId: category.id })).resolves.toMatchObject({
        deletedPromptIds: [waiting.id, live.id],
      });
      expect(library.eventsOf(eventSubjects.categoryDeleted)).toEqual([
        { userId, categoryId: category.id, promptIds: [waiting.id, live.id] },
      ]);
      await expect(rules.batches.restore({ userId, promptIds: [waiting.id] })).rejects.toMatchObject(
        notFound,
      );
    });
  });

  describe('move', () => {
    beforeEach(() => setTier(library, userId, true));

    it('moves the user’s prompts to the category, announcing only those that changed', async () => {
      const writing = await rules.categories.create({ userId, name: 'Writing' });
      const [first, second] = await createMany(2);
      await rules.batches.move({ userId, promptIds: [first], categoryId: writing.id });
      const announced = library.eventsOf(eventSubjects.promptUpdated).length;

      await expect(
        rules.batches.move({ userId, promptIds: [first, second], categoryId: writing.id }),
      ).resolves.toEqual({ promptIds: [first, second] });
      expect(library.eventsOf(eventSubjects.promptUpdated).slice(announced)).toEqual([
        expect.objectContaining({ promptId: second, categoryId: writing.id, version: 2 }),
      ]);
      expect(await rules.prompts.get({ userId, promptId: second })).toMatchObject({ categoryId: writing.id });
    });

    it('moves to General for no category, on any tier', async () => {
      const writing = await rules.categories.create({ userId, name: 'Writing' });
      const prompt = await rules.prompts.create({ userId, ...fields(), categoryId: writing.id });
      await setTier(library, userId, false);
      const general = await rules.categories.ensureDefault({ userId });
      await rules.batches.move({ userId, promptIds: [prompt.id], categoryId: null });
      expect(await rules.prompts.get({ userId, promptId: prompt.id })).toMatchObject({
        categoryId: general.id,
      });
    });

    it('refuses another user’s category and moves none of another user’s prompts', async () => {
      const [theirs] = await createMany(1, otherUserId);
      const [mine] = await createMany(1);
      const foreign = await rules.categories.ensureDefault({ userId: otherUserId });
      await expect(
        rules.batches.move({ userId, promptIds: [mine], categoryId: foreign.id }),
      ).rejects.toMatchObject({ error: { code: 'NOT_FOUND' } });
      const writing = await rules.categories.create({ userId, name: 'Writing' });
      await expect(
        rules.batches.move({ userId, promptIds: [theirs], categoryId: writing.id }),
      ).rejects.toMatchObject(notFound);
      expect(await rules.prompts.get({ userId: otherUserId, promptId: theirs })).toMatchObject({
        categoryId: foreign.id,
      });
    });
  });
});
