import { act, fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { renderWithApp } from '../../../shared/testing/render-with-app';
import { registerSearchPrefetcher } from '../../../shared/search-prefetch';
import { SearchField } from './SearchField';

let asked: string[];
let unregister: () => void;

beforeEach(() => {
  asked = [];
  unregister = registerSearchPrefetcher((search) => asked.push(search));
});

afterEach(() => {
  unregister();
  vi.useRealTimers();
});

async function renderField() {
  const view = await renderWithApp(<SearchField />);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const type = (text: string) => fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  return { ...view, type, wait };
}

describe('the search field', () => {
  it('asks for the results once typing pauses 150 ms, and shows the search at 300 ms', async () => {
    const { store, type, wait } = await renderField();
    type('tart');
    await wait(149);
    expect(asked).toEqual([]);
    await wait(1);
    expect(asked).toEqual(['tart']);
    expect(store.getState().ui.search).toBe('');
    await wait(150);
    expect(store.getState().ui.search).toBe('tart');
  });

  it('asks nothing while the keys come faster than the early pause', async () => {
    const { store, type, wait } = await renderField();
    for (const text of ['t', 'ta', 'tar', 'tart']) {
      type(text);
      await wait(100);
    }
    expect(asked).toEqual([]);
    await wait(200);
    expect(asked.filter((text) => text !== 'tart')).toEqual([]);
    expect(store.getState().ui.search).toBe('tart');
  });
});
