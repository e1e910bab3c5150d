import { describe, expect, it, vi } from 'vitest';
import { prefetchSearch, registerSearchPrefetcher } from './search-prefetch';

describe('search prefetch', () => {
  it('asks the registered screen, and nobody once it has gone', () => {
    const prefetch = vi.fn();
    const unregister = registerSearchPrefetcher(prefetch);
    prefetchSearch('tart');
    expect(prefetch).toHaveBeenCalledWith('tart');
    unregister();
    prefetchSearch('again');
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('keeps a newer registration when an older one is taken back', () => {
    const older = vi.fn();
    const newer = vi.fn();
    const unregisterOlder = registerSearchPrefetcher(older);
    const unregisterNewer = registerSearchPrefetcher(newer);
    unregisterOlder();
    prefetchSearch('tart');
    expect(newer).toHaveBeenCalledWith('tart');
    expect(older).not.toHaveBeenCalled();
    unregisterNewer();
  });
});
