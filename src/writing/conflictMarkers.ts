/**
 * Merge conflict markers in a post file, as git writes them: `<<<<<<< Here`, the file's text,
 * `=======`, the site's text, `>>>>>>> Site` (VS Code offers Accept Current / Incoming above each).
 * A three-way merge writes them (mergePost.ts) and `parsePostFile` finds them, so a file that still
 * holds one is never published. Both read fenced code the same way (`fenceAfter`): markers inside a
 * fence are a post's own text (a post about git), and the merge never writes markers inside one.
 *
 * Any one of git's marker lines outside fenced code stops a publish, alone too (a conflict resolved
 * only in part: its `<<<<<<<` line removed, the others left). So the site's own text never holds
 * one in a file: a pull writes such a line escaped (`\<<<<<<< HEAD`, which renders as the same
 * text; `escapeMarkerLines`), or keeps its piece in a fence, and only a merge writes them bare.
 */

/** The side a marker block shows first: the file as the writer left it. */
export const HERE_LABEL = 'Here';
/** The side it shows second: the site's version. */
export const SITE_LABEL = 'Site';
export const OPEN_MARKER = `<<<<<<< ${HERE_LABEL}`;
export const SPLIT_MARKER = '=======';
export const CLOSE_MARKER = `>>>>>>> ${SITE_LABEL}`;

const OPEN = /^<{7}(?:[ \t].*)?$/;
/** git's diff3 style adds the base between `|||||||` and `=======`. */
const BASE = /^\|{7}(?:[ \t].*)?$/;
const SPLIT = /^={7}[ \t]*$/;
const CLOSE = /^>{7}(?:[ \t].*)?$/;

/** An open fence: its character and length (a closing fence is the same character, at least as long). */
export interface Fence {
  char: '`' | '~';
  length: number;
}

const FENCE_LINE = /^[ \t]*(`{3,}|~{3,})(.*)$/;

/**
 * Whether the text after `line` is inside fenced code, given whether the text before it was. Any
 * indentation counts (a fence in a list item is indented), so a marker is never taken for code's
 * text by one reader and for a marker by the other.
 */
export function fenceAfter(line: string, open: Fence | undefined): Fence | undefined {
  const m = FENCE_LINE.exec(line);
  if (!m) return open;
  const char = m[1][0] as Fence['char'];
  if (open) return char === open.char && m[1].length >= open.length && m[2].trim() === '' ? undefined : open;
  // A backtick fence's info string holds no backtick (CommonMark); such a line is inline code.
  if (char === '`' && m[2].includes('`')) return undefined;
  return { char, length: m[1].length };
}

/** One conflict left in a text: 0-based lines of its `<<<<<<<` and `>>>>>>>` (the last line when it is not closed). */
export interface ConflictBlock {
  open: number;
  close: number;
  closed: boolean;
  /** A marker line outside any conflict (`=======`, `>>>>>>> …` or `||||||| …` without the `<<<<<<<` before it). */
  stray?: boolean;
  /** The lines that are not the first side's text: every marker line, and the base and second side. */
  others: number[];
}

/**
 * The conflicts written in these lines outside fenced code (`code: false`: fences are not read, as
 * in front matter). Inside a block the markers are read as markers wherever they are; the fences
 * of its first side carry on after it.
 */
export function conflictBlocks(lines: readonly string[], code = true): ConflictBlock[] {
  const blocks: ConflictBlock[] = [];
  let fence: Fence | undefined;
  let block: { open: number; others: number[]; side: 'here' | 'base' | 'site' } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '');
    if (block) {
      if (block.side === 'here' && BASE.test(line)) block.side = 'base';
      else if (block.side !== 'site' && SPLIT.test(line)) block.side = 'site';
      else if (CLOSE.test(line)) {
        blocks.push({ open: block.open, close: i, closed: true, others: [...block.others, i] });
        block = undefined;
        continue;
      } else if (block.side === 'here') {
        if (code) fence = fenceAfter(line, fence);
        continue;
      }
      block.others.push(i);
      continue;
    }
    if (!fence && OPEN.test(line)) {
      block = { open: i, others: [i], side: 'here' };
      continue;
    }
    if (!fence && (SPLIT.test(line) || CLOSE.test(line) || BASE.test(line))) {
      blocks.push({ open: i, close: i, closed: false, stray: true, others: [i] });
      continue;
    }
    if (code) fence = fenceAfter(line, fence);
  }
  if (block) {
    // Up to the last line of text (the empty one after a final line break is no line of it).
    const close = lines.length > block.open + 1 && lines[lines.length - 1] === '' ? lines.length - 2 : lines.length - 1;
    blocks.push({ open: block.open, close, closed: false, others: block.others });
  }
  return blocks;
}

/** What a writer reads on the line of a conflict (the problem's range spans the block). */
export function conflictMessage(block: ConflictBlock): string {
  if (block.stray)
    return "This line is one of git's conflict markers (<<<<<<<, |||||||, ======= or >>>>>>> followed by a space or nothing): a conflict was resolved only in part. Remove it; if it is the post's own text, put it in code, write a backslash before it (\\=======), or give a heading underline of another length (or a # heading). A file with conflict markers is not published.";
  const end = block.closed ? 'its >>>>>>> line' : 'the end of the file, where its >>>>>>> line is missing';
  return `A merge conflict is left here, up to ${end}: keep this side, the site's or both, and remove the marker lines (<<<<<<<, ======= and >>>>>>>). A file with conflict markers is not published.`;
}

/** Whether a post file still holds a conflict a merge wrote, or one of its marker lines (outside fenced code): it is not published. */
export function hasConflicts(text: string): boolean {
  return conflictBlocks(text.split('\n')).length > 0;
}

/** Whether a line is one of git's marker lines (as `conflictBlocks` reads them). */
export const isMarkerLine = (line: string): boolean => OPEN.test(line) || BASE.test(line) || SPLIT.test(line) || CLOSE.test(line);

/**
 * Markdown with every marker-shaped line outside fenced code escaped with a backslash (`\=======`),
 * which Markdown reads as the same text: the site's own words are never taken for a conflict.
 * Whether the escape renders the same where the line stands (not in an HTML block) is the caller's
 * check (pullContent.ts renders every piece back).
 */
export function escapeMarkerLines(markdown: string): string {
  if (!/^(?:<{7}|\|{7}|={7}|>{7})/m.test(markdown)) return markdown;
  let fence: Fence | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const out = !fence && isMarkerLine(line) ? `\\${line}` : line;
      fence = fenceAfter(line, fence);
      return out;
    })
    .join('\n');
}
