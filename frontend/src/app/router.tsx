import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RedirectIfSignedIn, RequireUser } from '../features/auth/components/RequireUser';
import { PageSpinner } from '../shared/components/PageSpinner';
import { lazyWithRetry } from '../shared/lazy-with-retry';

// Each screen is its own chunk: a visitor on /auth downloads nothing of the library or billing.
const AuthPage = lazyWithRetry(() =>
  import('../features/auth/pages/AuthPage').then((m) => ({ default: m.AuthPage })),
);
// Google's answer lands here, in the sign-in popup: a small file of its own. Its path is
// GOOGLE_CALLBACK_PATH, written out so that this file does not load the sign-in helpers.
const GoogleCallbackPage = lazyWithRetry(() =>
  import('../features/auth/pages/GoogleCallbackPage').then((m) => ({ default: m.GoogleCallbackPage })),
);
const loadDashboard = () => import('../features/library/pages/DashboardPage');
const DashboardPage = lazyWithRetry(() => loadDashboard().then((m) => ({ default: m.DashboardPage })));
const SubscribePage = lazyWithRetry(() =>
  import('../features/billing/pages/SubscribePage').then((m) => ({ default: m.SubscribePage })),
);
const SubscribeSuccessPage = lazyWithRetry(() =>
  import('../features/billing/pages/SubscribeSuccessPage').then((m) => ({ default: m.SubscribeSuccessPage })),
);
const SharedPromptPage = lazyWithRetry(() =>
  import('../features/sharing/pages/SharedPromptPage').then((m) => ({ default: m.SharedPromptPage })),
);
// The header (menus, tooltips, popper) belongs to signed-in screens only.
const loadAppLayout = () => import('../features/shell/components/AppLayout');
const AppLayout = lazyWithRetry(() => loadAppLayout().then((m) => ({ default: m.AppLayout })));
// Imported by the layout's chunk, which holds MUI's dialog already. Imported from here, the page was
// one more entry sharing the dialog, which moved the dialog into the vendor file that every first
// visit loads (+8.4 KB gzip on /auth; measured +0.3 KB this way).
const ApiKeysPage = lazyWithRetry(() =>
  loadAppLayout()
    .then((m) => m.loadApiKeysPage())
    .then((m) => ({ default: m.ApiKeysPage })),
);

const AccountPage = lazyWithRetry(() =>
  loadAppLayout()
    .then((m) => m.loadAccountPage())
    .then((m) => ({ default: m.AccountPage })),
);

/** Fetches the library screen's code at once, alongside the session, rather than when it renders. */
export function preloadLibraryScreen(): void {
  void loadAppLayout().catch(() => undefined);
  void loadDashboard().catch(() => undefined);
}
const NotFoundPage = lazyWithRetry(() =>
  import('../features/shell/pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route
          path="/auth"
          element={
            <RedirectIfSignedIn>
              <AuthPage />
            </RedirectIfSignedIn>
          }
        />
        <Route path="/auth/google/callback" element={<GoogleCallbackPage />} />
        <Route path="/shared/:shareId" element={<SharedPromptPage />} />
        <Route path="/subscribe" element={<SubscribePage />} />
        <Route
          element={
            <RequireUser>
              <AppLayout />
            </RequireUser>
          }
        >
          <Route path="/" element={<DashboardPage />} />
          <Route path="/subscribe/success" element={<SubscribeSuccessPage />} />
          <Route path="/settings/api-keys" element={<ApiKeysPage />} />
          <Route path="/settings/account" element={<AccountPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
