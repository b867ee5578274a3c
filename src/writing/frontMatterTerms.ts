/**
 * Where a post file's front matter names categories and tags: each name with its place (for the
 * warning on a category the site does not have, its Quick Fix and the hover), and the name being
 * typed at the cursor (for completion). The names are read with the `yaml` package; the place
 * being typed, which is often not valid YAML yet, by the line the cursor is on.
 */
import { isScalar, isSeq, LineCounter, parse, parseDocument, stringify, type Node } from 'yaml';
import { split } from './postFile';
import { WRITING_LIMITS } from './limits';

export const TERM_KEYS = ['categories', 'tags'] as const;
export type TermKey = (typeof TERM_KEYS)[number];

/** A name in `categories:` or `tags:`, on one line: 0-based line, columns from `start` to `end`. */
export interface TermMention {
  kind: TermKey;
  name: string;
  line: number;
  start: number;
  end: number;
}

/** The name being typed at the cursor: what is typed so far, and the columns a completion replaces. */
export interface TermSlot {
  kind: TermKey;
  typed: string;
  line: number;
  start: number;
  end: number;
  /** Inside `[…]`: a name with a comma or a bracket must be quoted there. */
  inFlow: boolean;
}

const isTermKey = (key: string): key is TermKey => (TERM_KEYS as readonly string[]).includes(key);

/** Every category and tag the front matter names, where it names them (none when the front matter is not valid YAML). */
export function termMentions(text: string): TermMention[] {
  const parts = split(text);
  if (!parts || parts.yaml.length > WRITING_LIMITS.frontMatterChars) return [];
  const lines = new LineCounter();
  const doc = parseDocument(parts.yaml, { uniqueKeys: false, prettyErrors: false, lineCounter: lines });
  if (doc.errors.length > 0 || !doc.contents || !('items' in doc.contents)) return [];
  const out: TermMention[] = [];
  const place = (kind: TermKey, name: string, from: number, to: number) => {
    const a = lines.linePos(from);
    const b = lines.linePos(to);
    if (a.line !== b.line || !name) return;
    out.push({ kind, name, line: parts.yamlLine + a.line - 1, start: a.col - 1, end: b.col - 1 });
  };
  for (const pair of doc.contents.items as Array<{ key: Node | null; value: Node | null }>) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (!isTermKey(key) || !pair.value) continue;
    const value = pair.value;
    if (isSeq(value)) {
      for (const item of value.items as Array<Node | null>) {
        if (!isScalar(item) || !item.range || (typeof item.value !== 'string' && typeof item.value !== 'number')) continue;
        const name = String(item.value).trim();
        const source = parts.yaml.slice(item.range[0], item.range[1]);
        const at = source.indexOf(name);
        if (at >= 0) place(key, name, item.range[0] + at, item.range[0] + at + name.length);
      }
    } else if (isScalar(value) && value.range && (typeof value.value === 'string' || typeof value.value === 'number')) {
      // "News, Travel": each name of the comma-separated text, found in the source in turn.
      const source = parts.yaml.slice(value.range[0], value.range[1]);
      let from = 0;
      for (const raw of String(value.value).split(',')) {
        const name = raw.trim();
        const at = name ? source.indexOf(name, from) : -1;
        if (at < 0) continue;
        place(key, name, value.range[0] + at, value.range[0] + at + name.length);
        from = at + name.length;
      }
    }
  }
  return out;
}

/** The category or tag being typed at (line, character), 0-based; undefined outside `categories:` and `tags:`. */
export function termSlotAt(text: string, line: number, character: number): TermSlot | undefined {
  const parts = split(text);
  if (!parts) return undefined;
  const all = text.split(/\r?\n/);
  const closing = parts.closed ? parts.bodyStartLine - 1 : all.length;
  if (line < parts.yamlLine || line >= closing) return undefined;
  const here = all[line] ?? '';
  if (character > here.length) return undefined;
  const before = here.slice(0, character);
  // `categories: …` on this line: a flow list or a comma-separated text.
  const own = /^(categories|tags)[ \t]*:[ \t]*/.exec(here);
  if (own && character >= own[0].length) {
    const kind = own[1] as TermKey;
    const rest = before.slice(own[0].length);
    const inFlow = rest.startsWith('[');
    if (inFlow && /\]/.test(rest)) return undefined;
    const cut = Math.max(rest.lastIndexOf(','), inFlow ? 0 : -1);
    return slot(kind, line, own[0].length + cut + 1, character, here, inFlow);
  }
  // `  - …` under `categories:` or `tags:` (the nearest key above, unindented).
  const item = /^([ \t]*)-[ \t]*/.exec(here);
  if (item && character >= item[0].length) {
    for (let l = line - 1; l >= parts.yamlLine; l--) {
      const above = all[l];
      if (/^[ \t]*-/.test(above) || /^[ \t]*(#.*)?$/.test(above)) continue;
      const key = /^(categories|tags)[ \t]*:[ \t]*(#.*)?$/.exec(above);
      return key ? slot(key[1] as TermKey, line, item[0].length, character, here, false) : undefined;
    }
  }
  return undefined;
}

function slot(kind: TermKey, line: number, from: number, character: number, here: string, inFlow: boolean): TermSlot {
  let start = from;
  while (start < character && /[ \t"']/.test(here[start])) start++;
  // What a completion replaces: through the end of the name (to the next comma, bracket or the line's end).
  const stop = here.slice(character).search(inFlow ? /[,\]]/ : /,/);
  let end = stop < 0 ? here.length : character + stop;
  while (end > character && /[ \t"']/.test(here[end - 1])) end--;
  return { kind, typed: here.slice(start, character), line, start, end, inFlow };
}

/** A name as YAML text where it goes (the yaml package writes it; quoted when, inside `[…]`, it would not read back as itself). */
export function termText(name: string, inFlow: boolean): string {
  const text = stringify(name).trimEnd();
  if (!inFlow) return text;
  const back = parse(`[${text}]`) as unknown;
  return Array.isArray(back) && back.length === 1 && back[0] === name ? text : JSON.stringify(name);
}

/** How many single-character edits turn `a` into `b` (case-insensitive): for "closest: …". */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[y.length];
}

/** The known name closest to `name`, when it is close enough to be a slip (at most a third of its letters, at least 1). */
export function closestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(name.length / 3)) + 1;
  for (const k of known) {
    if (Math.abs(k.length - name.length) >= bestDistance) continue;
    const d = editDistance(name, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}
