/**
 * A post file merged three ways: the version the file and the site last agreed on (the base), the
 * file now (`mine`, "Here") and the site's version as a file (`theirs`, "Site"). The front matter
 * merges key by key (frontMatterMerge.ts), the body by lines (mergeLines.ts). What
 * both sides changed differently is written with git's markers (`<<<<<<< Here` … `=======` …
 * `>>>>>>> Site`), which `parsePostFile` reports, so such a file is never published. No edit of
 * either side is lost: each is merged, or inside markers.
 *
 * A merge is work bounded by the texts' size (MERGE_LIMITS.chars, each of the three; a
 * larger one is refused with a LimitError that says its size, never attempted) and by a count of
 * line comparisons (lineDiff.ts), given to the event loop in steps: it never holds the extension host.
 */
import { mergeFrontMatter } from './frontMatterMerge';
import { LimitError, sizeText } from './limits';
import { MERGE_LIMITS } from './mergeLimits';
import { MergeWork } from './lineDiff';
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

/** Refuses a merge of which a text is over MERGE_LIMITS.chars, naming which and its size. */
function checkMergeSizes(base: string, mine: string, theirs: string): void {
  const named: Array<[string, string]> = [
    ['The file', mine],
    ["The site's version", theirs],
    ['The version last synced', base],
  ];
  for (const [which, text] of named)
    if (text.length > MERGE_LIMITS.chars)
      throw new LimitError(
        `${which} is ${sizeText(text.length)} of text; this extension merges posts up to ${sizeText(MERGE_LIMITS.chars)}, so it is not merged.`,
      );
}

export async function mergePostFile(base: string, mine: string, theirs: string): Promise<MergedPost> {
  checkMergeSizes(base, mine, theirs);
  const [b, m, t] = [base, mine, theirs].map(plain);
  const merged = await mergeParts(b, m, t, new MergeWork());
  // Written as the writer's file is: its line breaks (the site's when the file has none yet), its byte order mark.
  const crlf = mine.includes('\r\n') || (!mine.includes('\n') && theirs.includes('\r\n'));
  const text = (mine.startsWith(BOM) ? BOM : '') + (crlf ? merged.text.replace(/\n/g, '\r\n') : merged.text);
  return { text, conflicts: merged.conflicts, clean: merged.conflicts === 0 };
}

async function mergeParts(base: string, mine: string, theirs: string, work: MergeWork): Promise<{ text: string; conflicts: number }> {
  const parts = [base, mine, theirs].map(split);
  // No front matter anywhere, or one not closed: the whole text merges as a body.
  if (parts.every((p) => p === undefined) || parts.some((p) => p && !p.closed)) return mergeText(base, mine, theirs, true, work);
  const [b, m, t] = parts.map((p, i) => p ?? { yaml: '', body: [base, mine, theirs][i] });
  const keys = mergeFrontMatter(b.yaml, m.yaml, t.yaml);
  const front = keys ?? linesOf(await mergeText(b.yaml, m.yaml, t.yaml, false, work));
  const body = await mergeText(b.body, m.body, t.body, true, work);
  const head = parts[1] || front.lines.length ? ['---', ...front.lines, '---', ''].join('\n') : '';
  return { text: head + body.text, conflicts: front.conflicts + body.conflicts };
}

const linesOf = ({ text, conflicts }: { text: string; conflicts: number }) => ({
  lines: text === '' ? [] : text.replace(/\n$/, '').split('\n'),
  conflicts,
});
