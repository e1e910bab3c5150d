import { authApi } from '../features/auth/auth.api';
import { preloadLibraryTranslations } from '../i18n';
import { preloadLibraryScreen } from './router';
import type { AppStore } from './store';

/**
 * What the first screen needs, asked for before the first render (which waits for the
 * translations): the session, and on the library's page its code and, once the session is known,
 * its first data, so none of them waits for the one before.
 */
export function startEarlyLoads(store: AppStore, path: string): void {
  const session = store.dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false }));
  if (path !== '/') return;
  preloadLibraryScreen();
  preloadLibraryTranslations();
  // The library's API is its own chunk, fetched here for the library page only: /auth's first
  // visit downloads none of it.
  const library = Promise.all([
    import('../features/library/library.api'),
    import('../features/library/prompt-selection'),
  ]);
  void Promise.all([session, library]).then(([{ data: user }, [{ libraryApi }, { listArgsOf }]]) => {
    if (!user) return;
    const { filter, tag, sort } = store.getState().library;
    const firstList = listArgsOf({ filter, tag, sort, search: store.getState().ui.search, general: null });
    store.dispatch(libraryApi.util.prefetch('getPromptCounts', undefined, {}));
    store.dispatch(libraryApi.util.prefetch('getCategories', undefined, {}));
    store.dispatch(libraryApi.util.prefetch('getLimits', undefined, {}));
    store.dispatch(libraryApi.util.prefetch('getPromptCards', firstList, {}));
  });
}
