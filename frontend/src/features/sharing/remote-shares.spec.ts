import type { SharedLink } from '@promptlib/proto';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore, type AppStore } from '../../app/store';
import { stubApi } from '../../shared/testing/render-with-app';
import { shareChangedElsewhere } from './remote-shares';
import { sharingApi } from './sharing.api';

const LINK = 'AAAAAAAAAAAAAAAAAAAAAA';

describe('a public link made or revoked elsewhere', () => {
  let store: AppStore;
  let server: SharedLink[];
  let calls: string[];
  const cache = () => ({ dispatch: store.dispatch, getState: store.getState });
  const shown = () => sharingApi.endpoints.listShares.select()(store.getState()).data;

  beforeEach(async () => {
    store = createStore();
    server = [];
    calls = stubApi((method, path) =>
      method === 'GET' && path === '/api/shares' ? { body: server } : undefined,
    );
    await store.dispatch(sharingApi.endpoints.listShares.initiate());
    calls.length = 0;
  });

  afterEach(() => vi.unstubAllGlobals());

  it('reads the links again, so the card shows it shared', async () => {
    server = [
      {
        promptId: 3,
        title: 'Shared',
        shareId: LINK,
        views: 0,
        createdAt: new Date().toISOString(),
        url: `/shared/${LINK}`,
      },
    ];
    shareChangedElsewhere(cache(), { promptId: 3, shareId: LINK });
    await waitFor(() => expect(shown()).toEqual(server));
    expect(calls).toEqual(['GET /api/shares']);
  });

  it('reads nothing for a change the tab shows already, as its own revoke coming back', async () => {
    shareChangedElsewhere(cache(), { promptId: 3, shareId: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
  });
});
