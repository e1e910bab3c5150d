import { dateAndTimeNow, dateFormatter, localeFor } from './auto-values';

describe('automatic values and dates', () => {
  it("writes dates in the browser's own variant of the app's language, else in the language itself", () => {
    expect(localeFor('en', ['en-GB', 'de-DE'])).toBe('en-GB');
    expect(localeFor('de', ['en-GB', 'de-AT'])).toBe('de-AT');
    expect(localeFor('de', ['en-US'])).toBe('de');
  });

  it('gives today as a long date and the time, in the language of the page', () => {
    const now = new Date(2026, 0, 31, 9, 5);
    const english = dateAndTimeNow('en', now);
    expect(english.date).toBe(new Intl.DateTimeFormat(localeFor('en'), { dateStyle: 'long' }).format(now));
    expect(english.date).toContain('2026');
    expect(english.time).toMatch(/9:05/);
    expect(dateAndTimeNow('de', now).date).toContain('Januar 2026');
  });

  it('writes a date blank as a long date of the very day typed, whatever the time zone', () => {
    expect(dateFormatter('de')('2026-01-31')).toBe('31. Januar 2026');
    expect(dateFormatter('en')('2026-03-01')).toMatch(/March 1, 2026|1 March 2026/);
  });
});
