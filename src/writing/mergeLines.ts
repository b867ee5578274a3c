/**
 * A three-way merge of text by lines: lines changed on one side only are taken; lines changed on
 * both are a conflict, written with git's markers. Every edit of either side is in the result,
 * merged or inside markers. The diffs are lineDiff.ts's (bounded work, the event loop given turns
 * between its steps), the regions diff3Regions.ts's (node-diff3's rules).
 *
 * For Markdown two rules on top. Like git, touching changes (no unchanged line between them) are
 * one conflict; in prose a blank line is what parts them, so touching changes whose meeting point
 * is a paragraph break (a new paragraph before one the other side edited, a paragraph deleted
 * before one the other side edited) are both applied, while touching lines of one paragraph stay a
 * conflict. And a conflict is widened to whole fenced code blocks, so its markers are never inside
 * a fence, where they would read as the post's own code and be published.
 */
import { CLOSE_MARKER, fenceAfter, OPEN_MARKER, SPLIT_MARKER, type Fence } from './conflictMarkers';
import { diff3Regions, type SideHunk } from './diff3Regions';
import { diffLines, interned, type MergeWork } from './lineDiff';

interface Conflict {
  here: string[];
  base: string[];
  site: string[];
}
type Piece = { ok: string[] } | { conflict: Conflict };

export interface MergedText {
  text: string;
  conflicts: number;
}

/** `lines` added at the end of `to` (a loop: a spread of a long array overflows the stack). */
function append(to: string[], lines: readonly string[]): void {
  for (const line of lines) to.push(line);
}

/** A text's lines without its final line break (`\n` only: the caller reads CRLF as LF), and whether it had one. */
function linesOf(text: string): { lines: string[]; newline: boolean } {
  const newline = text.endsWith('\n');
  const body = newline ? text.slice(0, -1) : text;
  return { lines: body === '' ? [] : body.split('\n'), newline };
}

/** Merges `here` and `site`, both derived from `base`; `markdown` adds the paragraph and fence rules. */
export async function mergeText(base: string, here: string, site: string, markdown: boolean, work: MergeWork): Promise<MergedText> {
  const [b, h, s] = [base, here, site].map(linesOf);
  const pieces = await mergeLines(b.lines, h.lines, s.lines, markdown, work);
  const lines: string[] = [];
  let conflicts = 0;
  for (const piece of pieces) {
    if ('ok' in piece) append(lines, piece.ok);
    else {
      conflicts++;
      append(lines, [OPEN_MARKER, ...piece.conflict.here, SPLIT_MARKER, ...piece.conflict.site, CLOSE_MARKER]);
    }
  }
  // The final line break merges too: the site's choice unless the writer changed it.
  const newline = h.newline === b.newline ? s.newline : h.newline;
  return { text: lines.join('\n') + (newline ? '\n' : ''), conflicts };
}

async function mergeLines(base: string[], here: string[], site: string[], markdown: boolean, work: MergeWork): Promise<Piece[]> {
  const [o, a, b] = interned(base, here, site);
  const regions = diff3Regions(base, here, site, await diffLines(o, a, work), await diffLines(o, b, work));
  const pieces: Piece[] = [];
  const ok = (lines: string[]) => {
    const last = pieces[pieces.length - 1];
    if (last && 'ok' in last) append(last.ok, lines);
    else if (lines.length) pieces.push({ ok: [...lines] });
  };
  for (const region of regions) {
    if ('ok' in region) ok(region.ok);
    else {
      const c = region.conflict;
      const apart = markdown ? paragraphsApart(c.o, c.oIndex, c.aHunks, c.bHunks, base) : undefined;
      if (apart) ok(apart);
      else pieces.push({ conflict: { here: c.a, base: c.o, site: c.b } });
    }
  }
  return markdown ? outsideFences(pieces) : pieces;
}

