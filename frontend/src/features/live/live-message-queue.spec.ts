import type { LiveChange, Prompt } from '@promptlib/proto';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { stubApi } from '../../shared/testing/render-with-app';
import { libraryApi } from '../library/library.api';
import { liveMessageQueue } from './useLiveFeed';

const ALL = { filter: 'all', categoryId: null, tag: null, search: '', sort: 'recent' } as const;

const updated = (promptId: number): LiveChange => ({
  type: 'prompt.updated',
  promptId,
  title: `Prompt ${promptId}`,
  content: 'Text',
  categoryId: null,
  version: 1,
  occurredAt: '2026-11-28T10:00:00.000Z',
});

/** A prompt as `GET /api/prompts/{id}` answers it. */
const wholePrompt = (id: number): Prompt => ({
  id,
  title: `Prompt ${id}`,
  content: 'Text',
  categoryId: null,
  isFavorite: 0,
  usageCount: 0,
  createdAt: '',
  updatedAt: '',
  tags: [],
});

describe('the live messages’ queue', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the lists again once for a run of many prompt changes, instead of each prompt', async () => {
    const store = createStore();
    const calls = stubApi((_method, path) =>
      path.startsWith('/api/prompts/cards')
        ? { body: { cards: [], nextCursor: null, total: 0, totalAtLeast: false } }
        : { body: wholePrompt(1) },
    );
    const subscription = store.dispatch(libraryApi.endpoints.getPromptCards.initiate(ALL));
    await subscription;
    calls.length = 0;

    const apply = liveMessageQueue({ dispatch: store.dispatch, getState: store.getState });
    for (let id = 1; id <= 30; id += 1) apply({ kind: 'change', change: updated(id) });
    await waitFor(() => expect(calls.some((call) => call.startsWith('GET /api/prompts/cards'))).toBe(true));
    // The first arrived alone and was read alone; the 29 after it waited together.
    expect(calls.filter((call) => /^GET \/api\/prompts\/\d+$/.test(call)).length).toBeLessThanOrEqual(1);
    subscription.unsubscribe();
  });

  it('applies a few changes one by one, in their order', async () => {
    const store = createStore();
    const calls = stubApi((_method, path) => {
      const id = Number(/\/api\/prompts\/(\d+)$/.exec(path)?.[1]);
      return id
        ? { body: wholePrompt(id) }
        : { body: { cards: [], nextCursor: null, total: 0, totalAtLeast: false } };
    });
    const apply = liveMessageQueue({ dispatch: store.dispatch, getState: store.getState });
    for (const id of [3, 1, 2]) apply({ kind: 'change', change: updated(id) });
    await waitFor(() =>
      expect(calls.filter((call) => /^GET \/api\/prompts\/\d+$/.test(call))).toHaveLength(3),
    );
    expect(calls.filter((call) => /^GET \/api\/prompts\/\d+$/.test(call))).toEqual([
      'GET /api/prompts/3',
      'GET /api/prompts/1',
      'GET /api/prompts/2',
    ]);
  });
});
