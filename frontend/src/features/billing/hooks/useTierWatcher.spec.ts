// The module keeps what this tab announced and heard: each test loads it afresh.
type TierWatcher = typeof import('./useTierWatcher');

async function freshWatcher(): Promise<TierWatcher> {
  vi.resetModules();
  return import('./useTierWatcher');
}

const proLimits = { isPro: true, subscription: { isCancelled: false } };
const freeLimits = { isPro: false, subscription: { isCancelled: false } };

describe('tierChangedElsewhere: the live feed says the tier changed', () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('in a browser that opened a checkout, waits the whole OWN_WORD_WAIT_MS for the checkout tab’s word before reading the limits itself', async () => {
    const watcher = await freshWatcher();
    watcher.noteCheckoutStarted();
    const readLimits = vi.fn().mockResolvedValue(proLimits);

    const done = watcher.tierChangedElsewhere({ isPro: true, isCancelled: false }, readLimits);
    await vi.advanceTimersByTimeAsync(watcher.OWN_WORD_WAIT_MS - 200);
    expect(readLimits).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(400);
    await done;
    expect(readLimits).toHaveBeenCalledTimes(1);
  });

  it('in a browser that opened a checkout, stops waiting when its checkout tab speaks, and reads nothing', async () => {
    const watcher = await freshWatcher();
    watcher.noteCheckoutStarted();
    const readLimits = vi.fn().mockResolvedValue(proLimits);

    const done = watcher.tierChangedElsewhere({ isPro: true, isCancelled: false }, readLimits);
    await vi.advanceTimersByTimeAsync(watcher.OWN_WORD_WAIT_MS - 5_000);
    watcher.announceToOtherTabs(true);
    await vi.advanceTimersByTimeAsync(200);
    await done;
    expect(readLimits).not.toHaveBeenCalled();
  });

  it('elsewhere reads the limits at once, and again until they show the change or LIMITS_CATCH_UP_MS has passed', async () => {
    const watcher = await freshWatcher();
    const readLimits = vi
      .fn()
      .mockResolvedValueOnce(freeLimits)
      .mockResolvedValueOnce(freeLimits)
      .mockResolvedValue(proLimits);

    const done = watcher.tierChangedElsewhere({ isPro: true, isCancelled: false }, readLimits);
    await vi.advanceTimersByTimeAsync(0);
    expect(readLimits).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    await done;
    expect(readLimits).toHaveBeenCalledTimes(3);

    const stale = vi.fn().mockResolvedValue(freeLimits);
    const givenUp = watcher.tierChangedElsewhere({ isPro: true, isCancelled: false }, stale);
    await vi.advanceTimersByTimeAsync(watcher.LIMITS_CATCH_UP_MS + 1_000);
    await givenUp;
    const reads = stale.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stale.mock.calls.length).toBe(reads);
    expect(reads).toBeGreaterThan(5);
  });
});
