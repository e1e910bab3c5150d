import { act, renderHook } from '@testing-library/react';
import { COPIED_MS, useCopiedFlag } from './useCopiedFlag';

describe('useCopiedFlag', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says copied for COPIED_MS after the last copy, and stops at once when cleared', () => {
    const { result } = renderHook(() => useCopiedFlag());
    act(() => result.current.showCopied());
    expect(result.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(COPIED_MS - 500));
    act(() => result.current.showCopied());
    act(() => vi.advanceTimersByTime(COPIED_MS - 500));
    expect(result.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.copied).toBe(false);

    act(() => result.current.showCopied());
    act(() => result.current.clearCopied());
    expect(result.current.copied).toBe(false);
  });
});
