import type { PromptCard } from '@promptlib/proto';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Stands for General in the client until the real category has loaded. */
export const TEMP_GENERAL_ID = 'temp-general';

export type CategoryKey = number | typeof TEMP_GENERAL_ID;
export type PromptFilter =
  { kind: 'all' } | { kind: 'favorites' } | { kind: 'category'; categoryId: CategoryKey };
// The contracts' PromptSort and PROMPT_SORTS, repeated: importing their module puts zod into the
// bundle (94 KB more). library.slice.spec.ts keeps the two the same.
export type PromptSort = 'recent' | 'name' | 'used' | 'lastUsed';
export type PromptView = 'grid' | 'list';

/** What the user is looking at in the library; the data itself lives in the API cache. */
export type LibraryUiState = {
  filter: PromptFilter;
  /** The tag the list is narrowed to besides the filter, in the user's spelling; null for none. */
  tag: string | null;
  sort: PromptSort;
  view: PromptView;
  initialFilterChosen: boolean;
  /** A new prompt asked for from outside the library page (the command palette), not yet opened. */
  newPromptRequested: boolean;
  /** A prompt to edit, asked for from the command palette, not yet opened. */
  editRequested: PromptCard | null;
};

export const SORT_KEY = 'library-sort';
export const VIEW_KEY = 'library-view';
export const SORTS: readonly PromptSort[] = ['recent', 'name', 'used', 'lastUsed'];
const VIEWS: readonly PromptView[] = ['grid', 'list'];

/** The sort and view last chosen on this device (kept across reloads and sign-ins), else SPEC's defaults. */
export function savedSortAndView(): Pick<LibraryUiState, 'sort' | 'view'> {
  const sort = window.localStorage.getItem(SORT_KEY) as PromptSort | null;
  const view = window.localStorage.getItem(VIEW_KEY) as PromptView | null;
  return {
    sort: sort && SORTS.includes(sort) ? sort : 'recent',
    view: view && VIEWS.includes(view) ? view : 'grid',
  };
}

const initialState = (): LibraryUiState => ({
  filter: { kind: 'all' },
  tag: null,
  ...savedSortAndView(),
  initialFilterChosen: false,
  newPromptRequested: false,
  editRequested: null,
});

export const librarySlice = createSlice({
  name: 'library',
  initialState,
  reducers: {
    setFilter(state, action: PayloadAction<PromptFilter>) {
      state.filter = action.payload;
    },
    setTag(state, action: PayloadAction<string | null>) {
      state.tag = action.payload;
    },
    setSort(state, action: PayloadAction<PromptSort>) {
      state.sort = action.payload;
    },
    setView(state, action: PayloadAction<PromptView>) {
      state.view = action.payload;
    },
    /** The first filter of a session: General for someone with no prompts yet, else everything. */
    chooseInitialFilter(state, action: PayloadAction<PromptFilter>) {
      if (state.initialFilterChosen) return;
      state.initialFilterChosen = true;
      state.filter = action.payload;
    },
    requestNewPrompt(state) {
      state.newPromptRequested = true;
    },
    newPromptOpened(state) {
      state.newPromptRequested = false;
    },
    requestEditPrompt(state, action: PayloadAction<PromptCard>) {
      state.editRequested = action.payload;
    },
    editRequestOpened(state) {
      state.editRequested = null;
    },
    reset() {
      return initialState();
    },
  },
});

export const {
  setFilter,
  setTag,
  setSort,
  setView,
  chooseInitialFilter,
  requestNewPrompt,
  newPromptOpened,
  requestEditPrompt,
  editRequestOpened,
} = librarySlice.actions;
export const resetLibraryUi = librarySlice.actions.reset;
