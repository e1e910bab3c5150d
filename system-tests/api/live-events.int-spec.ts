import { liveLimits, type Category, type CreatedApiKey, type Prompt, type ShareLink } from '@promptlib/proto';
import { ApiClient } from '../support/api-client';
import { publishEvent } from '../support/events';
import { FeedReader } from '../support/live-feed';
import { createPrompt, newLibraryUser, type LibraryUser } from '../support/library-api';
import { joinSharedStack, type SharedStackInFile } from '../support/shared-stack';
import type { Gateway } from '../support/stack';
import { makePro } from '../support/tiers';

// One heartbeat a second, so the tests see comment lines and ended sign-ins without waiting 25 s.
const GATEWAY_ENV = { LIVE_HEARTBEAT_SECONDS: '1' };

describe('the live feed of a user’s changes (GET /api/events)', () => {
  let stack: SharedStackInFile;
  let first: Gateway;
  let second: Gateway;
  const feeds: FeedReader[] = [];

  beforeAll(async () => {
    stack = joinSharedStack();
    [first, second] = await Promise.all([stack.startGateway(GATEWAY_ENV), stack.startGateway(GATEWAY_ENV)]);
  }, 270_000);

  afterEach(() => {
    for (const feed of feeds.splice(0)) feed.close();
  });

  afterAll(async () => {
    await stack?.stop();
  }, 90_000);

  async function feedOf(user: LibraryUser, gateway: Gateway, lastEventId?: string): Promise<FeedReader> {
    const feed = await FeedReader.open(gateway.url, { cookie: user.client.sessionCookie, lastEventId });
    feeds.push(feed);
    return feed;
  }

  const promptIdsOf = (feed: FeedReader, type: string) =>
    feed.changes
      .filter((change) => change.type === type)
      .map((change) => ('promptId' in change ? change.promptId : 0));

  it('brings a change made through one replica to the user’s feed on another, and never another user’s', async () => {
    const owner = await newLibraryUser(first.url, 'live');
    const other = await newLibraryUser(first.url, 'live');
    const ownerFeed = await feedOf(owner, first);
    const otherFeed = await feedOf(other, first);
    expect(ownerFeed.status).toBe(200);
    expect(ownerFeed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(ownerFeed.headers.get('x-accel-buffering')).toBe('no');
    expect(ownerFeed.headers.get('content-encoding')).toBeNull();

    // The same session, through the other replica.
    const elsewhere: LibraryUser = {
      ...owner,
      client: new ApiClient(second.url).useCookie(owner.client.sessionCookie),
    };
    const prompt = await createPrompt(elsewhere, { title: 'Live one', content: 'Seen everywhere.' });
    await ownerFeed.until((feed) => feed.changes.length >= 1, 10_000, 'the new prompt');
    expect(ownerFeed.changes[0]).toMatchObject({
      type: 'prompt.updated',
      promptId: prompt.id,
      title: 'Live one',
      content: 'Seen everywhere.',
      categoryId: owner.general.id,
      version: 1,
    });
    expect(ownerFeed.changes[0]).not.toHaveProperty('userId');

    const edited = await elsewhere.client.send<Prompt>(
      'PATCH',
      `/api/prompts/${prompt.id}`,
      { title: 'Live two', content: prompt.content, categoryId: prompt.categoryId },
      {},
    );
    expect(edited.status).toBe(200);
    const deleted = await elsewhere.client.send('DELETE', `/api/prompts/${prompt.id}`, undefined, {});
    expect(deleted.status).toBe(200);
    await ownerFeed.until((feed) => feed.changes.length >= 3, 10_000, 'the edit and the deletion');
    expect(ownerFeed.changes.map((change) => change.type)).toEqual([
      'prompt.updated',
      'prompt.updated',
      'prompt.deleted',
    ]);
    expect(ownerFeed.changes[1]).toMatchObject({ title: 'Live two', version: 2 });
    // Ids grow with the stream, so a client can resume from the last one it saw.
    const sequences = ownerFeed.changes.map((change) => Number(change.eventId.split('-')[1]));
    expect([...sequences].sort((a, b) => a - b)).toEqual(sequences);

    // The other user's feed is on the same replica and got every heartbeat, but none of this.
    await otherFeed.until((feed) => feed.comments >= 1, 5_000, 'a heartbeat');
    expect(otherFeed.changes).toEqual([]);
  });

  it('hands on plan changes', async () => {
    const user = await newLibraryUser(first.url, 'live');
    const feed = await feedOf(user, second);
    await publishEvent(stack, 'events.tier.changed', {
      userId: user.id,
      isPro: true,
      isCancelled: false,
      endsAt: null,
      version: 1,
    });
    await feed.until((open) => open.changes.length >= 1, 10_000, 'the tier change');
    expect(feed.changes[0]).toMatchObject({ type: 'tier.changed', isPro: true, isCancelled: false });
  });

  it('hands on a star, tags, a tag renamed or deleted everywhere, and categories made, renamed and moved', async () => {
    const user = await newLibraryUser(first.url, 'live');
    await makePro(stack, user);
    const feed = await feedOf(user, second);
    const prompt = await createPrompt(user, { title: 'Marked', content: 'Starred and tagged.' });
    const send = async (method: string, path: string, body?: unknown) =>
      expect((await user.client.send(method, path, body, {})).status).toBe(200);
    await send('POST', `/api/prompts/${prompt.id}/toggle-favorite`);
    await send('PATCH', `/api/prompts/${prompt.id}`, {
      title: prompt.title,
      content: prompt.content,
      categoryId: prompt.categoryId,
      tags: ['draft'],
    });
    await send('PATCH', '/api/tags/draft', { name: 'final' });
    await send('DELETE', '/api/tags/final');
    const work = await user.client.send<Category>('POST', '/api/categories', { name: 'Work' }, {});
    const home = await user.client.send<Category>('POST', '/api/categories', { name: 'Home' }, {});
    expect([work.status, home.status]).toEqual([201, 201]);
    await send('PATCH', `/api/categories/${work.body.id}`, { name: 'Office' });
    await send('POST', '/api/categories/update-positions', {
      categoryPositions: [
        { id: work.body.id, position: 1 },
        { id: home.body.id, position: 0 },
      ],
    });
    // The plan change made before the feed opened may still be on its way to this replica.
    const library = () => feed.changes.filter((change) => change.type !== 'tier.changed');
    await feed.until(() => library().length >= 10, 10_000, 'every change');
    const changes = library();
    const { eventId: _id, occurredAt: _at, ...starred } = changes[1]!;
    expect(starred).toEqual({ type: 'prompt.marked', promptId: prompt.id, isFavorite: 1, tags: [] });
    expect(changes.slice(2, 5)).toMatchObject([
      { type: 'prompt.marked', promptId: prompt.id, isFavorite: 1, tags: ['draft'] },
      { type: 'tag.changed', name: 'draft', newName: 'final' },
      { type: 'tag.changed', name: 'final', newName: null },
    ]);
    expect(changes.slice(5, 8)).toMatchObject([
      { type: 'category.updated', categoryId: work.body.id, name: 'Work', position: 0 },
      { type: 'category.updated', categoryId: home.body.id, name: 'Home', position: 1 },
      { type: 'category.updated', categoryId: work.body.id, name: 'Office', position: 0 },
    ]);
    expect(changes.slice(8)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'category.updated', categoryId: work.body.id, position: 1 }),
        expect.objectContaining({ type: 'category.updated', categoryId: home.body.id, position: 0 }),
      ]),
    );
  });

  it('hands on a public link made and revoked', async () => {
    const user = await newLibraryUser(first.url, 'live');
    const prompt = await createPrompt(user, { title: 'Shared', content: 'Seen by anyone with the link.' });
    const feed = await feedOf(user, second);
    const shared = await user.client.post<ShareLink>(`/api/prompts/${prompt.id}/share`, {});
    expect(shared.status).toBe(200);
    expect((await user.client.send('DELETE', `/api/prompts/${prompt.id}/share`, undefined, {})).status).toBe(
      200,
    );
    // The prompt's creation reaches the feed too when its event is published after the feed
    // opened (the relay runs after the commit; on a busy machine, later than this test goes on).
    const shares = () => feed.changes.filter((change) => change.type === 'share.changed');
    await feed.until(() => shares().length >= 2, 10_000, 'the link made and revoked');
    expect(shares()).toMatchObject([
      { type: 'share.changed', promptId: prompt.id, shareId: shared.body.shareId },
      { type: 'share.changed', promptId: prompt.id, shareId: null },
    ]);
  });

  it('resumes on another replica from Last-Event-ID: what was missed, in order, and nothing twice', async () => {
    const user = await newLibraryUser(first.url, 'live');
    const before = await feedOf(user, first);
    const seen = await createPrompt(user, { title: 'Seen', content: 'Before the drop.' });
    await before.until((feed) => feed.changes.length >= 1, 10_000, 'the first prompt');
    const lastSeen = before.lastEventId!;
    before.close();

    const missed = [
      await createPrompt(user, { title: 'Missed 1', content: 'While away.' }),
      await createPrompt(user, { title: 'Missed 2', content: 'While away.' }),
    ];
    const after = await feedOf(user, second, lastSeen);
    await after.until((feed) => feed.changes.length >= 2, 10_000, 'the missed prompts');
    const live = await createPrompt(user, { title: 'Live', content: 'After the return.' });
    await after.until((feed) => feed.changes.length >= 3, 10_000, 'the live prompt');
    expect(promptIdsOf(after, 'prompt.updated')).toEqual([...missed.map((prompt) => prompt.id), live.id]);
    expect(promptIdsOf(after, 'prompt.updated')).not.toContain(seen.id);

    // The same through the query, as a new EventSource that cannot set the header resumes.
    const byQuery = await FeedReader.open(second.url, {
      cookie: user.client.sessionCookie,
      query: `?lastEventId=${encodeURIComponent(lastSeen)}`,
    });
    feeds.push(byQuery);
    await byQuery.until((feed) => feed.changes.length >= 3, 10_000, 'the replay by query');
    expect(promptIdsOf(byQuery, 'prompt.updated')).toEqual([...missed.map((prompt) => prompt.id), live.id]);
  });

  it('ends its feeds on a replica’s SIGTERM, and a feed resumed on a restarted replica misses nothing', async () => {
    const user = await newLibraryUser(second.url, 'live');
    const replica = await stack.startGateway(GATEWAY_ENV);
    const feed = await feedOf(user, replica);
    await createPrompt(user, { title: 'Before the restart', content: 'Some text.' });
    await feed.until((open) => open.changes.length >= 1, 10_000, 'the first prompt');

    const stopping = replica.stop('SIGTERM');
    await feed.until((open) => open.isEnded, 15_000, 'the feed to end');
    expect(await stopping).toBe(0);
    const missed = await createPrompt(user, { title: 'While it restarted', content: 'Some text.' });

    const restarted = await stack.startGateway(GATEWAY_ENV);
    const resumed = await feedOf(user, restarted, feed.lastEventId);
    await resumed.until((open) => open.changes.length >= 1, 10_000, 'the missed prompt');
    expect(promptIdsOf(resumed, 'prompt.updated')).toEqual([missed.id]);
    await restarted.stop('SIGTERM');
  }, 180_000);

  it('says reset for an id of another stream, and refuses an id that is not one of its own', async () => {
    const user = await newLibraryUser(first.url, 'live');
    const other = await feedOf(user, first, 'abc-1');
    await other.until((feed) => feed.events.some((event) => event.event === 'reset'), 10_000, 'the reset');

    const malformed = await FeedReader.open(first.url, {
      cookie: user.client.sessionCookie,
      lastEventId: 'nope',
    });
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.events[0].data)).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a signed-out caller, opens for an API key, and ends a feed whose session ended', async () => {
    const anonymous = await FeedReader.open(first.url);
    expect(anonymous.status).toBe(401);

    const user = await newLibraryUser(first.url, 'live');
    const key = await user.client.post<CreatedApiKey>('/api/api-keys', { name: 'Feed', scope: 'read' });
    expect(key.status).toBe(201);
    const byKey = await FeedReader.open(second.url, { apiKey: key.body.key });
    feeds.push(byKey);
    expect(byKey.status).toBe(200);
    await createPrompt(user, { title: 'For the key', content: 'Some text.' });
    await byKey.until((feed) => feed.changes.length >= 1, 10_000, 'the prompt');

    const bySession = await feedOf(user, first);
    expect((await user.client.post('/api/logout')).status).toBe(200);
    await bySession.until((feed) => feed.isEnded, 10_000, 'the feed of the ended session to end');
    expect(byKey.isEnded).toBe(false);

    // A feed's length is no request's latency: its refusal is counted, the ended feed is not.
    const metrics = await (await fetch(`http://127.0.0.1:${first.healthPort}/metrics`)).text();
    const counted = (status: string) =>
      new RegExp(
        `http_request_duration_seconds_count\\{[^}]*route="/api/events"[^}]*status="${status}"`,
      ).test(metrics);
    expect([counted('401'), counted('200')]).toEqual([true, false]);
  });

  it(`holds each user to ${liveLimits.streamsPerUser} open feeds across replicas, and frees a place when one closes`, async () => {
    const user = await newLibraryUser(first.url, 'live');
    const open: FeedReader[] = [];
    for (let index = 0; index < liveLimits.streamsPerUser; index++)
      open.push(await feedOf(user, index % 2 === 0 ? first : second));
    expect(open.map((feed) => feed.status)).toEqual(open.map(() => 200));

    const refused = await FeedReader.open(second.url, { cookie: user.client.sessionCookie });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.events[0].data)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.headers.get('retry-after')).not.toBeNull();

    open[0].close();
    let again: FeedReader | undefined;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      again = await FeedReader.open(first.url, { cookie: user.client.sessionCookie });
      feeds.push(again);
      if (again.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(again?.status).toBe(200);
  });
});
