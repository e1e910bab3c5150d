import {
  attachToaster,
  onFirstNotice,
  showNotice,
  showNoticeAcrossReload,
  showNoticeLeftForReload,
  whenNoticesShown,
  type Notice,
} from './toast-bus';

describe('toast bus', () => {
  it('keeps notices until the toaster is attached, then delivers them in order, then live', () => {
    const firstNotice = vi.fn();
    const stopWatching = onFirstNotice(firstNotice);
    showNotice({ title: 'one' });
    showNotice({ title: 'two' });
    expect(firstNotice).toHaveBeenCalled();

    const shown: Notice[] = [];
    const detach = attachToaster((notice) => shown.push(notice));
    expect(shown.map((notice) => notice.title)).toEqual(['one', 'two']);
    showNotice({ title: 'three', variant: 'success' });
    expect(shown.map((notice) => notice.title)).toEqual(['one', 'two', 'three']);
    detach();
    stopWatching();
  });

  it('runs what waits for the notices only once the toaster has them, and at once after', () => {
    showNotice({ title: 'before' });
    const waited = vi.fn();
    whenNoticesShown(waited);
    expect(waited).not.toHaveBeenCalled();

    const shown: string[] = [];
    const detach = attachToaster((notice) => {
      shown.push(notice.title);
      expect(waited).not.toHaveBeenCalled();
    });
    expect(shown).toEqual(['before']);
    expect(waited).toHaveBeenCalledTimes(1);
    const later = vi.fn();
    whenNoticesShown(later);
    expect(later).toHaveBeenCalledTimes(1);
    detach();
  });

  it('shows a notice given across a reload now, and once more at the next start only', () => {
    window.sessionStorage.clear();
    const shown: string[] = [];
    const detach = attachToaster((notice) => shown.push(notice.title));
    showNoticeAcrossReload({ title: 'Subscription Cancelled', variant: 'success' });
    expect(shown).toEqual(['Subscription Cancelled']);
    // The page reloads: its start shows what was left, once.
    showNoticeLeftForReload();
    showNoticeLeftForReload();
    expect(shown).toEqual(['Subscription Cancelled', 'Subscription Cancelled']);
    detach();
  });
});
