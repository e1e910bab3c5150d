import { PROMPT_SEARCH_COUNT_CAP, type ApiError, type Prompt } from '@promptlib/proto';
import { eventually } from '@promptlib/platform/testing';
import { publishEvent } from '../support/events';
import {
  createPrompt,
  limitsOf,
  listPrompts,
  newLibraryUser,
  promptBody,
  type LibraryUser,
} from '../support/library-api';
import { cardListReference, everyCardsPage } from '../support/card-list';
import { databaseQuery, seedPrompts } from '../support/seed';
import { startStack, type Gateway, type Stack } from '../support/stack';

const LIBRARY_SIZE = 5_000;

describe('a large library, Pro quotas and the write limit', () => {
  let stack: Stack;
  let gateway: Gateway;
  let big: LibraryUser;

  beforeAll(async () => {
    stack = await startStack('libscale', ['auth', 'library'], {
      services: { PRO_MAX_PROMPTS: String(LIBRARY_SIZE + 2), PRO_MAX_CATEGORIES: '3' },
      gateway: { RATE_LIMIT_WRITES_PER_USER: '30/1m' },
    });
    gateway = await stack.startGateway();
    big = await newLibraryUser(gateway.url, 'big');
    await publishEvent(stack, 'events.tier.changed', {
      userId: big.id,
      isPro: true,
      isCancelled: false,
      endsAt: null,
      version: 1,
    });
    await eventually(
      () => limitsOf(big),
      (limits) => limits.isPro,
    );
    await seedPrompts(stack, big.id, big.general.id, LIBRARY_SIZE);
  }, 360_000);

  afterAll(async () => {
    await stack?.stop();
  }, 90_000);

  it('returns all 5,000 prompts (500 to 5,000 characters each) complete and newest first', async () => {
    const expected = await databaseQuery<{ id: number; length: number }>(
      stack,
      'SELECT id, length(content) AS length FROM library.prompts WHERE user_id = $1 ORDER BY id DESC',
      [big.id],
    );
    const prompts = await listPrompts(big);
    expect(prompts).toHaveLength(LIBRARY_SIZE);
    expect(prompts.map((prompt) => prompt.id)).toEqual(expected.map((row) => row.id));
    expect(prompts.map((prompt) => prompt.content.length)).toEqual(expected.map((row) => row.length));
    expect(Math.min(...expected.map((row) => row.length))).toBeGreaterThanOrEqual(500);
    expect(Math.max(...expected.map((row) => row.length))).toBeLessThanOrEqual(5_000);
  }, 180_000);

  // A rare text is paged among its matches, found once; a common one (past the count's cap) walks
  // the sort's index: both give SPEC's list, each card once, with the count the first page says.
  it('searches 5,000 prompts in each sort, for a text 111 prompts hold and for one most do', async () => {
    const all = await listPrompts(big);
    expect(cardListReference(all, { search: 'Prompt 49' })).toHaveLength(111);
    expect(cardListReference(all, { search: 'summary' }).length).toBeGreaterThan(PROMPT_SEARCH_COUNT_CAP);
    for (const sort of ['recent', 'name', 'used'] as const) {
      for (const search of ['Prompt 49', ' SUMMARY ']) {
        const query = { search, sort, limit: 100 };
        const expected = cardListReference(all, query);
        const many = expected.length > PROMPT_SEARCH_COUNT_CAP;
        // The common text's first pages tell as much as all of them: each is read the same way.
        const pages = await everyCardsPage(big, query, many ? 3 : undefined);
        const ids = pages.flatMap((page) => page.cards.map((card) => card.id));
        expect({ query, ids }).toEqual({ query, ids: expected.slice(0, ids.length) });
        expect(ids.length).toBe(many ? 300 : expected.length);
        expect(pages[0]).toMatchObject({
          total: many ? PROMPT_SEARCH_COUNT_CAP : expected.length,
          totalAtLeast: many,
        });
      }
    }
  }, 180_000);

  it('holds a Pro user to the prompt and category quotas', async () => {
    await createPrompt(big);
    await createPrompt(big);
    const refused = await big.client.post<ApiError>('/api/prompts', promptBody());
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'PROMPT_LIMIT_REACHED',
      message: "You've reached the maximum of 5,002 prompts.",
    });
    expect(await limitsOf(big)).toMatchObject({
      isPro: true,
      prompts: { used: 5_002, limit: -1, canCreate: false },
    });

    expect((await big.client.post('/api/categories', { name: 'One' })).status).toBe(201);
    expect((await big.client.post('/api/categories', { name: 'Two' })).status).toBe(201);
    const third = await big.client.post<ApiError>('/api/categories', { name: 'Three' });
    expect(third.status).toBe(403);
    expect(third.body).toMatchObject({
      code: 'CATEGORY_LIMIT_REACHED',
      message: "You've reached the maximum of 3 categories.",
    });
  });

  it('answers 429 once a user makes more than 30 changes a minute, for that user only', async () => {
    const busy = await newLibraryUser(gateway.url, 'busy');
    const calm = await newLibraryUser(gateway.url, 'calm');
    const prompt = await createPrompt(busy);
    const statuses: number[] = [];
    for (let n = 0; n < 31; n += 1)
      statuses.push((await busy.client.post(`/api/prompts/${prompt.id}/copy`)).status);
    expect(statuses.slice(0, 29).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const refused = await busy.client.post<ApiError>(`/api/prompts/${prompt.id}/copy`);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.headers.get('retry-after')).not.toBeNull();
    // Reads are not writes, and other users are not affected.
    expect((await busy.client.get('/api/prompts')).status).toBe(200);
    expect((await createPrompt(calm)).id).toBeGreaterThan(0);
  });

  it('cuts the connection when the library dies mid-stream: an error, never a shorter 200', async () => {
    const response = await fetch(`${gateway.url}/api/prompts`, {
      headers: { Cookie: big.client.sessionCookie!, 'Accept-Encoding': 'identity' },
    });
    expect(response.status).toBe(200);
    // The client has not read yet: the gateway is held back by the socket and has more pages to ask for.
    expect(await stack.services.library.stop('SIGKILL')).toBeNull();
    let outcome: 'complete' | 'error';
    let text = '';
    try {
      text = await response.text();
      outcome = 'complete';
    } catch {
      outcome = 'error';
    }
    expect(outcome).toBe('error');
    if (outcome === 'complete') {
      // Should it ever complete, it must at least not be a valid but shorter list.
      expect((JSON.parse(text) as Prompt[]).length).toBe(LIBRARY_SIZE + 2);
    }
  }, 180_000);
});
