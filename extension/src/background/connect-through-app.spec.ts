import { t } from '../shared/i18n';
import { connectThroughApp, keyFromApp } from './connect-through-app';

const SERVER = 'https://prompts.example.com';
const KEY = `plk_${'a'.repeat(43)}`;

/** chrome.storage and chrome.tabs as the service worker sees them, kept in maps. */
function fakeBrowser() {
  const areas = { local: new Map<string, unknown>(), session: new Map<string, unknown>() };
  const area = (store: Map<string, unknown>) => ({
    get: async (key: string) => (store.has(key) ? { [key]: store.get(key) } : {}),
    set: async (items: Record<string, unknown>) => {
      for (const [key, value] of Object.entries(items)) store.set(key, value);
    },
    remove: async (key: string) => {
      store.delete(key);
    },
  });
  const scope = globalThis as unknown as { chrome: Record<string, unknown> };
  scope.chrome = {
    ...scope.chrome,
    storage: { local: area(areas.local), session: area(areas.session) },
    tabs: { create: async ({ url }: { url: string }) => ({ id: 41, url: '', pendingUrl: url }) },
  };
  return areas;
}

const appTab = (url = `${SERVER}/settings/api-keys?connect=extension`) =>
  ({ id: 41, url }) as chrome.tabs.Tab;

describe('keyFromApp', () => {
  let areas: ReturnType<typeof fakeBrowser>;
  const answers: string[] = [];

  beforeEach(() => {
    areas = fakeBrowser();
    answers.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit) => {
        answers.push(`${init.method ?? 'GET'} ${input}`);
        const accepted = (init.headers as Record<string, string>).Authorization === `Bearer ${KEY}`;
        return accepted
          ? new Response(JSON.stringify({ cards: [] }), { status: 200 })
          : new Response(JSON.stringify({ code: 'UNAUTHORIZED', message: 'No.' }), { status: 401 });
      }),
    );
  });

  afterEach(() => vi.unstubAllGlobals());

  it('keeps a key from the tab it opened on the server named, once the server takes it', async () => {
    await connectThroughApp(SERVER);
    expect(await keyFromApp(appTab(), KEY)).toEqual({ ok: true });
    expect(areas.local.get('connection')).toEqual({ serverUrl: SERVER, apiKey: KEY });
    // Once only: the tab cannot hand over another key afterwards.
    expect(await keyFromApp(appTab(), KEY)).toEqual({ ok: false, message: t('connectFromOptions') });
  });

  it('refuses a key when no connection was started, from another tab, or from the tab once it shows another site', async () => {
    expect(await keyFromApp(appTab(), KEY)).toEqual({ ok: false, message: t('connectFromOptions') });
    await connectThroughApp(SERVER);
    expect(await keyFromApp({ id: 42, url: `${SERVER}/` } as chrome.tabs.Tab, KEY)).toMatchObject({
      ok: false,
    });
    expect(await keyFromApp(appTab('https://evil.example/settings/api-keys'), KEY)).toMatchObject({
      ok: false,
    });
    expect(await keyFromApp(undefined, KEY)).toMatchObject({ ok: false });
    // None of them was even tried on the server, and nothing was kept.
    expect(answers).toEqual([]);
    expect(areas.local.size).toBe(0);
  });

  it('keeps nothing when the server refuses the key, and says so', async () => {
    await connectThroughApp(SERVER);
    expect(await keyFromApp(appTab(), `plk_${'b'.repeat(43)}`)).toEqual({
      ok: false,
      message: t('keyRefused'),
    });
    expect(areas.local.size).toBe(0);
  });
});
