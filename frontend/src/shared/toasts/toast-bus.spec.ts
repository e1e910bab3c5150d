import { attachToaster, onFirstNotice, showNotice, type Notice } from './toast-bus';

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
});
