import { LIVE_POSITION_HEADER } from '@promptlib/proto';

// `<stream epoch>-<sequence>`, as the gateway writes event ids.
const POSITION = /^([0-9a-z]{1,12})-([0-9]{1,15})$/;

let earliest: { epoch: string; seq: number; id: string } | null = null;

/**
 * Keeps the earliest live-feed position the API's answers have told of (LIVE_POSITION_HEADER):
 * what every answer read since shows holds all changes up to it, so the feed opens from there.
 * A position of a newer stream (made anew) replaces one of the old.
 */
export function noteLivePosition(answer: Pick<Response, 'headers'>): void {
  const value = answer.headers.get(LIVE_POSITION_HEADER);
  const match = value === null ? null : POSITION.exec(value);
  if (!match || value === null) return;
  const seq = Number(match[2]);
  if (earliest && earliest.epoch === match[1] && earliest.seq <= seq) return;
  earliest = { epoch: match[1]!, seq, id: value };
}

/** The position to open the feed from, or null when no answer told one. */
export function earliestLivePosition(): string | null {
  return earliest?.id ?? null;
}

/** Forgets it: the next feed starts from what answers tell from now on (a new sign-in). */
export function forgetLivePosition(): void {
  earliest = null;
}
