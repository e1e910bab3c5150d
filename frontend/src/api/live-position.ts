import { LIVE_POSITION_HEADER } from '@promptlib/proto';

let earliest: string | null = null;

/**
 * Keeps the earliest live-feed position (`<stream epoch>-<sequence>`) the API's answers have told
 * of: what every answer read since shows holds all changes up to it, so the feed opens from there.
 * A position of a stream made anew replaces one of the old. Small: every first visit loads it.
 */
export function noteLivePosition(answer: Pick<Response, 'headers'>): void {
  const value = answer.headers.get(LIVE_POSITION_HEADER);
  if (!value || !/^\w+-\d+$/.test(value)) return;
  const [epoch, seq] = value.split('-');
  const [earliestEpoch, earliestSeq] = (earliest ?? '-').split('-');
  if (epoch !== earliestEpoch || Number(seq) < Number(earliestSeq)) earliest = value;
}

/** The position to open the feed from, or null when no answer told one. */
export function earliestLivePosition(): string | null {
  return earliest;
}

/** Forgets it: the next feed starts from what answers tell from now on (a new sign-in). */
export function forgetLivePosition(): void {
  earliest = null;
}
