import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../../../shared/components/PageSpinner';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { Header } from './Header';

/** The API keys page's code; see the router for why it is asked for from here. */
export const loadApiKeysPage = () => import('../../api-keys/pages/ApiKeysPage');
export const loadAccountPage = () => import('../../account/pages/AccountPage');

/** Every signed-in screen: the header above the page. Only rendered once a user is known. */
export function AppLayout() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Header user={user} />
      {/* The page below the header scrolls on its own, so the header stays and the library can virtualise. */}
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column' }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
