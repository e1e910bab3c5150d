import { PROMPT_SORTS, type PromptSort as ContractSort } from '@promptlib/proto';
import { expectTypeOf } from 'vitest';
import { savedSortAndView, SORT_KEY, SORTS, VIEW_KEY, type PromptSort } from './library.slice';

describe('the library’s sorts', () => {
  afterEach(() => window.localStorage.clear());

  it('are the orders the API offers, in the same order', () => {
    expect(SORTS).toEqual(PROMPT_SORTS);
    expectTypeOf<PromptSort>().toEqualTypeOf<ContractSort>();
  });

  it('come back as last chosen on this device, and an unknown one as the default', () => {
    window.localStorage.setItem(SORT_KEY, 'lastUsed');
    window.localStorage.setItem(VIEW_KEY, 'list');
    expect(savedSortAndView()).toEqual({ sort: 'lastUsed', view: 'list' });
    window.localStorage.setItem(SORT_KEY, 'oldest');
    window.localStorage.setItem(VIEW_KEY, 'table');
    expect(savedSortAndView()).toEqual({ sort: 'recent', view: 'grid' });
  });
});
