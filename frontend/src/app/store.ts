import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { baseApi } from '../api/base-api';
import { librarySlice, SORT_KEY, VIEW_KEY } from '../features/library/library.slice';
import { DARK_MODE_KEY, uiSlice } from './ui.slice';

export function createStore() {
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, ui: uiSlice.reducer, library: librarySlice.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
    // The API's answers reach the screen at the end of the task they arrive in, not at the next
    // animation frame (the default): a list rendering for longer than a frame would otherwise
    // start up to a frame late, and it did on every search.
    enhancers: (getDefaultEnhancers) => getDefaultEnhancers({ autoBatch: { type: 'tick' } }),
  });
  // Choices of this device, kept across reloads: the theme, the library's sort and view.
  const kept = { [DARK_MODE_KEY]: '', [SORT_KEY]: '', [VIEW_KEY]: '' };
  const keep = (key: keyof typeof kept, value: string) => {
    if (kept[key] === value) return;
    if (kept[key] !== '') window.localStorage.setItem(key, value);
    kept[key] = value;
  };
  const keepChoices = () => {
    const { ui, library } = store.getState();
    keep(DARK_MODE_KEY, String(ui.darkMode));
    keep(SORT_KEY, library.sort);
    keep(VIEW_KEY, library.view);
  };
  keepChoices();
  store.subscribe(keepChoices);
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
