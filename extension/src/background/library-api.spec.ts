import { t } from '../shared/i18n';
import { LibraryApi } from './library-api';

const settings = { serverUrl: 'https://prompts.example.com', apiKey: 'plk_secret' };

/** A fetch that answers as told and records what it was asked. */
function fakeFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    return answer(String(input), init);
  }) as typeof fetch;
  return { calls, fetchFn };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('LibraryApi', () => {
  it('searches the most used prompts first, with the key and without cookies', async () => {
    const { calls, fetchFn } = fakeFetch(() =>
      json(200, { cards: [{ id: 3, title: 'Standup', preview: 'Yesterday…', usageCount: 9 }] }),
    );
    const answer = await new LibraryApi(settings, fetchFn).search('  stand up ');
    expect(answer).toEqual({ ok: true, prompts: [{ id: 3, title: 'Standup', preview: 'Yesterday…' }] });
    expect(calls[0]!.url).toBe(
      'https://prompts.example.com/api/prompts/cards?sort=used&limit=8&search=stand+up',
    );
    expect(calls[0]!.init.headers).toMatchObject({ Authorization: 'Bearer plk_secret' });
    expect(calls[0]!.init.credentials).toBe('omit');
  });

  it('asks nothing before it is connected', async () => {
    const { calls, fetchFn } = fakeFetch(() => json(200, {}));
    expect(await new LibraryApi(null, fetchFn).search('')).toEqual({
      ok: false,
      status: 0,
      code: '',
      problem: 'notConnected',
      message: t('notConnected'),
    });
    expect(calls).toEqual([]);
  });

  it('says a refused key was revoked or expired, and an unreachable server so', async () => {
    const refused = fakeFetch(() => json(401, { code: 'UNAUTHENTICATED', message: 'Sign in.' }));
    expect(await new LibraryApi(settings, refused.fetchFn).prompt(1)).toMatchObject({
      ok: false,
      problem: 'keyRefused',
      message: t('keyRefused'),
    });
    const down = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await new LibraryApi(settings, down.fetchFn).search('x')).toMatchObject({
      ok: false,
      problem: 'unreachable',
    });
  });

  it('answers no prompt for one the user no longer has, and passes on the server’s own refusals', async () => {
    const gone = fakeFetch(() => json(404, { code: 'NOT_FOUND', message: 'Prompt not found' }));
    expect(await new LibraryApi(settings, gone.fetchFn).prompt(7)).toEqual({ ok: true, prompt: null });
    const readOnly = fakeFetch(() =>
      json(403, { code: 'FORBIDDEN', message: 'This API key may only read.' }),
    );
    expect(await new LibraryApi(settings, readOnly.fetchFn).save('Title', 'Some content')).toMatchObject({
      ok: false,
      problem: 'refused',
      message: 'This API key may only read.',
    });
  });

  it('saves a selection into General and answers its title', async () => {
    const { calls, fetchFn } = fakeFetch(() => json(201, { id: 12, title: 'Summary' }));
    expect(await new LibraryApi(settings, fetchFn).save('Summary', 'Sum it up.')).toEqual({
      ok: true,
      id: 12,
      title: 'Summary',
    });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      title: 'Summary',
      content: 'Sum it up.',
      categoryId: null,
    });
  });
});
