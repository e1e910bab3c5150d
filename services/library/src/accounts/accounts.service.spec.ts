import { beforeEach, describe, expect, it } from 'vitest';
import {
  inMemoryLibrary,
  libraryRules,
  setTier,
  type InMemoryLibrary,
} from '../../test/fakes/in-memory-library';
import { AccountsService } from './accounts.service';

const userId = 1;
const otherUserId = 2;
const fields = (n: number) => ({ title: `Prompt ${n}`, content: `Content ${n}`, categoryId: null });

describe('AccountsService', () => {
  let library: InMemoryLibrary;
  let rules: ReturnType<typeof libraryRules>;
  let accounts: AccountsService;

  beforeEach(() => {
    library = inMemoryLibrary();
    rules = libraryRules(library);
    accounts = new AccountsService(library, { info: () => undefined });
  });

  /** A user with everything the library can hold: Pro, two categories, tagged and edited prompts, a deleted one. */
  async function fullLibrary(id: number): Promise<void> {
    await setTier(library, id, true);
    await rules.categories.ensureDefault({ userId: id });
    const writing = await rules.categories.create({ userId: id, name: 'Writing' });
    const first = await rules.prompts.create({
      userId: id,
      ...fields(1),
      categoryId: writing.id,
      tags: ['draft'],
    });
    await rules.prompts.update({
      userId: id,
      promptId: first.id,
      ...fields(1),
      content: 'Edited',
      tags: ['draft'],
    });
    const second = await rules.prompts.create({ userId: id, ...fields(2) });
    await rules.prompts.delete({ userId: id, promptId: second.id });
  }

  const rowsOf = (id: number) => {
    const t = library.tables;
    return [t.prompts, t.deletedPrompts, t.versions, t.tagSpellings, t.categories, t.tiers].flatMap((rows) =>
      (rows as { userId: number }[]).filter((row) => row.userId === id),
    );
  };

  it('deletes every row of the user and nothing of anyone else', async () => {
    await fullLibrary(userId);
    await fullLibrary(otherUserId);
    const othersBefore = rowsOf(otherUserId).length;
    expect(rowsOf(userId).length).toBeGreaterThanOrEqual(8);

    await accounts.userDeleted({ userId });
    expect(rowsOf(userId)).toEqual([]);
    expect(rowsOf(otherUserId)).toHaveLength(othersBefore);
    expect(await accounts.isErased(userId)).toBe(true);
    expect(await accounts.isErased(otherUserId)).toBe(false);
  });

  it('changes nothing when the deletion comes again', async () => {
    await fullLibrary(userId);
    await accounts.userDeleted({ userId });
    const after = structuredClone(library.tables);
    await accounts.userDeleted({ userId });
    expect(library.tables).toEqual(after);
  });

  it('lets no tier change made during the deletion bring the user’s tier back', async () => {
    await fullLibrary(userId);
    await accounts.userDeleted({ userId });
    expect(
      await rules.tiers.applyTierChanged({
        userId,
        isPro: false,
        isCancelled: false,
        endsAt: null,
        version: 99,
      }),
    ).toBe(false);
    expect(library.tables.tiers.filter((tier) => tier.userId === userId)).toEqual([]);
    // Another user's change still applies.
    expect(
      await rules.tiers.applyTierChanged({
        userId: 3,
        isPro: true,
        isCancelled: false,
        endsAt: null,
        version: 1,
      }),
    ).toBe(true);
  });

  it('forgets a deleted user once no event can name them any more', async () => {
    await accounts.userDeleted({ userId });
    library.tables.deletedUsers.set(userId, new Date(Date.now() - 9 * 86_400_000));
    await accounts.userDeleted({ userId: otherUserId });
    expect([...library.tables.deletedUsers.keys()]).toEqual([otherUserId]);
  });
});
