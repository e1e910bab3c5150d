import { describe, expect, it, beforeEach } from 'vitest';
import { resetLibraryUi, setSort, setView, SORT_KEY, VIEW_KEY } from '../features/library/library.slice';
import { createStore } from './store';
import { DARK_MODE_KEY, toggleDarkMode } from './ui.slice';

describe("the store keeps this device's choices", () => {
  beforeEach(() => window.localStorage.clear());

  it('starts from SPEC’s sort and view and writes nothing until the user chooses', () => {
    const store = createStore();
    expect(store.getState().library).toMatchObject({ sort: 'recent', view: 'grid' });
    expect(window.localStorage.getItem(SORT_KEY)).toBeNull();
    expect(window.localStorage.getItem(VIEW_KEY)).toBeNull();
    expect(window.localStorage.getItem(DARK_MODE_KEY)).toBeNull();
  });

  it('keeps the sort, the view and the theme across a reload and a sign-out', () => {
    const store = createStore();
    store.dispatch(setSort('used'));
    store.dispatch(setView('list'));
    store.dispatch(toggleDarkMode());
    store.dispatch(resetLibraryUi());
    expect(store.getState().library).toMatchObject({ sort: 'used', view: 'list' });

    const reloaded = createStore();
    expect(reloaded.getState().library).toMatchObject({ sort: 'used', view: 'list' });
    expect(reloaded.getState().ui.darkMode).toBe(store.getState().ui.darkMode);
  });

  it('ignores a stored value it does not know', () => {
    window.localStorage.setItem(SORT_KEY, 'random');
    window.localStorage.setItem(VIEW_KEY, 'cards');
    expect(createStore().getState().library).toMatchObject({ sort: 'recent', view: 'grid' });
  });
});
