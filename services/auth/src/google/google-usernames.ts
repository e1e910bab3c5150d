import { limits } from '@promptlib/proto';

// Control characters (C0, DEL, C1) and halves of surrogate pairs, which are not text a name can hold.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const NOT_TEXT = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udfff]/gu;
// A suffix is a space and up to nine digits.
const SUFFIX_ROOM = 10;
const TRIES_PER_WIDTH = 4;
const WIDTHS = [1_000, 1_000_000, 1_000_000_000];

/**
 * The usernames to try, in order, for a new Google user: the display name as it is (made fit for
 * a username), then with a random number; without a display name 'User' plus a random number below
 * 1000. After a few taken tries the number widens, so a popular name still finds a free one.
 */
export function usernameCandidates(displayName: string | null, random: (below: number) => number): string[] {
  const base = displayName ? fit(displayName) : null;
  const stem = base ?? 'User';
  const numbered = WIDTHS.flatMap((width) =>
    Array.from({ length: TRIES_PER_WIDTH }, () =>
      base ? `${stem} ${random(width)}` : `${stem}${random(width)}`,
    ),
  );
  return base ? [base, ...numbered] : numbered;
}

/** What is not text out, spaces collapsed, cut to leave room for a number; null when too short. */
function fit(displayName: string): string | null {
  const cleaned = displayName.replace(NOT_TEXT, ' ').replace(/\s+/g, ' ').trim();
  const cut = [...cleaned]
    .slice(0, limits.username.max - SUFFIX_ROOM)
    .join('')
    .trim();
  return cut.length >= limits.username.min ? cut : null;
}
