import type { AutoValues } from '@promptlib/proto';

/**
 * The locale dates are written in: the browser's own tag when it is of the app's language (en-GB
 * writes "31 January 2026", en-US "January 31, 2026"), else the app's language itself, so a German
 * page never writes an English date.
 */
export function localeFor(
  language: string,
  browserLanguages: readonly string[] = navigator.languages,
): string {
  const base = language.toLowerCase().split('-')[0]!;
  return browserLanguages.find((tag) => tag.toLowerCase().split('-')[0] === base) ?? language;
}

/** `{{@date}}` and `{{@time}}` as they are now, in the user's language and time zone. */
export function dateAndTimeNow(language: string, now = new Date()): AutoValues {
  const locale = localeFor(language);
  return {
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(now),
    time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(now),
  };
}

/**
 * A date blank's `yyyy-mm-dd` as a long date in the user's language. Read and written in UTC: the
 * day typed is the day written, whatever the time zone.
 */
export function dateFormatter(language: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat(localeFor(language), { dateStyle: 'long', timeZone: 'UTC' });
  return (iso) => {
    const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
    return format.format(new Date(Date.UTC(year, month - 1, day)));
  };
}
