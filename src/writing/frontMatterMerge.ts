/**
 * A three-way merge of front matter, key by key: a key changed on one side only takes that side's
 * value (a key the site removed is removed, a key it added is added); a key changed on both sides
 * to different values is a conflict, written as git's markers around that key's lines so the
 * editor offers both. Values are compared as YAML reads them (`[a, b]` and a block list of a and b
 * are the same), and every line is copied as its side wrote it: the writer's comments, order and
 * quoting stay. Undefined when a side is not a map of keys each on lines of its own (broken YAML,
 * a key twice, `{…}` on one line): then the front matter merges by lines.
 */
import { isMap, isScalar, LineCounter, parseDocument, type Node } from 'yaml';
import { CLOSE_MARKER, OPEN_MARKER, SPLIT_MARKER } from './conflictMarkers';
import { WRITING_LIMITS } from './limits';

interface Keyed {
  lines: string[];
  /** Each key's lines [from, to] and its value as YAML reads it (JSON). */
  keys: Map<string, { from: number; to: number; value: string }>;
}

/** The front matter's keys and where each is written; undefined when its keys cannot be merged one by one. */
function keyed(yaml: string): Keyed | undefined {
  if (yaml.length > WRITING_LIMITS.frontMatterChars) return undefined;
  const body = yaml.endsWith('\n') ? yaml.slice(0, -1) : yaml;
  const lines = body === '' ? [] : body.split('\n');
  const counter = new LineCounter();
  const doc = parseDocument(yaml, { uniqueKeys: false, prettyErrors: false, lineCounter: counter });
  const keys: Keyed['keys'] = new Map();
  if (doc.errors.length) return undefined;
  if (doc.contents === null) return { lines, keys };
  if (!isMap(doc.contents) || doc.contents.flow) return undefined;
  const lineOf = (offset: number) => counter.linePos(offset).line - 1;
  let last = -1;
  for (const pair of doc.contents.items) {
    const key = pair.key as Node | null;
    const value = pair.value as Node | null;
    if (!isScalar(key) || !key.range) return undefined;
    const name = String(key.value);
    const from = lineOf(key.range[0]);
    const end = value?.range?.[1] ?? key.range[1];
    const to = Math.max(from, lineOf(Math.max(end - 1, key.range[0])));
    if (keys.has(name) || from <= last) return undefined;
    last = to;
    keys.set(name, { from, to, value: JSON.stringify(value === null ? null : value.toJS(doc)) });
  }
  return { lines, keys };
}

export interface MergedFrontMatter {
  /** The front matter's lines, without the `---` lines. */
  lines: string[];
  conflicts: number;
}

export function mergeFrontMatter(base: string, here: string, site: string): MergedFrontMatter | undefined {
  const [b, h, s] = [base, here, site].map(keyed);
  if (!b || !h || !s) return undefined;
  /** Lines of the writer's front matter to replace (a key taken from the site, or a conflict), and lines to add at its end. */
  const replaced: Array<{ from: number; to: number; lines: string[] }> = [];
  const added: string[] = [];
  let conflicts = 0;
  const names = [...h.keys.keys(), ...[...s.keys.keys()].filter((k) => !h.keys.has(k))];
  for (const name of names) {
    const [was, mine, theirs] = [b, h, s].map((side) => side.keys.get(name));
    if (mine?.value === theirs?.value || theirs?.value === was?.value) continue;
    const siteLines = theirs ? s.lines.slice(theirs.from, theirs.to + 1) : [];
    let lines = siteLines;
    if (mine?.value !== was?.value) {
      conflicts++;
      lines = [OPEN_MARKER, ...(mine ? h.lines.slice(mine.from, mine.to + 1) : []), SPLIT_MARKER, ...siteLines, CLOSE_MARKER];
    }
    if (mine) replaced.push({ from: mine.from, to: mine.to, lines });
    else added.push(...lines);
  }
  const lines = [...h.lines];
  for (const r of replaced.sort((x, y) => y.from - x.from)) lines.splice(r.from, r.to - r.from + 1, ...r.lines);
  return { lines: [...lines, ...added], conflicts };
}
