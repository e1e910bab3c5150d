import { rememberedValues, rememberValues } from './remembered-values';

describe('remembered template values', () => {
  beforeEach(() => window.localStorage.clear());

  it('gives back the values last used for the same prompt only', () => {
    rememberValues('prompt:4', { name: 'Ada', tone: 'casual' });
    rememberValues('prompt:4', { name: 'Lin', tone: 'formal' });
    expect(rememberedValues('prompt:4')).toEqual({ name: 'Lin', tone: 'formal' });
    expect(rememberedValues('prompt:5')).toEqual({});
    expect(rememberedValues('shared:prompt:4')).toEqual({});
  });

  it('never keeps an automatic value: the date and the clipboard are read again at each use', () => {
    rememberValues('prompt:4', { name: 'Ada', '@date': 'May 4, 2026', '@clipboard': 'a secret' });
    expect(rememberedValues('prompt:4')).toEqual({ name: 'Ada' });
    expect(window.localStorage.getItem('template-values:prompt:4')).toBe('{"name":"Ada"}');
    window.localStorage.setItem('template-values:prompt:5', '{"@time":"9:15 AM","a":"x"}');
    expect(rememberedValues('prompt:5')).toEqual({ a: 'x' });
  });

  it('ignores what it cannot read', () => {
    window.localStorage.setItem('template-values:prompt:1', '{not json');
    window.localStorage.setItem('template-values:prompt:2', '["a"]');
    window.localStorage.setItem('template-values:prompt:3', '{"a":"x","b":3,"c":null}');
    expect(rememberedValues('prompt:1')).toEqual({});
    expect(rememberedValues('prompt:2')).toEqual({});
    expect(rememberedValues('prompt:3')).toEqual({ a: 'x' });
  });

  it('keeps going when storage refuses a write', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => rememberValues('prompt:1', { a: 'b' })).not.toThrow();
    setItem.mockRestore();
  });
});
