import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../../shared/components/PageSpinner';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { returnPath } from '../return-path';

/** A signed-in screen: a spinner while the user loads, the screen when there is one, else /auth. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/auth" replace />;
  return children;
}

/** /auth is for visitors: a signed-in user goes straight on, to the page that sent them or the library. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (user) return <Navigate to={returnPath(location.search)} replace />;
  return children;
}
