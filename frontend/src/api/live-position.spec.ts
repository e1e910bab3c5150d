import { LIVE_POSITION_HEADER } from '@promptlib/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { earliestLivePosition, forgetLivePosition, noteLivePosition } from './live-position';

const answer = (position: string | null) => ({
  headers: new Headers(position === null ? {} : { [LIVE_POSITION_HEADER]: position }),
});

describe('the live position the API’s answers tell', () => {
  afterEach(() => forgetLivePosition());

  it('keeps the earliest, whatever order the answers come in', () => {
    expect(earliestLivePosition()).toBeNull();
    noteLivePosition(answer('mx1-40'));
    noteLivePosition(answer('mx1-38'));
    noteLivePosition(answer('mx1-45'));
    noteLivePosition(answer(null));
    expect(earliestLivePosition()).toBe('mx1-38');
  });

  it('takes a position of a stream made anew, and ignores one that is not a position', () => {
    noteLivePosition(answer('mx1-40'));
    noteLivePosition(answer('../etc'));
    expect(earliestLivePosition()).toBe('mx1-40');
    noteLivePosition(answer('mx2-3'));
    expect(earliestLivePosition()).toBe('mx2-3');
  });

  it('forgets it when the user signs out', () => {
    noteLivePosition(answer('mx1-40'));
    forgetLivePosition();
    expect(earliestLivePosition()).toBeNull();
  });
});
