import { eventually } from '@promptlib/platform/testing';
import { malformed, startServiceTestbed, type ServiceTestbed } from '@promptlib/platform/testing/services';
import type { ServiceClient } from '@promptlib/platform';
import {
  CATEGORY_DELETED_MAX_PROMPT_IDS,
  eventsStream,
  namespaced,
  subjects,
  type Category,
  type EventEnvelope,
  type EventSubject,
} from '@promptlib/proto';
import { randomUUID } from 'node:crypto';
import type { LibraryConfig } from '../src/config/library-config';
import { libraryService } from '../src/service';

describe('library service over NATS', () => {
  let testbed: ServiceTestbed<LibraryConfig>;
  let library: ServiceClient;
  let nextUserId = 1_000;

  beforeAll(async () => {
    testbed = await startServiceTestbed({ ...libraryService, suffix: 'libsvc' });
    library = testbed.client;
  }, 180_000);

  afterAll(async () => {
    await testbed?.close();
  });

  async function publish(envelope: Omit<EventEnvelope, 'id' | 'occurredAt'>): Promise<void> {
    await publishForged(envelope.type, envelope.data);
  }

  /** What anyone allowed on the subject could publish: a well-formed envelope around any data. */
  async function publishForged(type: EventSubject, data: unknown): Promise<void> {
    const id = randomUUID();
    await testbed.nats
      .jetstream()
      .publish(
        namespaced(testbed.namespace, type),
        JSON.stringify({ id, type, occurredAt: new Date().toISOString(), data }),
        { msgID: id },
      );
  }

  it('keeps a prompt’s search text uncompressed, so a search’s recheck reads it without decompressing', async () => {
    const userId = (nextUserId += 1);
    const words = ['quarterly', 'revenue', 'summary', 'explain', 'German', 'review', 'editor', 'answer'];
    // Prose of 3,900 characters: with its lower-cased copy, a row of about 8 kB.
    const content = Array.from({ length: 600 }, (_, n) => words[(n * 7 + (n >> 3)) % words.length])
      .join(' ')
      .slice(0, 3_900);
    const prompt = await library.request(subjects.library.promptsCreate, {
      userId,
      title: 'Long enough to be compressed before',
      content,
      categoryId: null,
      tags: [],
    });
    const [row] = await testbed.query<{ compression: string | null; stored: number }>(
      `SELECT pg_column_compression("search_text") AS "compression",
              pg_column_size("search_text") AS "stored"
       FROM "library"."prompts" WHERE "id" = $1`,
      [prompt.id],
    );
    expect(row.compression).toBeNull();
    expect(row.stored).toBeGreaterThanOrEqual(3_900);
  });

  it('creates General once, however many times and however concurrently it is asked', async () => {
    const userId = (nextUserId += 1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => library.request(subjects.library.categoriesEnsureDefault, { userId })),
    );
    expect(new Set(answers.map((category) => category.id)).size).toBe(1);
    expect(answers[0]).toMatchObject({ name: 'General', position: 0 });
    expect(await library.request(subjects.library.categoriesList, { userId })).toHaveLength(1);
  });

  it('announces the deletion of a category with many prompts in events that each fit the stream', async () => {
    const userId = (nextUserId += 1);
    await library.request(subjects.library.categoriesEnsureDefault, { userId });
    const [{ id: categoryId }] = await testbed.query<{ id: number }>(
      `INSERT INTO library.categories (user_id, name, position) VALUES ($1, 'Big', 1) RETURNING id`,
      [userId],
    );
    const count = 2 * CATEGORY_DELETED_MAX_PROMPT_IDS + 1;
    await testbed.query(
      `INSERT INTO library.prompts (user_id, title, content, category_id)
       SELECT $1, 'Title ' || n, 'Content ' || n, $2 FROM generate_series(1, $3) AS n`,
      [userId, categoryId, count],
    );
    const deleted = await library.request(subjects.library.categoriesDelete, { userId, categoryId });
    expect(deleted.deletedPromptIds).toHaveLength(count);

    // Read back from the stream itself, message by message, once the relay has published.
    const manager = await testbed.nats.jetstreamManager();
    const stream = eventsStream(testbed.namespace).name;
    const announced: number[][] = [];
    const deadline = Date.now() + 10_000;
    while (announced.flat().length < count && Date.now() < deadline) {
      announced.length = 0;
      const { state } = await manager.streams.info(stream);
      for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq += 1) {
        const message = await manager.streams.getMessage(stream, { seq }).catch(() => undefined);
        const event = message?.json<EventEnvelope>();
        if (event?.type !== 'events.category.deleted') continue;
        const { data } = event as EventEnvelope<'events.category.deleted'>;
        if (data.categoryId === categoryId) announced.push(data.promptIds);
      }
      if (announced.flat().length < count) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(announced.map((ids) => ids.length)).toEqual([
      CATEGORY_DELETED_MAX_PROMPT_IDS,
      CATEGORY_DELETED_MAX_PROMPT_IDS,
      1,
    ]);
    expect(new Set(announced.flat())).toEqual(new Set(deleted.deletedPromptIds));
  }, 90_000);

  it('announces a star and tags changed alone as the prompt’s marks, read back from the database', async () => {
    const userId = (nextUserId += 1);
    await library.request(subjects.library.categoriesEnsureDefault, { userId });
    const prompt = await library.request(subjects.library.promptsCreate, {
      userId,
      title: 'Marked',
      content: 'Starred, then tagged.',
      categoryId: null,
      tags: ['draft'],
    });
    await library.request(subjects.library.promptsToggleFavorite, { userId, promptId: prompt.id });
    await library.request(subjects.library.promptsUpdate, {
      userId,
      promptId: prompt.id,
      title: prompt.title,
      content: prompt.content,
      categoryId: prompt.categoryId,
      tags: ['draft', 'final'],
    });

    const manager = await testbed.nats.jetstreamManager();
    const stream = eventsStream(testbed.namespace).name;
    const marks = async () => {
      const { state } = await manager.streams.info(stream);
      const found: EventEnvelope<'events.prompt.marked'>['data'][] = [];
      for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq += 1) {
        const event = (
          await manager.streams.getMessage(stream, { seq }).catch(() => undefined)
        )?.json<EventEnvelope>();
        if (event?.type === 'events.prompt.marked' && event.data.userId === userId)
          found.push(event.data as EventEnvelope<'events.prompt.marked'>['data']);
      }
      return found;
    };
    expect(await eventually(marks, (found) => found.length >= 2)).toEqual([
      { userId, promptId: prompt.id, isFavorite: 1, tags: ['draft'] },
      { userId, promptId: prompt.id, isFavorite: 1, tags: ['draft', 'final'] },
    ]);
  });

  it('creates General when it sees user.registered', async () => {
    const userId = (nextUserId += 1);
    await publish({ type: 'events.user.registered', data: { userId, username: `user${userId}` } });
    const deadline = Date.now() + 10_000;
    let categories: Category[] = [];
    while (categories.length === 0 && Date.now() < deadline) {
      categories = await library.request(subjects.library.categoriesList, { userId });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(categories).toEqual([expect.objectContaining({ name: 'General' })]);
  });

  it('deletes everything of a user when it sees user.deleted, and no later tier change brings any back', async () => {
    const userId = (nextUserId += 1);
    const otherUserId = (nextUserId += 1);
    const tables = ['prompts', 'prompt_versions', 'tags', 'deleted_prompts', 'categories', 'user_tiers'];
    const rowsOf = async (id: number) => {
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const [{ n }] = await testbed.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM library.${table} WHERE user_id = $1`,
          [id],
        );
        counts[table] = n;
      }
      return counts;
    };
    for (const id of [userId, otherUserId]) {
      await publish({
        type: 'events.tier.changed',
        data: { userId: id, isPro: true, isCancelled: false, endsAt: null, version: 1 },
      });
      await library.request(subjects.library.categoriesEnsureDefault, { userId: id });
      const kept = await library.request(subjects.library.promptsCreate, {
        userId: id,
        title: 'Kept',
        content: 'First text',
        categoryId: null,
        tags: ['draft'],
      });
      await library.request(subjects.library.promptsUpdate, {
        userId: id,
        promptId: kept.id,
        title: 'Kept',
        content: 'Second text',
        categoryId: null,
      });
      const gone = await library.request(subjects.library.promptsCreate, {
        userId: id,
        title: 'Gone',
        content: 'Deleted text',
        categoryId: null,
      });
      await library.request(subjects.library.promptsDelete, { userId: id, promptId: gone.id });
    }
    const before = await rowsOf(otherUserId);
    expect(Object.values(before).every((n) => n > 0)).toBe(true);
    expect(await rowsOf(userId)).toEqual(before);

    await publish({ type: 'events.user.deleted', data: { userId } });
    // A tier change billing made as the account was being deleted, then the deletion again.
    await publish({
      type: 'events.tier.changed',
      data: { userId, isPro: false, isCancelled: false, endsAt: null, version: 2 },
    });
    await publish({ type: 'events.user.deleted', data: { userId } });
    await publish({ type: 'events.user.registered', data: { userId, username: `user${userId}` } });
    const empty = Object.fromEntries(tables.map((table) => [table, 0]));
    const deadline = Date.now() + 10_000;
    while (JSON.stringify(await rowsOf(userId)) !== JSON.stringify(empty) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await rowsOf(userId)).toEqual(empty);
    // The events after the deletion are handled (the next one published is), and changed nothing.
    const marker = (nextUserId += 1);
    await publish({ type: 'events.user.registered', data: { userId: marker, username: `user${marker}` } });
    while (
      (await library.request(subjects.library.categoriesList, { userId: marker })).length === 0 &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await rowsOf(userId)).toEqual(empty);
    expect(await rowsOf(otherUserId)).toEqual(before);
    const remembered = await testbed.query('SELECT user_id FROM library.deleted_users WHERE user_id = $1', [
      userId,
    ]);
    expect(remembered).toEqual([{ user_id: userId }]);
  });

  it('lets a caller wait until a tier version reaches the projection', async () => {
    const userId = (nextUserId += 1);
    const waiting = library.request(
      subjects.library.tierAwaitVersion,
      {
        userId,
        version: 4,
        timeoutMs: 5_000,
      },
      { timeoutMs: 7_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await publish({
      type: 'events.tier.changed',
      data: { userId, isPro: true, isCancelled: false, endsAt: null, version: 4 },
    });
    expect(await waiting).toEqual({ reached: true, version: 4 });
    expect(await library.request(subjects.library.tierGet, { userId })).toEqual({ isPro: true });
  });

  it('leaves the tier projection alone when a forged tier.changed is off its contract', async () => {
    const userId = (nextUserId += 1);
    // Postgres would read 'yes' as true and 'infinity' as a date: Pro for ever, had they got through.
    await publishForged('events.tier.changed', {
      userId,
      isPro: 'yes',
      isCancelled: true,
      endsAt: 'infinity',
      version: 7,
    });
    await publishForged('events.tier.changed', {
      userId: -1,
      isCancelled: false,
      endsAt: null,
      version: 'x',
    });
    await publishForged('events.tier.changed', {
      userId: String(userId),
      isPro: true,
      isCancelled: false,
      endsAt: null,
      version: 2_147_483_648,
    });
    // Events are handled in stream order, so once this one is applied the forged ones are done with.
    const marker = (nextUserId += 1);
    await publish({
      type: 'events.tier.changed',
      data: { userId: marker, isPro: true, isCancelled: false, endsAt: null, version: 1 },
    });
    const reached = await library.request(subjects.library.tierAwaitVersion, {
      userId: marker,
      version: 1,
      timeoutMs: 5_000,
    });
    expect(reached).toEqual({ reached: true, version: 1 });

    expect(await library.request(subjects.library.tierGet, { userId })).toEqual({ isPro: false });
    expect(
      await library.request(subjects.library.tierAwaitVersion, { userId, version: 1, timeoutMs: 0 }),
    ).toEqual({ reached: false, version: 0 });
    expect(
      await testbed.query(`SELECT "user_id" FROM "library"."user_tiers" WHERE "user_id" = $1`, [userId]),
    ).toEqual([]);
  });

  it('gives up waiting after the timeout and says which version it holds', async () => {
    const userId = (nextUserId += 1);
    const started = Date.now();
    const answer = await library.request(subjects.library.tierAwaitVersion, {
      userId,
      version: 1,
      timeoutMs: 300,
    });
    expect(answer).toEqual({ reached: false, version: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('answers the sharing service a user’s own prompt, and another user’s as not found', async () => {
    const owner = (nextUserId += 1);
    const stranger = (nextUserId += 1);
    const prompt = await library.request(subjects.library.promptsCreate, {
      userId: owner,
      title: 'Shared one',
      content: 'Something worth sharing.',
      categoryId: null,
    });
    await expect(
      library.request(subjects.library.promptsGet, { userId: owner, promptId: prompt.id }),
    ).resolves.toMatchObject({
      id: prompt.id,
      title: 'Shared one',
      version: 1,
    });
    await expect(
      library.request(subjects.library.promptsGet, { userId: stranger, promptId: prompt.id }),
    ).rejects.toMatchObject({ error: { code: 'NOT_FOUND', message: 'Prompt not found' } });
  });

  it('refuses malformed requests with VALIDATION_FAILED', async () => {
    await expect(
      library.request(subjects.library.promptsCreate, malformed({ userId: 'x' })),
    ).rejects.toMatchObject({
      error: { code: 'VALIDATION_FAILED' },
    });
  });
});
