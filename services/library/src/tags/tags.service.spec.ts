import { beforeEach, describe, expect, it } from 'vitest';
import { eventSubjects, validationMessages } from '@promptlib/proto';
import {
  inMemoryLibrary,
  libraryRules,
  setTier,
  type InMemoryLibrary,
} from '../../test/fakes/in-memory-library';
import { PromptCardsService } from '../prompts/prompt-cards.service';
import { normalizeTags, renamedTags } from './tag-rules';

const userId = 1;
const otherUserId = 2;
const fields = (n: number, tags?: string[]) => ({
  title: `Prompt ${n}`,
  content: `Content of prompt ${n}`,
  categoryId: null,
  ...(tags ? { tags } : {}),
});

describe('tag rules', () => {
  it('trims tags, keeps the first of two spellings, and keeps their order', () => {
    expect(normalizeTags([' AI ', 'python', 'ai', 'Python ', 'Notes'])).toEqual({
      tags: ['AI', 'python', 'Notes'],
    });
  });

  it('refuses an empty tag, a long one, a comma, a control character, and a 21st tag', () => {
    const problem = (tags: string[]) => ('problems' in normalizeTags(tags) ? normalizeTags(tags) : null);
    expect(problem(['  '])).toEqual({
      problems: { tag: { rule: 'tooShort', message: validationMessages.tagMin } },
    });
    expect(problem(['x'.repeat(41)])).toEqual({
      problems: { tag: { rule: 'tooLong', message: validationMessages.tagMax } },
    });
    expect(problem(['a,b'])).toEqual({
      problems: { tag: { rule: 'invalid', message: validationMessages.tagComma } },
    });
    expect(problem(['bell\u0007'])).toMatchObject({ problems: { tag: { rule: 'controlCharacters' } } });
    expect(problem(Array.from({ length: 21 }, (_, n) => `t${n}`))).toEqual({
      problems: { tags: { rule: 'tooLong', message: validationMessages.tooManyTags } },
    });
    expect(problem(['x'.repeat(40), ...Array.from({ length: 19 }, (_, n) => `t${n}`)])).toBeNull();
  });

  it('renames a tag in its place and drops a second spelling a merge makes', () => {
    expect(renamedTags(['a', 'Old', 'b'], 'old', 'New')).toEqual(['a', 'New', 'b']);
    expect(renamedTags(['new', 'a', 'old'], 'old', 'New')).toEqual(['new', 'a']);
  });
});