/**
 * The conflict's two sides applied together, when their changes (each side's own hunks) do not
 * overlap and meet only at paragraph breaks; otherwise undefined (a conflict). Two insertions at
 * one place stay a conflict: which goes first is the writer's call.
 */
function paragraphsApart(o: string[], oIndex: number, mine: SideHunk[], theirs: SideHunk[], base: string[]): string[] | undefined {
  const blank = (i: number) => i < 0 || i >= base.length || base[i].trim() === '';
  /** Whether the point before the conflict's base line `p` is a paragraph break of the whole base. */
  const paragraphBreak = (p: number) => blank(oIndex + p - 1) || blank(oIndex + p);
  // Each side's hunks are in base order and apart, so only the other side's hunks that reach one need looking at.
  let first = 0;
  for (const x of mine) {
    while (first < theirs.length && theirs[first].to < x.from) first++;
    for (let k = first; k < theirs.length && theirs[k].from <= x.to; k++) {
      const y = theirs[k];
      if (x.from === x.to && y.from === y.to && x.from === y.from) return undefined;
      if (x.from < y.to && y.from < x.to) return undefined;
      const meet = x.to === y.from ? x.to : y.to === x.from ? y.to : undefined;
      if (meet !== undefined && !paragraphBreak(meet)) return undefined;
    }
  }
  // Apart: each hunk in base order, an insertion before a change that starts where it is.
  const all = [...mine, ...theirs].sort((x, y) => x.from - y.from || x.to - x.from - (y.to - y.from));
  const out: string[] = [];
  let at = 0;
  for (const h of all) {
    append(out, o.slice(at, h.from));
    append(out, h.lines);
    at = h.to;
  }
  append(out, o.slice(at));
  return out;
}

const scan = (lines: readonly string[], fence: Fence | undefined) =>
  lines.reduce<Fence | undefined>((f, line) => fenceAfter(line, f), fence);

/**
 * Each conflict widened until both its sides start and end outside fenced code: the lines from
 * the fence it starts in are moved into it, and the lines after it (a conflict it reaches
 * included) until both sides have closed their fences.
 */
function outsideFences(input: Piece[]): Piece[] {
  const pieces = input.map((p): Piece =>
    'ok' in p ? { ok: [...p.ok] } : { conflict: { here: [...p.conflict.here], base: [...p.conflict.base], site: [...p.conflict.site] } },
  );
  const out: Piece[] = [];
  let fence: Fence | undefined;
  /** Where the open fence starts in the last ok piece of `out`. */
  let openedAt = 0;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if ('ok' in piece) {
      out.push(piece);
      piece.ok.forEach((line, j) => {
        const before = fence;
        fence = fenceAfter(line, fence);
        if (!before && fence) openedAt = j;
      });
      continue;
    }
    const c = piece.conflict;
    if (fence) {
      const last = out[out.length - 1] as { ok: string[] };
      const moved = last.ok.splice(openedAt);
      if (last.ok.length === 0) out.pop();
      c.here = [...moved, ...c.here];
      c.base = [...moved, ...c.base];
      c.site = [...moved, ...c.site];
    }
    let here = scan(c.here, undefined);
    let site = scan(c.site, undefined);
    while ((here || site) && i + 1 < pieces.length) {
      const next = pieces[i + 1];
      if ('conflict' in next) {
        append(c.here, next.conflict.here);
        append(c.base, next.conflict.base);
        append(c.site, next.conflict.site);
        here = scan(next.conflict.here, here);
        site = scan(next.conflict.site, site);
        i++;
        continue;
      }
      let k = 0;
      while ((here || site) && k < next.ok.length) {
        const line = next.ok[k++];
        c.here.push(line);
        c.base.push(line);
        c.site.push(line);
        here = fenceAfter(line, here);
        site = fenceAfter(line, site);
      }
      if (k === next.ok.length) i++;
      else next.ok = next.ok.slice(k);
    }
    out.push({ conflict: c });
    fence = here;
  }
  return out;
}
