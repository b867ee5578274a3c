/** "3 hours ago", "yesterday", "in 2 days": Intl.RelativeTimeFormat with the largest fitting unit. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * One formatter per locale (building one costs far more than formatting with it), and what it
 * wrote for each unit and amount: a tree shows the same few phrases ("3 hours ago") many times,
 * and a lookup is about a hundred times cheaper than formatting again.
 */
const formats = new Map<string, { format: Intl.RelativeTimeFormat; phrases: Map<string, string> }>();
/** Phrases kept per locale at the most (there are a few hundred in practice: years are the only open-ended unit). */
const MAX_PHRASES = 2000;

/**
 * The formatter for `locale` (an editor language such as `de` or `zh-cn`). A tag Intl refuses
 * (VS Code's pseudo-locale `qps-ploc`) or does not know falls back to the runtime's best match,
 * then English, instead of throwing in the middle of a tree.
 */
function formatFor(locale: string): { format: Intl.RelativeTimeFormat; phrases: Map<string, string> } {
  let entry = formats.get(locale);
  if (!entry) {
    let format: Intl.RelativeTimeFormat;
    try {
      format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    } catch {
      format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    }
    formats.set(locale, (entry = { format, phrases: new Map() }));
  }
  return entry;
}

function phrase(locale: string, value: number, unit: Intl.RelativeTimeFormatUnit): string {
  const { format, phrases } = formatFor(locale);
  const key = `${unit} ${value}`;
  let text = phrases.get(key);
  if (text === undefined) {
    if (phrases.size >= MAX_PHRASES) phrases.clear();
    text = format.format(value, unit);
    phrases.set(key, text);
  }
  return text;
}

/**
 * The first Intl object of a process loads ICU's data (about 10–30 ms). Done once, on a timer after
 * the importing code (activation) has run, it happens while the first list is being fetched instead
 * of in the first render of a tree. Every later locale then costs well under a millisecond.
 */
setTimeout(() => formatFor('en'), 0).unref?.();

/** `locale` is the editor's language (`vscode.env.language`), passed in by the view layer. */
export function relativeTime(thenMs: number, nowMs = Date.now(), locale = 'en'): string {
  const seconds = Math.round((thenMs - nowMs) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return phrase(locale, Math.trunc(seconds / size), unit);
  }
  return Math.abs(seconds) < 45 ? phrase(locale, 0, 'second') : phrase(locale, Math.trunc(seconds / 60), 'minute');
}
