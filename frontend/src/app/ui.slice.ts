import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** UI state only: what the user is looking at, never server data. */
export type UiState = { darkMode: boolean; search: string };

export const DARK_MODE_KEY = 'darkMode';

export function initialDarkMode(): boolean {
  const stored = window.localStorage.getItem(DARK_MODE_KEY);
  if (stored === 'true' || stored === 'false') return stored === 'true';
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: (): UiState => ({ darkMode: initialDarkMode(), search: '' }),
  reducers: {
    toggleDarkMode(state) {
      state.darkMode = !state.darkMode;
    },
    setSearch(state, action: PayloadAction<string>) {
      state.search = action.payload;
    },
  },
});

export const { toggleDarkMode, setSearch } = uiSlice.actions;
