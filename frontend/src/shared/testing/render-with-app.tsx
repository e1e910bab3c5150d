import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore } from '../../app/store';
import deFill from '../../i18n/de.fill.json';
import de from '../../i18n/de.json';
import deLibrary from '../../i18n/de.library.json';
import enFill from '../../i18n/en.fill.json';
import en from '../../i18n/en.json';
import enLibrary from '../../i18n/en.library.json';
import { FILL_NAMESPACE, LIBRARY_NAMESPACE } from '../../i18n/namespaces';

/** The app's real translations, loaded at once, set up as the app sets them up. */
export async function createTestI18n(language: 'en' | 'de' = 'en'): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    resources: {
      en: { translation: en, [LIBRARY_NAMESPACE]: enLibrary, [FILL_NAMESPACE]: enFill },
      de: { translation: de, [LIBRARY_NAMESPACE]: deLibrary, [FILL_NAMESPACE]: deFill },
    },
    fallbackLng: false,
    defaultNS: 'translation',
    fallbackNS: [LIBRARY_NAMESPACE, FILL_NAMESPACE],
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return instance;
}

let stylesOfThisFile: EmotionCache | undefined;

/** Takes the file's styles out of the document, so the next file's queries do not match them. */
export function removeTestStyles() {
  stylesOfThisFile?.sheet.flush();
  stylesOfThisFile = undefined;
}

/** Renders a piece of the app with a fresh store, the real translations and a router at `route`. */
export async function renderWithApp(ui: ReactElement, language: 'en' | 'de' = 'en', route = '/') {
  const i18n = await createTestI18n(language);
  const store = createStore();
  stylesOfThisFile ??= createCache({ key: 'css' });
  const view = render(
    <CacheProvider value={stylesOfThisFile}>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </I18nextProvider>
      </Provider>
    </CacheProvider>,
  );
  return { ...view, store, i18n };
}

type Answer = { status?: number; body?: unknown; delay?: Promise<void> };
type Handler = (method: string, path: string, body: unknown) => Answer | undefined;

/**
 * Replaces fetch with answers chosen by method and path; what no handler answers is a 404. Returns
 * the calls made, as "METHOD /api/path".
 */
export function stubApi(handler: Handler): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}`);
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const answer = handler(method, url, body) ?? {
      status: 404,
      body: { statusCode: 404, message: 'Not found', error: 'Not Found', code: 'NOT_FOUND' },
    };
    await answer.delay;
    // No body at all, not an empty one: a 204 may carry none.
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}
