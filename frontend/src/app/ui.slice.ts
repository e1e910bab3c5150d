import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The dialogs of the signed-in app that the user menu, the palette and shortcuts all open. */
export type AppDialog = 'sharedLinks' | 'export' | 'import' | 'shortcuts';

/** UI state only: what the user is looking at, never server data. */
export type UiState = { darkMode: boolean; search: string; appDialog: AppDialog | null };

export const DARK_MODE_KEY = 'darkMode';

export function initialDarkMode(): boolean {
  const stored = window.localStorage.getItem(DARK_MODE_KEY);
  if (stored === 'true' || stored === 'false') return stored === 'true';
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: (): UiState => ({ darkMode: initialDarkMode(), search: '', appDialog: null }),
  reducers: {
    toggleDarkMode(state) {
      state.darkMode = !state.darkMode;
    },
    setSearch(state, action: PayloadAction<string>) {
      state.search = action.payload;
    },
    openAppDialog(state, action: PayloadAction<AppDialog>) {
      state.appDialog = action.payload;
    },
    closeAppDialog(state) {
      state.appDialog = null;
    },
  },
});

export const { toggleDarkMode, setSearch, openAppDialog, closeAppDialog } = uiSlice.actions;
