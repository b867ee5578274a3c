/**
 * A post file merged three ways: the version the file and the site last agreed on (the base), the
 * file now (`mine`, "Here") and the site's version as a file (`theirs`, "Site"). The front matter
 * merges key by key (frontMatterMerge.ts), the body by lines with node-diff3 (mergeLines.ts). What
 * both sides changed differently is written with git's markers (`<<<<<<< Here` … `=======` …
 * `>>>>>>> Site`), which `parsePostFile` reports, so such a file is never published. No edit of
 * either side is lost: each is merged, or inside markers.
 */
import { mergeFrontMatter } from './frontMatterMerge';
import { mergeText } from './mergeLines';
import { split } from './postFile';

export interface MergedPost {
  text: string;
  /** How many conflicts are written in `text` (front matter keys and body blocks). */
  conflicts: number;
  clean: boolean;
}

const BOM = '\uFEFF';
/** CRLF read as LF (a side saved on another system differs in no line), without a byte order mark. */
const plain = (text: string) => (text.startsWith(BOM) ? text.slice(1) : text).replace(/\r\n/g, '\n');

export function mergePostFile(base: string, mine: string, theirs: string): MergedPost {
  const [b, m, t] = [base, mine, theirs].map(plain);
  const merged = mergeParts(b, m, t);
  // Written as the writer's file is: its line breaks (the site's when the file has none yet), its byte order mark.
  const crlf = mine.includes('\r\n') || (!mine.includes('\n') && theirs.includes('\r\n'));
  const text = (mine.startsWith(BOM) ? BOM : '') + (crlf ? merged.text.replace(/\n/g, '\r\n') : merged.text);
  return { text, conflicts: merged.conflicts, clean: merged.conflicts === 0 };
}

function mergeParts(base: string, mine: string, theirs: string): { text: string; conflicts: number } {
  const parts = [base, mine, theirs].map(split);
  // No front matter anywhere, or one not closed: the whole text merges as a body.
  if (parts.every((p) => p === undefined) || parts.some((p) => p && !p.closed)) return mergeText(base, mine, theirs, true);
  const [b, m, t] = parts.map((p, i) => p ?? { yaml: '', body: [base, mine, theirs][i] });
  const keys = mergeFrontMatter(b.yaml, m.yaml, t.yaml);
  const front = keys ?? linesOf(mergeText(b.yaml, m.yaml, t.yaml, false));
  const body = mergeText(b.body, m.body, t.body, true);
  const head = parts[1] || front.lines.length ? ['---', ...front.lines, '---', ''].join('\n') : '';
  return { text: head + body.text, conflicts: front.conflicts + body.conflicts };
}

const linesOf = ({ text, conflicts }: { text: string; conflicts: number }) => ({
  lines: text === '' ? [] : text.replace(/\n$/, '').split('\n'),
  conflicts,
});
