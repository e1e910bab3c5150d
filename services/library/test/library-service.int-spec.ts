import { malformed, startServiceTestbed, type ServiceTestbed } from '@promptlib/platform/testing';
import type { ServiceClient } from '@promptlib/platform';
import { namespaced, subjects, type Category, type EventEnvelope } from '@promptlib/proto';
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
  }, 60_000);

  afterAll(async () => {
    await testbed?.close();
  });

  async function publish(envelope: Omit<EventEnvelope, 'id' | 'occurredAt'>): Promise<void> {
    const id = randomUUID();
    await testbed.nats
      .jetstream()
      .publish(
        namespaced(testbed.namespace, envelope.type),
        JSON.stringify({ ...envelope, id, occurredAt: new Date().toISOString() }),
        {
          msgID: id,
        },
      );
  }

  it('creates General once, however many times and however concurrently it is asked', async () => {
    const userId = (nextUserId += 1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => library.request(subjects.library.categoriesEnsureDefault, { userId })),
    );
    expect(new Set(answers.map((category) => category.id)).size).toBe(1);
    expect(answers[0]).toMatchObject({ name: 'General', position: 0 });
    expect(await library.request(subjects.library.categoriesList, { userId })).toHaveLength(1);
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