describe('TagsService', () => {
  let library: InMemoryLibrary;
  let rules: ReturnType<typeof libraryRules>;

  beforeEach(() => {
    library = inMemoryLibrary();
    rules = libraryRules(library);
  });

  it('keeps the spelling a tag was first used in, whatever case later uses give', async () => {
    const first = await rules.prompts.create({ userId, ...fields(1, ['AI', 'Python']) });
    const second = await rules.prompts.create({ userId, ...fields(2, ['ai', 'notes']) });
    const other = await rules.prompts.create({ userId: otherUserId, ...fields(3, ['ai']) });
    expect(first.tags).toEqual(['AI', 'Python']);
    expect(second.tags).toEqual(['AI', 'notes']);
    expect(other.tags).toEqual(['ai']);
    expect(await rules.tags.list({ userId })).toEqual([
      { name: 'AI', count: 2 },
      { name: 'notes', count: 1 },
      { name: 'Python', count: 1 },
    ]);
  });

  it('keeps a prompt’s tags on an edit without them, and makes no version or text event of tags alone', async () => {
    const prompt = await rules.prompts.create({ userId, ...fields(1, ['AI']) });
    expect((await rules.prompts.update({ userId, promptId: prompt.id, ...fields(1) })).tags).toEqual(['AI']);
    const events = library.eventsOf(eventSubjects.promptUpdated).length;
    const retagged = await rules.prompts.update({ userId, promptId: prompt.id, ...fields(1, ['ML', 'ai']) });
    expect(retagged.tags).toEqual(['ML', 'AI']);
    expect(library.eventsOf(eventSubjects.promptUpdated)).toHaveLength(events);
    expect(library.eventsOf(eventSubjects.promptMarked)).toEqual([
      { userId, promptId: prompt.id, isFavorite: 0, tags: ['ML', 'AI'] },
    ]);
    expect((await rules.versions.list({ userId, promptId: prompt.id })).versions).toHaveLength(1);
  });

  it('refuses a prompt whose tags break a rule, saving nothing', async () => {
    await expect(rules.prompts.create({ userId, ...fields(1, ['a,b']) })).rejects.toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { tag: validationMessages.tagComma } },
    });
    expect(await library.direct.prompts.count(userId)).toBe(0);
  });

  it('renames a tag on every prompt, the deleted ones waiting for an Undo too, and merges into one the user has', async () => {
    const a = await rules.prompts.create({ userId, ...fields(1, ['draft', 'AI']) });
    const b = await rules.prompts.create({ userId, ...fields(2, ['Draft']) });
    const gone = await rules.prompts.create({ userId, ...fields(3, ['draft']) });
    await rules.prompts.delete({ userId, promptId: gone.id });
    const untouched = await rules.prompts.create({ userId: otherUserId, ...fields(4, ['draft']) });

    expect(await rules.tags.rename({ userId, name: 'DRAFT', newName: ' Work in progress ' })).toEqual({
      name: 'Work in progress',
      prompts: 2,
    });
    expect((await rules.prompts.get({ userId, promptId: a.id })).tags).toEqual(['Work in progress', 'AI']);
    expect((await rules.prompts.get({ userId, promptId: b.id })).tags).toEqual(['Work in progress']);
    await rules.batches.restore({ userId, promptIds: [gone.id] });
    expect((await rules.prompts.get({ userId, promptId: gone.id })).tags).toEqual(['Work in progress']);
    expect((await rules.prompts.get({ userId: otherUserId, promptId: untouched.id })).tags).toEqual([
      'draft',
    ]);

    expect(await rules.tags.rename({ userId, name: 'work in progress', newName: 'ai' })).toEqual({
      name: 'AI',
      prompts: 3,
    });
    expect((await rules.prompts.get({ userId, promptId: a.id })).tags).toEqual(['AI']);
    expect(await rules.tags.list({ userId })).toEqual([{ name: 'AI', count: 3 }]);
    // Each change is announced once, by the spelling it changed, to the user's other devices.
    expect(library.eventsOf(eventSubjects.tagChanged)).toEqual([
      { userId, name: 'draft', newName: 'Work in progress' },
      { userId, name: 'Work in progress', newName: 'AI' },
    ]);
    // The tag merged away is gone: its name used again makes a new tag.
    expect((await rules.prompts.create({ userId, ...fields(5, ['work in progress']) })).tags).toEqual([
      'work in progress',
    ]);
  });

  it('changes the case of a tag’s spelling by a rename to the same tag', async () => {
    await rules.prompts.create({ userId, ...fields(1, ['ai']) });
    expect(await rules.tags.rename({ userId, name: 'ai', newName: 'AI' })).toEqual({
      name: 'AI',
      prompts: 1,
    });
    expect(await rules.tags.list({ userId })).toEqual([{ name: 'AI', count: 1 }]);
  });

  it('deletes a tag from every prompt; another user’s tag, or none, is not found', async () => {
    const prompt = await rules.prompts.create({ userId, ...fields(1, ['old', 'keep']) });
    await rules.prompts.create({ userId: otherUserId, ...fields(2, ['secret']) });
    expect(await rules.tags.delete({ userId, name: 'OLD' })).toEqual({ name: null, prompts: 1 });
    expect((await rules.prompts.get({ userId, promptId: prompt.id })).tags).toEqual(['keep']);
    expect(library.eventsOf(eventSubjects.tagChanged)).toEqual([{ userId, name: 'old', newName: null }]);
    for (const request of [
      rules.tags.delete({ userId, name: 'secret' }),
      rules.tags.rename({ userId, name: 'secret', newName: 'mine' }),
      rules.tags.delete({ userId, name: 'old' }),
    ]) {
      await expect(request).rejects.toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    await expect(rules.tags.rename({ userId, name: 'keep', newName: 'a,b' })).rejects.toMatchObject({
      error: { code: 'VALIDATION_FAILED' },
    });
  });

  it('lists the cards of a tag whatever its case, with the category and the search', async () => {
    await setTier(library, userId, true);
    const work = await rules.categories.create({ userId, name: 'Work' });
    const tagged = await rules.prompts.create({ userId, ...fields(1, ['AI']), categoryId: work.id });
    await rules.prompts.create({ userId, ...fields(2, ['AI']) });
    await rules.prompts.create({ userId, ...fields(3, ['Other']) });
    await rules.prompts.create({ userId: otherUserId, ...fields(4, ['AI']) });
    const cards = new PromptCardsService(library);
    const page = (change: { tag: string | null; categoryId?: number; search?: string }) =>
      cards.page({
        userId,
        filter: change.categoryId ? 'category' : 'all',
        categoryId: change.categoryId ?? null,
        tag: change.tag,
        search: change.search ?? '',
        sort: 'recent',
        cursor: null,
        limit: 20,
      });
    expect((await page({ tag: 'ai' })).cards.map((card) => card.title)).toEqual(['Prompt 2', 'Prompt 1']);
    expect((await page({ tag: 'ai', categoryId: work.id })).cards.map((card) => card.id)).toEqual([
      tagged.id,
    ]);
    expect((await page({ tag: 'nothing' })).cards).toEqual([]);
    expect((await page({ tag: null, search: 'othe' })).cards.map((card) => card.title)).toEqual(['Prompt 3']);
  });
});
