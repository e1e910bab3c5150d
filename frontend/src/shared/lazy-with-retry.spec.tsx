import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LoadFailedBoundary } from './components/LoadFailedBoundary';
import { loadWithRetry } from './lazy-with-retry';

describe('loading code again after a failure', () => {
  it('tries again after each pause until the load succeeds', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('chunk');
    await expect(loadWithRetry(load, [1, 1, 1])).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('passes on the last failure once every pause is spent', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new TypeError('offline'));
    await expect(loadWithRetry(load, [1, 1])).rejects.toThrow('offline');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('shows the fallback in place of a part that failed to load, and keeps the rest of the page', () => {
    const Broken = () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <main>
        <p>The rest of the page</p>
        <LoadFailedBoundary fallback={<p>Could not load</p>}>
          <Suspense fallback={null}>
            <Broken />
          </Suspense>
        </LoadFailedBoundary>
      </main>,
    );
    expect(screen.getByText('The rest of the page')).toBeTruthy();
    expect(screen.getByText('Could not load')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
