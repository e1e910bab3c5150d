/**
 * Dates and amounts as the user's language writes them: SPEC's 'MMM d, yyyy' and '$1.99' are the
 * English forms ("Dec 25, 2026"); German reads "25. Dez. 2026" and "1,99 $".
 */

/** A day, its month abbreviated, in the user's language. */
export function formatDay(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric' }).format(
    new Date(iso),
  );
}

// A formatter costs far more to make than to use, and a list may show a thousand moments.
const momentFormats = new Map<string | undefined, Intl.DateTimeFormat>();

/** A moment to the minute, in the user's language: "Jan 5, 2026, 2:30 PM", "05.01.2026, 14:30". */
export function formatMoment(iso: string, language: string | undefined): string {
  let format = momentFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    momentFormats.set(language, format);
  }
  return format.format(new Date(iso));
}

/** An amount in US dollars; whole amounts without cents, as SPEC writes "$20". */
export function formatDollars(amount: number, language: string | undefined): string {
  const cents = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents,
    maximumFractionDigits: cents,
  }).format(amount);
}

/** A whole percentage: "16%", in German "16 %". */
export function formatPercent(fraction: number, language: string | undefined): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}
