// Kept free of zod, so the browser's bundle can check text with it and carry no schema library.
import type { FieldRule } from './error-codes';

/**
 * Postgres keeps ids in 32-bit integers: a larger id names nothing, and is refused before any
 * query is made with it (Postgres would fail the query instead).
 */
export const MAX_ID = 2_147_483_647;

/** Whether a line of text or text with line breaks (prompt content) is expected. */
export type TextKind = 'line' | 'multiline';

// C0 controls, DEL and C1 controls.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// The same, less tab, line feed and carriage return, which text with lines holds.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL_CHARACTERS_BUT_LAYOUT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// With the u flag a surrogate matches only when it is not half of a pair.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

export type TextProblem = 'malformed' | 'control';

/**
 * Text is stored, indexed and sent to other users and services, so it must be well-formed Unicode
 * (no half of a surrogate pair, which Postgres and UTF-8 cannot hold) without NUL or other control
 * characters, which no one types and which break JSON columns, logs and terminals.
 */
export function textProblem(value: string, kind: TextKind = 'line'): TextProblem | null {
  if (LONE_SURROGATE.test(value)) return 'malformed';
  if ((kind === 'line' ? CONTROL_CHARACTERS : CONTROL_CHARACTERS_BUT_LAYOUT).test(value)) return 'control';
  return null;
}

export const textMessages = {
  malformed: (label: string) => `${label} contains characters that are not valid text`,
  control: (label: string) => `${label} must not contain control characters`,
} as const;

/** The rule a field whose text has this problem broke, as error bodies name it. */
export const textProblemRules = {
  malformed: 'malformedText',
  control: 'controlCharacters',
} as const satisfies Record<TextProblem, FieldRule>;
