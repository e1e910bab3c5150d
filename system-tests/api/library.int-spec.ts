import type { ApiError, Category, LimitsRecord, Prompt } from '@promptlib/proto';
import { eventually } from '@promptlib/platform/testing';
import { ApiClient } from '../support/api-client';
import { publishEvent, streamEvents } from '../support/events';
import {
  createPrompt,
  limitsOf,
  listPrompts,
  newLibraryUser,
  promptBody,
  type LibraryUser,
} from '../support/library-api';
import { joinSharedStack, type SharedStackInFile } from '../support/shared-stack';
import type { GatewayAddress } from '../support/stack';

const GENERAL_PROTECTED =
  'The General category cannot be deleted as it serves as the default category for prompts.';

describe('the library through the gateway', () => {
  let stack: SharedStackInFile;
  let gateway: GatewayAddress;
  let tierVersion = 0;

  beforeAll(async () => {
    stack = joinSharedStack();
    gateway = stack.gateway;
  }, 270_000);

  afterAll(async () => {
    await stack?.stop();
  }, 90_000);

  it('lets no cache keep a user’s data: every answer that carries it is no-store', async () => {
    const user = await newLibraryUser(gateway.url, 'nostore');
    await createPrompt(user);
    for (const path of ['/api/user', '/api/prompts', '/api/categories', '/api/user/limits']) {
      const answer = await user.client.get(path);
      expect({ path, status: answer.status, cacheControl: answer.headers.get('cache-control') }).toEqual({
        path,
        status: 200,
        cacheControl: 'no-store',
      });
    }
  });

  async function setTier(
    user: LibraryUser,
    isPro: boolean,
    extra: { isCancelled?: boolean; endsAt?: string | null } = {},
  ) {
    tierVersion += 1;
    await publishEvent(stack, 'events.tier.changed', {
      userId: user.id,
      isPro,
      isCancelled: extra.isCancelled ?? false,
      endsAt: extra.endsAt ?? null,
      version: tierVersion,
    });
    return eventually(
      () => limitsOf(user),
      (limits) => limits.isPro === isPro,
    );
  }

  describe('registration and General', () => {
    it('answers the new user’s General category at registration, and lists it', async () => {
      const user = await newLibraryUser(gateway.url);
      expect(user.general).toEqual({ id: expect.any(Number), name: 'General', position: 0 });
      expect((await user.client.get<Category[]>('/api/categories')).body).toEqual([user.general]);
    });

    it('shows a new free user the free limits', async () => {
      const user = await newLibraryUser(gateway.url);
      expect(await limitsOf(user)).toEqual({
        isPro: false,
        prompts: { used: 0, limit: 5, canCreate: true },
        categories: { used: 1, limit: 1, canCreate: false },
        versionsKept: 20,
        subscription: { isCancelled: false, endsAt: null },
      });
    });

    it('refuses to delete General, with SPEC’s explanation', async () => {
      const user = await newLibraryUser(gateway.url);
      const res = await user.client.send<ApiError>(
        'DELETE',
        `/api/categories/${user.general.id}`,
        undefined,
        {},
      );
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'GENERAL_CATEGORY_PROTECTED', message: GENERAL_PROTECTED });
      expect((await user.client.get<Category[]>('/api/categories')).body).toEqual([user.general]);
    });
  });

  describe('prompts', () => {
    it('creates, lists, edits, copies, favours and deletes a prompt', async () => {
      const user = await newLibraryUser(gateway.url);
      const created = await createPrompt(user, {
        title: '  Weekly summary  ',
        content: 'Summarise my week in five bullets.',
      });
      expect(created).toEqual({
        id: expect.any(Number),
        title: 'Weekly summary',
        content: 'Summarise my week in five bullets.',
        categoryId: user.general.id,
        isFavorite: 0,
        usageCount: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        tags: [],
      });
      expect(await listPrompts(user)).toEqual([created]);
      // A library of one page goes out in one piece, its length known up front.
      const list = await user.client.get('/api/prompts');
      expect(list.headers.get('content-length')).toBe(String(JSON.stringify(list.body).length));
      expect(list.headers.get('transfer-encoding')).toBeNull();

      const edited = await user.client.send<Prompt>(
        'PATCH',
        `/api/prompts/${created.id}`,
        {
          title: 'Weekly review',
          content: 'Review my week.',
          categoryId: user.general.id,
        },
        {},
      );
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        id: created.id,
        title: 'Weekly review',
        content: 'Review my week.',
      });

      expect((await user.client.post(`/api/prompts/${created.id}/copy`)).body).toEqual({ usageCount: 1 });
      expect((await user.client.post(`/api/prompts/${created.id}/copy`)).body).toEqual({ usageCount: 2 });
      expect(
        (await user.client.post<Prompt>(`/api/prompts/${created.id}/toggle-favorite`)).body.isFavorite,
      ).toBe(1);
      const [listed] = await listPrompts(user);
      expect(listed).toMatchObject({ usageCount: 2, isFavorite: 1, title: 'Weekly review' });
      expect(
        (await user.client.post<Prompt>(`/api/prompts/${created.id}/toggle-favorite`)).body.isFavorite,
      ).toBe(0);

      expect((await user.client.send('DELETE', `/api/prompts/${created.id}`, undefined, {})).status).toBe(
        200,
      );
      expect(await listPrompts(user)).toEqual([]);
      expect((await user.client.send('DELETE', `/api/prompts/${created.id}`, undefined, {})).status).toBe(
        404,
      );
    });

    it('lists newest first and keeps text with HTML as text', async () => {
      const user = await newLibraryUser(gateway.url);
      const first = await createPrompt(user, { content: '<script>alert(1)</script> & <b>bold</b>' });
      const second = await createPrompt(user);
      const listed = await listPrompts(user);
      expect(listed.map((prompt) => prompt.id)).toEqual([second.id, first.id]);
      expect(listed[1].content).toBe('<script>alert(1)</script> & <b>bold</b>');
    });

    it.each([
      ['a 2-character title', { title: 'ab' }, { title: 'Title must be at least 3 characters long' }],
      [
        'a title of spaces around 2 characters',
        { title: '   ab   ' },
        { title: 'Title must be at least 3 characters long' },
      ],
      [
        '4 characters of content',
        { content: '1234' },
        { content: 'Content must be at least 5 characters long' },
      ],
      [
        'content of spaces around 2 characters',
        { content: '     12    ' },
        { content: 'Content must be at least 5 characters long' },
      ],
      [
        'a 201-character title',
        { title: 'x'.repeat(201) },
        { title: 'Title must be at most 200 characters long' },
      ],
      [
        '20,001 characters of content',
        { content: 'x'.repeat(20_001) },
        { content: 'Content must be at most 20000 characters long' },
      ],
      [
        'both too short',
        { title: 'ab', content: '1' },
        {
          title: 'Title must be at least 3 characters long',
          content: 'Content must be at least 5 characters long',
        },
      ],
      ['a title that is a number', { title: 42 }, { title: 'Title must be at least 3 characters long' }],
      [
        'a category that is a boolean',
        { categoryId: true },
        { categoryId: 'Category must be a category id or null' },
      ],
    ])('refuses %s with a field-named 400', async (_case, overrides, fields) => {
      const user = await newLibraryUser(gateway.url);
      const res = await user.client.post<ApiError>('/api/prompts', promptBody(overrides as never));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', fields });
      expect(res.body.message).toBe(Object.values(fields)[0]);
      expect(await listPrompts(user)).toEqual([]);
    });

    it('accepts the category as a numeric string, and the client placeholder as General', async () => {
      const user = await newLibraryUser(gateway.url);
      expect((await createPrompt(user, { categoryId: String(user.general.id) })).categoryId).toBe(
        user.general.id,
      );
      expect((await createPrompt(user, { categoryId: 'temp-general' })).categoryId).toBe(user.general.id);
    });

    it('answers 404 for another user’s prompt on every verb and changes nothing', async () => {
      const owner = await newLibraryUser(gateway.url);
      const other = await newLibraryUser(gateway.url);
      const prompt = await createPrompt(owner);
      const attempts = [
        other.client.send<ApiError>('PATCH', `/api/prompts/${prompt.id}`, promptBody(), {}),
        other.client.send<ApiError>('DELETE', `/api/prompts/${prompt.id}`, undefined, {}),
        other.client.post<ApiError>(`/api/prompts/${prompt.id}/copy`),
        other.client.post<ApiError>(`/api/prompts/${prompt.id}/toggle-favorite`),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Prompt not found' });
      }
      expect(await listPrompts(owner)).toEqual([prompt]);
      expect(await listPrompts(other)).toEqual([]);
    });

    it('answers 404 for ids that are not ids', async () => {
      const user = await newLibraryUser(gateway.url);
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        expect((await user.client.post(`/api/prompts/${id}/copy`)).status).toBe(404);
      }
    });

    it('requires a session for every call', async () => {
      const anonymous = new ApiClient(gateway.url);
      expect((await anonymous.get('/api/prompts')).status).toBe(401);
      expect((await anonymous.post('/api/prompts', promptBody())).status).toBe(401);
      expect((await anonymous.get('/api/categories')).status).toBe(401);
      expect((await anonymous.get('/api/user/limits')).status).toBe(401);
    });
  });

  describe('free tier', () => {
    it('refuses the 6th prompt with 403 and a code', async () => {
      const user = await newLibraryUser(gateway.url);
      for (let n = 0; n < 5; n += 1) await createPrompt(user);
      const res = await user.client.post<ApiError>('/api/prompts', promptBody());
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'PROMPT_LIMIT_REACHED',
        message:
          "You've reached the limit of 5 prompts on the free plan. Upgrade to Pro for unlimited prompts.",
      });
      expect(await limitsOf(user)).toMatchObject({ prompts: { used: 5, limit: 5, canCreate: false } });
    });

    it('leaves exactly 5 prompts after 10 parallel creations at 4', async () => {
      const user = await newLibraryUser(gateway.url);
      for (let n = 0; n < 4; n += 1) await createPrompt(user);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => user.client.post('/api/prompts', promptBody())),
      );
      expect(results.filter((res) => res.status === 201)).toHaveLength(1);
      expect(results.filter((res) => res.status === 403)).toHaveLength(9);
      expect(await listPrompts(user)).toHaveLength(5);
    });

    it('refuses a category to a free user', async () => {
      const user = await newLibraryUser(gateway.url);
      const res = await user.client.post<ApiError>('/api/categories', { name: 'Writing', position: 3 });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('CATEGORY_LIMIT_REACHED');
    });
  });

  describe('Pro tier and categories', () => {
    it('gives a Pro user unlimited limits, categories and ordering; General stays first', async () => {
      const user = await newLibraryUser(gateway.url);
      const limits = await setTier(user, true);
      expect(limits).toEqual({
        isPro: true,
        prompts: { used: 0, limit: -1, canCreate: true },
        categories: { used: 1, limit: -1, canCreate: true },
        versionsKept: 1000,
        subscription: { isCancelled: false, endsAt: null },
      });
      expect((await user.client.get<{ user: { isPro: boolean } }>('/api/user')).body.user.isPro).toBe(true);

      const names = ['Writing', 'Code', 'Email'];
      const created: Category[] = [];
      for (const name of names) {
        const res = await user.client.post<Category>('/api/categories', { name: `  ${name} `, position: 99 });
        expect(res.status).toBe(201);
        created.push(res.body);
      }
      expect(created.map((category) => [category.name, category.position])).toEqual([
        ['Writing', 0],
        ['Code', 1],
        ['Email', 2],
      ]);

      const duplicate = await user.client.post<ApiError>('/api/categories', { name: 'wRiTiNg' });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body).toMatchObject({
        code: 'CATEGORY_NAME_TAKEN',
        message: 'A category with this name already exists',
        rules: { name: 'taken' },
      });
      const general = await user.client.post<ApiError>('/api/categories', { name: 'general' });
      expect(general.status).toBe(409);
      const short = await user.client.post<ApiError>('/api/categories', { name: ' a ' });
      expect(short.status).toBe(400);
      expect(short.body.fields).toEqual({ name: 'Category name must be at least 2 characters long' });
      expect(short.body.rules).toEqual({ name: 'tooShort' });
      const long = await user.client.post<ApiError>('/api/categories', { name: 'x'.repeat(51) });
      expect(long.body.fields).toEqual({ name: 'Category name must be at most 50 characters long' });
      expect(long.body.rules).toEqual({ name: 'tooLong' });

      const [writing, code, email] = created;
      const reordered = await user.client.post<Category[]>('/api/categories/update-positions', {
        categoryPositions: [
          { id: email.id, position: 0 },
          { id: writing.id, position: 1 },
          { id: code.id, position: 2 },
        ],
      });
      expect(reordered.status).toBe(200);
      const listed = (await user.client.get<Category[]>('/api/categories')).body;
      expect(listed.map((category) => category.name)).toEqual(['General', 'Email', 'Writing', 'Code']);

      const moveGeneral = await user.client.post<ApiError>('/api/categories/update-positions', {
        categoryPositions: [{ id: user.general.id, position: 5 }],
      });
      expect(moveGeneral.status).toBe(400);
    });

    it('files a Pro user’s prompt in the chosen category, and refuses another user’s category', async () => {
      const user = await newLibraryUser(gateway.url);
      const other = await newLibraryUser(gateway.url);
      await setTier(user, true);
      const category = (await user.client.post<Category>('/api/categories', { name: 'Research' })).body;
      expect((await createPrompt(user, { categoryId: category.id })).categoryId).toBe(category.id);
      const res = await user.client.post<ApiError>(
        '/api/prompts',
        promptBody({ categoryId: other.general.id }),
      );
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Category not found');
    });

    it('answers 404 for another user’s category on delete and reorder, changing nothing', async () => {
      const owner = await newLibraryUser(gateway.url);
      const other = await newLibraryUser(gateway.url);
      await setTier(owner, true);
      const category = (await owner.client.post<Category>('/api/categories', { name: 'Mine' })).body;
      expect(
        (await other.client.send('DELETE', `/api/categories/${category.id}`, undefined, {})).status,
      ).toBe(404);
      const reorder = await other.client.post('/api/categories/update-positions', {
        categoryPositions: [{ id: category.id, position: 7 }],
      });
      expect(reorder.status).toBe(404);
      expect((await owner.client.get<Category[]>('/api/categories')).body).toContainEqual(category);
    });

    it('renames a category by PATCH: its prompts stay, General and other users’ categories are refused', async () => {
      const user = await newLibraryUser(gateway.url);
      const other = await newLibraryUser(gateway.url);
      await setTier(user, true);
      const writing = (await user.client.post<Category>('/api/categories', { name: 'Writing' })).body;
      await user.client.post<Category>('/api/categories', { name: 'Straße' });
      const prompt = await createPrompt(user, { categoryId: writing.id });
      const rename = (id: number, body: unknown, as = user) =>
        as.client.send<Category & ApiError>('PATCH', `/api/categories/${id}`, body, {});

      const renamed = await rename(writing.id, { name: '  Essays ' });
      expect(renamed).toMatchObject({ status: 200, body: { ...writing, name: 'Essays' } });
      expect((await user.client.get<Prompt>(`/api/prompts/${prompt.id}`)).body.categoryId).toBe(writing.id);
      expect((await rename(writing.id, { name: 'ESSAYS' })).status).toBe(200);

      // Postgres's own lower case decides what is taken, as for a new category.
      expect(await rename(writing.id, { name: 'STRASSE' })).toMatchObject({ status: 200 });
      expect(await rename(writing.id, { name: 'straße' })).toMatchObject({
        status: 409,
        body: { code: 'CATEGORY_NAME_TAKEN' },
      });
      expect(await rename(writing.id, { name: 'general' })).toMatchObject({ status: 409 });
      expect(await rename(writing.id, { name: 'x' })).toMatchObject({ status: 400 });
      expect(await rename(writing.id, {})).toMatchObject({ status: 400 });
      expect(await rename(user.general.id, { name: 'Inbox' })).toMatchObject({
        status: 403,
        body: { code: 'GENERAL_CATEGORY_PROTECTED' },
      });
      expect((await rename(writing.id, { name: 'Theirs now' }, other)).status).toBe(404);
      expect((await rename(0, { name: 'Nothing' })).status).toBe(404);
      expect(
        (await user.client.get<Category[]>('/api/categories')).body.map((category) => category.name),
      ).toEqual(['General', 'STRASSE', 'Straße']);
    });

    it('moves, deletes and restores many prompts in one call each, the user’s own only', async () => {
      const user = await newLibraryUser(gateway.url);
      const other = await newLibraryUser(gateway.url);
      await setTier(user, true);
      const writing = (await user.client.post<Category>('/api/categories', { name: 'Writing' })).body;
      const mine = [await createPrompt(user), await createPrompt(user), await createPrompt(user)];
      const theirs = await createPrompt(other);
      const ids = mine.map((prompt) => prompt.id);
      await user.client.post(`/api/prompts/${ids[0]}/copy`);
      const inWriting = async () =>
        (await listPrompts(user)).filter((prompt) => prompt.categoryId === writing.id).map((p) => p.id);

      const moved = await user.client.post('/api/prompts/move', {
        promptIds: [...ids, theirs.id],
        categoryId: writing.id,
      });
      expect(moved).toMatchObject({ status: 200, body: { promptIds: ids } });
      expect((await inWriting()).sort()).toEqual(ids);
      expect((await other.client.get<Prompt>(`/api/prompts/${theirs.id}`)).body.categoryId).toBe(
        other.general.id,
      );
      expect(
        await user.client.post('/api/prompts/move', { promptIds: ids, categoryId: other.general.id }),
      ).toMatchObject({ status: 404 });

      const deleted = await user.client.post('/api/prompts/delete', { promptIds: ids.slice(0, 2) });
      expect(deleted).toMatchObject({ status: 200, body: { promptIds: ids.slice(0, 2) } });
      expect((await listPrompts(user)).map((prompt) => prompt.id)).toEqual([ids[2]]);
      expect((await limitsOf(user)).prompts.used).toBe(1);
      expect((await user.client.get(`/api/prompts/${ids[0]}`)).status).toBe(404);
      expect(await other.client.post('/api/prompts/restore', { promptIds: [ids[0]] })).toMatchObject({
        status: 404,
      });

      const restored = await user.client.post('/api/prompts/restore', { promptIds: ids.slice(0, 2) });
      expect(restored).toMatchObject({ status: 200, body: { promptIds: ids.slice(0, 2) } });
      expect((await user.client.get<Prompt>(`/api/prompts/${ids[0]}`)).body).toMatchObject({
        categoryId: writing.id,
        usageCount: 1,
      });
      expect((await inWriting()).sort()).toEqual(ids);
      expect((await user.client.post('/api/prompts/restore', { promptIds: [ids[0]] })).status).toBe(404);
      expect((await user.client.post('/api/prompts/delete', { promptIds: [theirs.id] })).status).toBe(404);

      for (const body of [{}, { promptIds: [] }, { promptIds: ['1'] }, { promptIds: Array(1001).fill(1) }]) {
        expect((await user.client.post('/api/prompts/delete', body)).status).toBe(400);
      }
      expect((await user.client.post('/api/prompts/move', { promptIds: ids })).status).toBe(400);
    });

    it('counts a restore against the free limit again: all of it fits or none comes back', async () => {
      const user = await newLibraryUser(gateway.url);
      const prompts = [];
      for (let n = 0; n < 5; n += 1) prompts.push(await createPrompt(user));
      const ids = prompts.map((prompt) => prompt.id);
      await user.client.post('/api/prompts/delete', { promptIds: ids.slice(0, 2) });
      const fresh = await createPrompt(user);
      expect(await user.client.post('/api/prompts/restore', { promptIds: ids.slice(0, 2) })).toMatchObject({
        status: 403,
        body: { code: 'PROMPT_LIMIT_REACHED' },
      });
      expect((await limitsOf(user)).prompts.used).toBe(4);
      await user.client.send('DELETE', `/api/prompts/${fresh.id}`, undefined, {});
      expect((await user.client.post('/api/prompts/restore', { promptIds: ids.slice(0, 2) })).status).toBe(
        200,
      );
      expect((await limitsOf(user)).prompts).toMatchObject({ used: 5, canCreate: false });
    });

    it('deletes a category with its prompts in one go and announces it once', async () => {
      const user = await newLibraryUser(gateway.url);
      await setTier(user, true);
      const category = (await user.client.post<Category>('/api/categories', { name: 'Temporary' })).body;
      const inside = [
        await createPrompt(user, { categoryId: category.id }),
        await createPrompt(user, { categoryId: category.id }),
      ];
      const outside = await createPrompt(user);
      const res = await user.client.send<{ success: boolean; deletedPromptIds: number[] }>(
        'DELETE',
        `/api/categories/${category.id}`,
        undefined,
        {},
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        deletedPromptIds: inside.map((prompt) => prompt.id).sort((a, b) => a - b),
      });
      expect(await listPrompts(user)).toEqual([outside]);
      const events = await eventually(
        () => streamEvents(stack, 'events.category.deleted'),
        (all) => all.some((event) => event.data.categoryId === category.id),
      );
      expect(events.filter((event) => event.data.categoryId === category.id)).toEqual([
        expect.objectContaining({
          data: { userId: user.id, categoryId: category.id, promptIds: res.body.deletedPromptIds },
        }),
      ]);
    });

    it('announces prompt changes with growing versions, not copies or favourites', async () => {
      const user = await newLibraryUser(gateway.url);
      const prompt = await createPrompt(user);
      await user.client.send(
        'PATCH',
        `/api/prompts/${prompt.id}`,
        promptBody({ title: 'Changed title' }),
        {},
      );
      await user.client.post(`/api/prompts/${prompt.id}/copy`);
      await user.client.post(`/api/prompts/${prompt.id}/toggle-favorite`);
      await user.client.send('DELETE', `/api/prompts/${prompt.id}`, undefined, {});
      const updates = await eventually(
        () => streamEvents(stack, 'events.prompt.updated'),
        (all) => all.filter((event) => event.data.promptId === prompt.id).length >= 2,
      );
      expect(
        updates.filter((event) => event.data.promptId === prompt.id).map((event) => event.data.version),
      ).toEqual([1, 2]);
      const deletions = await eventually(
        () => streamEvents(stack, 'events.prompt.deleted'),
        (all) => all.some((event) => event.data.promptId === prompt.id),
      );
      expect(
        deletions.filter((event) => event.data.promptId === prompt.id).map((event) => event.data.version),
      ).toEqual([3]);
    });
  });

  describe('tier changes', () => {
    it('applies the same event once and ignores an older one', async () => {
      const user = await newLibraryUser(gateway.url);
      await setTier(user, true);
      const current = tierVersion;
      // A redelivery after the duplicate window: same data, another message id.
      await publishEvent(stack, 'events.tier.changed', {
        userId: user.id,
        isPro: true,
        isCancelled: true,
        endsAt: '2099-01-05T00:00:00.000Z',
        version: current + 1,
      });
      await publishEvent(stack, 'events.tier.changed', {
        userId: user.id,
        isPro: true,
        isCancelled: true,
        endsAt: '2099-01-05T00:00:00.000Z',
        version: current + 1,
      });
      tierVersion = current + 1;
      const cancelled = await eventually(
        () => limitsOf(user),
        (limits) => limits.subscription.isCancelled,
      );
      expect(cancelled).toMatchObject({
        isPro: true,
        subscription: { isCancelled: true, endsAt: '2099-01-05T00:00:00.000Z' },
      });

      await publishEvent(stack, 'events.tier.changed', {
        userId: user.id,
        isPro: false,
        isCancelled: false,
        endsAt: null,
        version: current,
      });
      // A newer marker event proves the older one was processed (and ignored) before it.
      const marker = tierVersion + 1;
      tierVersion = marker;
      await publishEvent(stack, 'events.tier.changed', {
        userId: user.id,
        isPro: true,
        isCancelled: true,
        endsAt: '2099-02-01T00:00:00.000Z',
        version: marker,
      });
      const after = await eventually(
        () => limitsOf(user),
        (limits: LimitsRecord) => limits.subscription.endsAt === '2099-02-01T00:00:00.000Z',
      );
      expect(after.isPro).toBe(true);
    });
  });
});
