import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { baseApi } from '../api/base-api';
import { librarySlice } from '../features/library/library.slice';
import { DARK_MODE_KEY, uiSlice } from './ui.slice';

export function createStore() {
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, ui: uiSlice.reducer, library: librarySlice.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  let darkMode = store.getState().ui.darkMode;
  store.subscribe(() => {
    const next = store.getState().ui.darkMode;
    if (next === darkMode) return;
    darkMode = next;
    window.localStorage.setItem(DARK_MODE_KEY, String(next));
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
