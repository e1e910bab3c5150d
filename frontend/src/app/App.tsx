import CssBaseline from '@mui/material/CssBaseline';
// The plain provider: the app does not use CSS theme variables, so it skips their runtime.
import { ThemeProvider } from '@mui/system';
import { useEffect, useMemo } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { LoadFailedBoundary } from '../shared/components/LoadFailedBoundary';
import { PageLoadFailed } from '../shared/components/PageLoadFailed';
import { ToastHost } from '../shared/toasts/ToastHost';
import { AppRoutes } from './router';
import { useAppSelector, type AppStore } from './store';
import { createAppTheme } from './theme';

function ThemedApp() {
  const darkMode = useAppSelector((state) => state.ui.darkMode);
  const theme = useMemo(() => createAppTheme(darkMode), [darkMode]);

  useEffect(() => {
    document.documentElement.classList.toggle('dark', darkMode);
    document.documentElement.style.colorScheme = darkMode ? 'dark' : 'light';
  }, [darkMode]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <LoadFailedBoundary fallback={<PageLoadFailed />}>
          <AppRoutes />
        </LoadFailedBoundary>
      </BrowserRouter>
      <ToastHost />
    </ThemeProvider>
  );
}

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <ThemedApp />
    </Provider>
  );
}
