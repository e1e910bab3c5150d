import { waitUntil } from '@promptlib/platform/testing';
import { startServiceTestbed, type ServiceTestbed } from '@promptlib/platform/testing/services';
import { REDIS, type ServiceClient } from '@promptlib/platform';
import { namespaced, subjects, type EventData, type EventSubject, type SharedPrompt } from '@promptlib/proto';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { SharingConfig } from '../src/config/sharing-config';
import { newShareId } from '../src/links/share-id';
import { sharingService } from '../src/service';
import { ViewCounts } from '../src/views/view-counts';
import { currentMinute, viewKeys } from '../src/views/view-keys';

const VISITORS_PER_MINUTE = 1_000;

describe('sharing service over NATS', () => {
  let testbed: ServiceTestbed<SharingConfig>;
  let sharing: ServiceClient;
  let nextPromptId = 5_000;
  const ownerId = 77;

  beforeAll(async () => {
    testbed = await startServiceTestbed({
      ...sharingService,
      suffix: 'sharesvc',
      // Flushed only when a test asks, so each can look at what Redis holds first.
      env: {
        SHARE_VIEWS_FLUSH_INTERVAL_MS: '3600000',
        SHARE_VIEW_VISITORS_PER_MINUTE: String(VISITORS_PER_MINUTE),
      },
    });
    sharing = testbed.client;
  }, 180_000);

  afterAll(async () => {
    if (!testbed) return;
    await testbed.close();
    // Closing the testbed also removes what the service kept in Redis (links, views, caches).
    const redis = new Redis(testbed.config.REDIS_URL);
    try {
      expect(await redis.keys(`${testbed.namespace}:*`)).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });

  async function publish<S extends EventSubject>(type: S, data: EventData[S]): Promise<void> {
    const id = randomUUID();
    const envelope = { id, type, occurredAt: new Date().toISOString(), data };
    await testbed.nats.jetstream().publish(namespaced(testbed.namespace, type), JSON.stringify(envelope), {
      msgID: id,
    });
  }

  /** A live link to a prompt the read model knows nothing of yet (as the service's own create would store it). */
  async function linkTo(promptId: number): Promise<string> {
    const shareId = newShareId();
    await testbed.query(`INSERT INTO sharing.share_links (id, prompt_id, owner_id) VALUES ($1, $2, $3)`, [
      shareId,
      promptId,
      ownerId,
    ]);
    return shareId;
  }

  const read = (shareId: string, client = '10.0.0.1'): Promise<SharedPrompt | 'not found'> =>
    sharing.request(subjects.sharing.sharesGetPublic, { shareId, client }).catch((failure: unknown) => {
      expect(failure).toMatchObject({ error: { code: 'NOT_FOUND' } });
      return 'not found' as const;
    });

  const versionOf = async (promptId: number) =>
    (
      await testbed.query<{ version: number }>(
        `SELECT version FROM sharing.prompt_texts WHERE prompt_id = $1`,
        [promptId],
      )
    )[0]?.version;

  const updated = (promptId: number, version: number) => ({
    userId: ownerId,
    promptId,
    title: `Title v${version}`,
    content: `Content v${version}`,
    categoryId: null,
    version,
  });

  it('stores nothing for reads of unknown links, and no more visitors a minute than its ceiling', async () => {
    const redis = testbed.app.get<Redis>(REDIS);
    const unknown = newShareId();
    expect(await read(unknown, '198.51.100.1')).toBe('not found');
    expect(await redis.exists(`share:${unknown}`, `share-gen:${unknown}`)).toBe(0);
    expect(await redis.keys(`*${unknown}*`)).toEqual([]);

    const promptId = (nextPromptId += 1);
    const shareId = await linkTo(promptId);
    await publish('events.prompt.updated', updated(promptId, 1));
    await waitUntil(async () => (await versionOf(promptId)) === 1, 20_000, 'version 1 of prompt ' + promptId);
    // Away from a minute's end, so the five reads fall in one minute, whose budget has room for three.
    if (Date.now() % 60_000 > 55_000) await new Promise((resolve) => setTimeout(resolve, 6_000));
    const minute = currentMinute();
    await redis.set(viewKeys.visitorsInMinute(minute), String(VISITORS_PER_MINUTE - 3), 'EX', 120);
    for (let n = 1; n <= 5; n += 1)
      expect(await read(shareId, `203.0.113.${n}`)).toMatchObject({ title: 'Title v1' });
    const seen = await redis.keys(`*share-seen:${shareId}:*`);
    expect(seen).toHaveLength(3);
    expect(await redis.hget('share-views:pending', shareId)).toBe('3');
    // The next tests count their visitors afresh.
    await redis.del(viewKeys.visitorsInMinute(minute), viewKeys.visitorsInMinute(minute + 1));
  });

  it('keeps the newest text whatever order the edits arrive in', async () => {
    const promptId = (nextPromptId += 1);
    const shareId = await linkTo(promptId);
    await publish('events.prompt.updated', updated(promptId, 3));
    await waitUntil(async () => (await versionOf(promptId)) === 3, 20_000, 'version 3 of prompt ' + promptId);
    expect(await read(shareId)).toEqual({ title: 'Title v3', content: 'Content v3' });

    // A late, older edit, and the same edit again: neither changes what the link shows.
    await publish('events.prompt.updated', updated(promptId, 2));
    await publish('events.prompt.updated', updated(promptId, 3));
    await publish('events.prompt.updated', updated(promptId, 4));
    await waitUntil(async () => (await versionOf(promptId)) === 4, 20_000, 'version 4 of prompt ' + promptId);
    expect(await read(shareId)).toEqual({ title: 'Title v4', content: 'Content v4' });
  });

  it('keeps a deleted prompt deleted when an older edit arrives after the deletion, and a category’s deletion for good', async () => {
    const promptId = (nextPromptId += 1);
    const shareId = await linkTo(promptId);
    // The deletion overtakes the edit that came before it.
    await publish('events.prompt.deleted', { userId: ownerId, promptId, version: 3 });
    await publish('events.prompt.updated', updated(promptId, 2));
    // A restore (a newer text) brings it back; the category's deletion after it is final.
    await publish('events.prompt.updated', updated(promptId, 4));
    await publish('events.category.deleted', { userId: ownerId, categoryId: 1, promptIds: [promptId] });
    await publish('events.prompt.updated', updated(promptId, 9));
    const marker = (nextPromptId += 1);
    await publish('events.prompt.updated', updated(marker, 1));
    await waitUntil(async () => (await versionOf(marker)) === 1, 20_000, 'version 1 of prompt ' + marker);
    expect(await read(shareId)).toBe('not found');
    const [row] = await testbed.query<{ deleted: boolean; title: string }>(
      `SELECT deleted, title FROM sharing.prompt_texts WHERE prompt_id = $1`,
      [promptId],
    );
    expect(row).toEqual({ deleted: true, title: '' });
  });

  it('forgets what it cached of a link when the prompt changes or its category goes', async () => {
    const promptId = (nextPromptId += 1);
    const shareId = await linkTo(promptId);
    await publish('events.prompt.updated', updated(promptId, 1));
    await waitUntil(async () => (await versionOf(promptId)) === 1, 20_000, 'version 1 of prompt ' + promptId);
    expect(await read(shareId)).toMatchObject({ title: 'Title v1' });
    await publish('events.prompt.updated', updated(promptId, 2));
    await waitUntil(async () => (await versionOf(promptId)) === 2, 20_000, 'the second edit');
    expect(await read(shareId)).toMatchObject({ title: 'Title v2' });
    await publish('events.category.deleted', { userId: ownerId, categoryId: 1, promptIds: [promptId] });
    await waitUntil(async () => (await read(shareId)) === 'not found', 20_000, 'the link to go');
  });

  it('deletes a deleted user’s links and texts: their links are 404 at once, and a late edit brings nothing back', async () => {
    const leaving = 88;
    const promptId = (nextPromptId += 1);
    const shareId = newShareId();
    await testbed.query(`INSERT INTO sharing.share_links (id, prompt_id, owner_id) VALUES ($1, $2, $3)`, [
      shareId,
      promptId,
      leaving,
    ]);
    await publish('events.prompt.updated', { ...updated(promptId, 1), userId: leaving });
    await waitUntil(async () => (await versionOf(promptId)) === 1, 20_000, 'the text of prompt ' + promptId);
    // Read once, so the read is cached in Redis.
    expect(await read(shareId)).toMatchObject({ title: 'Title v1' });
    const bystander = (nextPromptId += 1);
    const bystanderLink = await linkTo(bystander);
    await publish('events.prompt.updated', updated(bystander, 1));

    await publish('events.user.deleted', { userId: leaving });
    await publish('events.prompt.updated', { ...updated(promptId, 2), userId: leaving });
    await waitUntil(async () => (await read(shareId)) === 'not found', 20_000, 'the link to go');
    const owned = async (table: string) =>
      (
        await testbed.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM sharing.${table} WHERE owner_id = $1`,
          [leaving],
        )
      )[0]!.n;
    // The late edit has been handled once the bystander's next edit, published after it, is in.
    await publish('events.prompt.updated', updated(bystander, 2));
    await waitUntil(async () => (await versionOf(bystander)) === 2, 20_000, 'the bystander’s edit');
    expect(await owned('share_links')).toBe(0);
    expect(await owned('prompt_texts')).toBe(0);
    expect(await read(bystanderLink)).toMatchObject({ title: 'Title v2' });
  });

  it('adds each batch of views to Postgres once, even when a flush is retried after a crash', async () => {
    const promptId = (nextPromptId += 1);
    const shareId = await linkTo(promptId);
    await publish('events.prompt.updated', updated(promptId, 1));
    await waitUntil(async () => (await versionOf(promptId)) === 1, 20_000, 'version 1 of prompt ' + promptId);
    for (const client of ['a', 'a', 'b', 'c', 'c']) await read(shareId, client);
    const views = testbed.app.get(ViewCounts);
    expect((await views.pending([shareId])).get(shareId)).toBe(3);

    // A batch a crashed replica had added to Postgres but not yet removed from Redis.
    const redis = testbed.app.get<Redis>(REDIS);
    const crashed = randomUUID();
    await redis.hset(viewKeys.batch(crashed), shareId, '5');
    await redis.sadd(viewKeys.batches, crashed);
    await testbed.query(`INSERT INTO sharing.view_batches (id) VALUES ($1)`, [crashed]);

    await views.flush();
    const [row] = await testbed.query<{ views: string }>(
      `SELECT views FROM sharing.share_links WHERE id = $1`,
      [shareId],
    );
    expect(row.views).toBe('3');
    expect(await redis.smembers(viewKeys.batches)).toEqual([]);
    expect((await views.pending([shareId])).get(shareId)).toBe(0);
    await views.flush();
    expect(
      (
        await testbed.query<{ views: string }>(`SELECT views FROM sharing.share_links WHERE id = $1`, [
          shareId,
        ])
      )[0].views,
    ).toBe('3');
  });
});
