import { describe, expect, it } from 'vitest';
import { formatDay, formatDollars, formatMoment, formatPercent } from './locale-format';

// Intl puts a no-break space (U+00A0) or a narrow one (U+202F) where German spaces amounts.
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('locale formats', () => {
  it("writes a day as SPEC's 'MMM d, yyyy' in English and in German order in German", () => {
    expect(formatDay('2026-12-25T10:00:00.000Z', 'en')).toBe('Dec 25, 2026');
    expect(formatDay('2026-12-25T10:00:00.000Z', 'de')).toBe('25. Dez. 2026');
  });

  it('writes a moment to the minute in the order and clock of each language', () => {
    // Made from the local time, so the test reads the same in every time zone.
    const moment = new Date(2026, 0, 5, 14, 30).toISOString();
    expect(plainSpaces(formatMoment(moment, 'en'))).toBe('Jan 5, 2026, 2:30 PM');
    expect(formatMoment(moment, 'de')).toBe('05.01.2026, 14:30');
  });

  it('writes dollars with cents only where there are cents', () => {
    expect(formatDollars(1.99, 'en')).toBe('$1.99');
    expect(formatDollars(20, 'en')).toBe('$20');
    expect(plainSpaces(formatDollars(1.99, 'de'))).toBe('1,99 $');
    expect(plainSpaces(formatDollars(20, 'de'))).toBe('20 $');
  });

  it('writes a whole percentage', () => {
    expect(formatPercent(0.1625, 'en')).toBe('16%');
    expect(plainSpaces(formatPercent(0.1625, 'de'))).toBe('16 %');
  });
});
