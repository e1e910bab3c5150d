/** What was typed between Ctrl/Cmd-K and the moment the palette's field could take it. */
export type TypedAhead = { text: string; enter: boolean };

export const EMPTY_TYPED_AHEAD: TypedAhead = { text: '', enter: false };

type Key = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/**
 * The typed-ahead state after one more key, or the same object when the key is not one the field
 * would take as text (a shortcut, an arrow). AltGr arrives as Ctrl+Alt and still types a character.
 */
export function typedAheadWith(ahead: TypedAhead, key: Key): TypedAhead {
  if (ahead.enter) return ahead;
  if (key.key === 'Enter') return { ...ahead, enter: true };
  if (key.key === 'Backspace') return { ...ahead, text: ahead.text.slice(0, -1) };
  const character = key.key.length === 1 || /^\p{L}\p{M}*$/u.test(key.key);
  if (!character || key.metaKey || (key.ctrlKey && !key.altKey)) return ahead;
  return { ...ahead, text: ahead.text + key.key };
}
