import { beforeEach, describe, expect, it } from 'vitest';
import { eventSubjects, libraryMessages } from '@promptlib/proto';
import {
  inMemoryLibrary,
  libraryRules,
  setTier,
  testLibraryConfig,
  type InMemoryLibrary,
} from '../../test/fakes/in-memory-library';

const userId = 1;
const otherUserId = 2;
const fields = (n: number) => ({ title: `Prompt ${n}`, content: `Content of prompt ${n}`, categoryId: null });

describe('VersionsService', () => {
  let library: InMemoryLibrary;
  let rules: ReturnType<typeof libraryRules>;

  beforeEach(() => {
    library = inMemoryLibrary();
    rules = libraryRules(library);
  });

  const versionsOf = async (promptId: number, user = userId) =>
    (await rules.versions.list({ userId: user, promptId })).versions;

  it('keeps a version of the create and of each change of title, content or category, newest first', async () => {
    await setTier(library, userId, true);
    const work = await rules.categories.create({ userId, name: 'Work' });
    const prompt = await rules.prompts.create({ userId, ...fields(1) });
    await rules.prompts.update({ userId, promptId: prompt.id, ...fields(2) });
    await rules.prompts.update({ userId, promptId: prompt.id, ...fields(2), categoryId: work.id });
    await rules.batches.move({ userId, promptIds: [prompt.id], categoryId: null });

    const versions = await versionsOf(prompt.id);
    expect(versions.map((version) => [version.version, version.title, version.source])).toEqual([
      [4, 'Prompt 2', 'app'],
      [3, 'Prompt 2', 'app'],
      [2, 'Prompt 2', 'app'],
      [1, 'Prompt 1', 'app'],
    ]);
    expect(versions[1]!.categoryId).toBe(work.id);
  });

  it('makes no version of a copy, a favourite mark or a save that changes nothing', async () => {
    const prompt = await rules.prompts.create({ userId, ...fields(1) });
    await rules.prompts.copy({ userId, promptId: prompt.id });
    await rules.prompts.toggleFavorite({ userId, promptId: prompt.id });
    await rules.prompts.update({ userId, promptId: prompt.id, ...fields(1) });
    expect(await versionsOf(prompt.id)).toHaveLength(1);
  });

  it('restores an old version as a new one, announced as an edit, never rewriting history', async () => {
    const prompt = await rules.prompts.create({ userId, ...fields(1) });
    await rules.prompts.update({ userId, promptId: prompt.id, ...fields(2) });
    const events = library.eventsOf(eventSubjects.promptUpdated).length;

    const restored = await rules.versions.restore({ userId, promptId: prompt.id, version: 1 });

    expect(restored).toMatchObject({ id: prompt.id, title: 'Prompt 1', content: 'Content of prompt 1' });
    const versions = await versionsOf(prompt.id);
    expect(versions.map((version) => [version.version, version.title, version.source])).toEqual([
      [3, 'Prompt 1', 'restore'],
      [2, 'Prompt 2', 'app'],
      [1, 'Prompt 1', 'app'],
    ]);
    const announced = library.eventsOf(eventSubjects.promptUpdated);
    expect(announced).toHaveLength(events + 1);
    expect(announced.at(-1)).toMatchObject({ promptId: prompt.id, title: 'Prompt 1' });
  });

  it('changes nothing when the version restored is the text the prompt has', async () => {
    const prompt = await rules.prompts.create({ userId, ...fields(1) });
    const events = library.eventsOf(eventSubjects.promptUpdated).length;
    await rules.versions.restore({ userId, promptId: prompt.id, version: 1 });
    expect(await versionsOf(prompt.id)).toHaveLength(1);
    expect(library.eventsOf(eventSubjects.promptUpdated)).toHaveLength(events);
  });

  it('leaves the prompt in its category when the version’s category is gone', async () => {
    await setTier(library, userId, true);
    const old = await rules.categories.create({ userId, name: 'Old' });
    const kept = await rules.categories.create({ userId, name: 'Kept' });
    const prompt = await rules.prompts.create({ userId, ...fields(1), categoryId: old.id });
    await rules.prompts.update({ userId, promptId: prompt.id, ...fields(2), categoryId: kept.id });
    await rules.categories.delete({ userId, categoryId: old.id });

    expect((await versionsOf(prompt.id))[1]!.categoryId).toBeNull();
    const restored = await rules.versions.restore({ userId, promptId: prompt.id, version: 1 });
    expect(restored).toMatchObject({ title: 'Prompt 1', categoryId: kept.id });
  });

  it('keeps the free plan’s newest versions and prunes the oldest', async () => {
    const prompt = await rules.prompts.create({ userId, ...fields(0) });
    for (let n = 1; n <= 24; n += 1)
      await rules.prompts.update({ userId, promptId: prompt.id, ...fields(n) });
    const versions = await versionsOf(prompt.id);
    expect(versions).toHaveLength(testLibraryConfig.FREE_VERSIONS_KEPT);
    expect(versions.map((version) => version.version)).toEqual(
      Array.from({ length: 20 }, (_, index) => 25 - index),
    );
    expect(await rules.tiers.limits({ userId })).toMatchObject({ versionsKept: 20 });
  });

  it('keeps the Pro plan’s number of versions', async () => {
    rules = libraryRules(library, { ...testLibraryConfig, PRO_VERSIONS_KEPT: 30 });
    await setTier(library, userId, true);
    const prompt = await rules.prompts.create({ userId, ...fields(0) });
    for (let n = 1; n <= 34; n += 1)
      await rules.prompts.update({ userId, promptId: prompt.id, ...fields(n) });
    const versions = await versionsOf(prompt.id);
    expect(versions).toHaveLength(30);
    expect(versions.at(-1)!.version).toBe(6);
    expect(await rules.tiers.limits({ userId })).toMatchObject({ versionsKept: 30 });
  });

  it('pages a history heavier than one reply, each page newest first below the last', async () => {
    rules = libraryRules(library, { ...testLibraryConfig, PRO_VERSIONS_KEPT: 40 });
    await setTier(library, userId, true);
    const long = (n: number) => ({ ...fields(n), content: `${n} `.padEnd(20_000, 'x') });
    const prompt = await rules.prompts.create({ userId, ...long(0) });
    for (let n = 1; n < 30; n += 1) await rules.prompts.update({ userId, promptId: prompt.id, ...long(n) });

    const first = await rules.versions.list({ userId, promptId: prompt.id });
    expect(first.versions.length).toBeLessThan(30);
    expect(first.nextBefore).toBe(first.versions.at(-1)!.version);
    const second = await rules.versions.list({ userId, promptId: prompt.id, before: first.nextBefore });
    expect(second.nextBefore).toBeNull();
    expect([...first.versions, ...second.versions].map((version) => version.version)).toEqual(
      Array.from({ length: 30 }, (_, index) => 30 - index),
    );
  });

  it('answers 404 for another user’s prompt, its versions, and a version that does not exist', async () => {
    const prompt = await rules.prompts.create({ userId, ...fields(1) });
    const promptNotFound = { error: { code: 'NOT_FOUND', message: libraryMessages.promptNotFound } };
    await expect(rules.versions.list({ userId: otherUserId, promptId: prompt.id })).rejects.toMatchObject(
      promptNotFound,
    );
    await expect(
      rules.versions.get({ userId: otherUserId, promptId: prompt.id, version: 1 }),
    ).rejects.toMatchObject(promptNotFound);
    await expect(
      rules.versions.restore({ userId: otherUserId, promptId: prompt.id, version: 1 }),
    ).rejects.toMatchObject(promptNotFound);
    await expect(rules.versions.get({ userId, promptId: prompt.id, version: 2 })).rejects.toMatchObject({
      error: { code: 'NOT_FOUND', message: libraryMessages.versionNotFound },
    });
    await expect(rules.versions.get({ userId, promptId: prompt.id, version: 1 })).resolves.toMatchObject({
      version: 1,
      title: 'Prompt 1',
    });
  });

  it('hides a deleted prompt’s history, gives it back with an Undo, and drops it when the deletion is final', async () => {
    const prompt = await rules.prompts.create({ userId, ...fields(1) });
    await rules.prompts.update({ userId, promptId: prompt.id, ...fields(2) });
    await rules.prompts.delete({ userId, promptId: prompt.id });
    await expect(rules.versions.list({ userId, promptId: prompt.id })).rejects.toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
    expect((await rules.versions.history({ userId })).versions).toEqual([]);

    await rules.batches.restore({ userId, promptIds: [prompt.id] });
    expect(await versionsOf(prompt.id)).toHaveLength(2);

    await rules.prompts.delete({ userId, promptId: prompt.id });
    await library.direct.prompts.purgeDeleted(0, 100);
    expect(library.tables.versions).toEqual([]);
  });

  it('deletes the history of a category’s prompts with the category', async () => {
    await setTier(library, userId, true);
    const work = await rules.categories.create({ userId, name: 'Work' });
    await rules.prompts.create({ userId, ...fields(1), categoryId: work.id });
    const elsewhere = await rules.prompts.create({ userId, ...fields(2) });
    await rules.categories.delete({ userId, categoryId: work.id });
    expect(library.tables.versions.map((version) => version.promptId)).toEqual([elsewhere.id]);
  });

  it('reads the history of every prompt a page at a time, by prompt and number', async () => {
    const first = await rules.prompts.create({ userId, ...fields(1) });
    await rules.prompts.update({ userId, promptId: first.id, ...fields(2) });
    const second = await rules.prompts.create({ userId, ...fields(3) });
    await rules.prompts.create({ userId: otherUserId, ...fields(4) });

    const page = await rules.versions.history({ userId });
    expect(page.versions.map((version) => [version.promptId, version.version])).toEqual([
      [first.id, 1],
      [first.id, 2],
      [second.id, 1],
    ]);
    expect(page.next).toBeNull();
    const after = await rules.versions.history({ userId, after: { promptId: first.id, version: 2 } });
    expect(after.versions.map((version) => version.promptId)).toEqual([second.id]);
  });
});
