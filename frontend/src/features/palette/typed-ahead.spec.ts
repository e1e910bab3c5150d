import { EMPTY_TYPED_AHEAD, typedAheadWith, type TypedAhead } from './typed-ahead';

const key = (name: string, modifiers: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean } = {}) => ({
  key: name,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

const typed = (...keys: ReturnType<typeof key>[]): TypedAhead =>
  keys.reduce((ahead, next) => typedAheadWith(ahead, next), EMPTY_TYPED_AHEAD);

describe('typedAheadWith', () => {
  it('keeps characters, spaces and Backspace as the field would', () => {
    expect(typed(key('z'), key('e'), key(' '), key('7'), key('x'), key('Backspace'))).toEqual({
      text: 'ze 7',
      enter: false,
    });
  });

  it('keeps AltGr characters and letters of other scripts, not shortcuts or navigation keys', () => {
    expect(typed(key('@', { ctrlKey: true, altKey: true }), key('ä'), key('ß')).text).toBe('@äß');
    const before = typed(key('a'));
    for (const ignored of [
      key('c', { ctrlKey: true }),
      key('v', { metaKey: true }),
      key('ArrowDown'),
      key('Tab'),
    ]) {
      expect(typedAheadWith(before, ignored)).toBe(before);
    }
  });

  it('notes Enter, and keeps nothing typed after it', () => {
    const entered = typed(key('z'), key('Enter'));
    expect(entered).toEqual({ text: 'z', enter: true });
    expect(typedAheadWith(entered, key('q'))).toBe(entered);
  });
});
