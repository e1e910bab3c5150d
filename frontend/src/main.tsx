import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startEarlyLoads } from './app/early-loads';
import { createStore } from './app/store';
import { initI18n } from './i18n';
import { showNoticeLeftForReload } from './shared/toasts/toast-bus';

const store = createStore();
showNoticeLeftForReload();
startEarlyLoads(store, window.location.pathname);
// The first render waits for the user's language, so no screen ever flashes in the wrong one.
void initI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  ),
);
