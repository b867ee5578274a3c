/** "3 hours ago", "yesterday", "in 2 days": Intl.RelativeTimeFormat with the largest fitting unit. */
const UNITS: readonly Intl.RelativeTimeFormatUnit[] = ['year', 'month', 'week', 'day', 'hour', 'minute', 'second'];
/** The length in seconds of each unit but the last (seconds: what is left under a minute). */
const SIZES: readonly number[] = [365 * 24 * 3600, 30 * 24 * 3600, 7 * 24 * 3600, 24 * 3600, 3600, 60];
const MINUTE = UNITS.indexOf('minute');

/**
 * One formatter per locale (building one costs far more than formatting with it), and what it
 * wrote for each unit and amount: a tree shows the same few phrases ("3 hours ago") many times,
 * and a lookup is about a hundred times cheaper than formatting again. Kept per unit, by amount (a
 * number key: no string is built nor hashed per row).
 */
interface Format {
  format: Intl.RelativeTimeFormat;
  phrases: Map<number, string>[];
  size: number;
}
const formats = new Map<string, Format>();
/** The locale asked last, and its formatter: a tree asks for one locale many times in a row. */
let last: { locale: string; entry: Format } | undefined;
/** Phrases kept per locale at the most (there are a few hundred in practice: years are the only open-ended unit). */
const MAX_PHRASES = 2000;

/**
 * The formatter for `locale` (an editor language such as `de` or `zh-cn`). A tag Intl refuses
 * (VS Code's pseudo-locale `qps-ploc`) or does not know falls back to the runtime's best match,
 * then English, instead of throwing in the middle of a tree.
 */
function formatFor(locale: string): Format {
  let entry = formats.get(locale);
  if (!entry) {
    let format: Intl.RelativeTimeFormat;
    try {
      format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    } catch {
      format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    }
    formats.set(locale, (entry = { format, phrases: UNITS.map(() => new Map()), size: 0 }));
  }
  last = { locale, entry };
  return entry;
}

/** The phrase not kept yet: formatted, then kept (all are dropped when there are too many). */
function format(entry: Format, value: number, unit: number): string {
  if (entry.size >= MAX_PHRASES) {
    for (const m of entry.phrases) m.clear();
    entry.size = 0;
  }
  const text = entry.format.format(value, UNITS[unit]);
  entry.phrases[unit].set(value, text);
  entry.size++;
  return text;
}

/**
 * The first Intl object of a process loads ICU's data (about 10–30 ms). Done once, on a timer after
 * the importing code (activation) has run, it happens while the first list is being fetched instead
 * of in the first render of a tree. Every later locale then costs well under a millisecond.
 */
setTimeout(() => formatFor('en'), 0).unref?.();

/**
 * `locale` is the editor's language (`vscode.env.language`), passed in by the view layer. A time
 * that is not one (NaN: a date the service wrote that is not a date) reads as '': no time is
 * shown, and the row or page around it is.
 */
export function relativeTime(thenMs: number, nowMs = Date.now(), locale = 'en'): string {
  // Called for every row of a tree, mostly before it is optimized: the kept formatter and phrase are read inline.
  const entry = last?.locale === locale ? last.entry : formatFor(locale);
  const seconds = Math.round((thenMs - nowMs) / 1000);
  const abs = Math.abs(seconds);
  if (!(abs < Infinity)) return '';
  let unit = 0;
  while (unit < SIZES.length && abs < SIZES[unit]) unit++;
  let value: number;
  if (unit < SIZES.length) value = Math.trunc(seconds / SIZES[unit]);
  else if (abs < 45)
    value = 0; // "now" (unit is SECOND)
  else {
    unit = MINUTE; // "this minute"
    value = Math.trunc(seconds / 60);
  }
  return entry.phrases[unit].get(value) ?? format(entry, value, unit);
}

/** When the service's `date` (ISO text) was, as relativeTime says it: '' without one, or for one that is not a date. */
export const dateAgo = (date: string | undefined, nowMs = Date.now(), locale = 'en'): string =>
  date ? relativeTime(Date.parse(date), nowMs, locale) : '';

/**
 * The service's date (ISO text, or ms since the epoch) as the runtime writes a date and time
 * (`date` only: without the time): '' without one, or for one that is not a date, never "Invalid Date".
 */
export function dateText(date: string | number | undefined, only?: 'date'): string {
  const ms = typeof date === 'number' ? date : date ? Date.parse(date) : NaN;
  if (!Number.isFinite(ms)) return '';
  const d = new Date(ms);
  return only ? d.toLocaleDateString() : d.toLocaleString();
}
