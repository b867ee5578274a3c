/** "3 hours ago", "yesterday", "in 2 days": Intl.RelativeTimeFormat with the largest fitting unit. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function relativeTime(thenMs: number, nowMs = Date.now(), locale = 'en'): string {
  const seconds = Math.round((thenMs - nowMs) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return Math.abs(seconds) < 45 ? format.format(0, 'second') : format.format(Math.trunc(seconds / 60), 'minute');
}
