/**
 * The regions of a three-way merge, made from two two-way diffs of the base (lineDiff.ts), as
 * node-diff3's `diff3Merge` makes them: the base's lines no side changed, a side's change that
 * touches no change of the other side (taken), and changes of both sides that overlap or touch (no
 * unchanged line between them) as one conflict. A conflict whose two sides hold the same lines is
 * no conflict (both made the same change: taken once).
 */
import type { Hunk } from './lineDiff';

/** A hunk of one side inside a conflict, relative to the conflict's start in the base. */
export interface SideHunk {
  from: number;
  to: number;
  lines: string[];
}

export interface Conflict {
  /** Where the conflict starts in the base. */
  oIndex: number;
  o: string[];
  a: string[];
  b: string[];
  /** Each side's own changes inside it (from its diff of the whole base). */
  aHunks: SideHunk[];
  bHunks: SideHunk[];
}

export type Region = { ok: string[] } | { conflict: Conflict };

type Tagged = Hunk & { side: 'a' | 'b' };

/** `a` and `b` merged over `o`, given the hunks that make each from `o`. */
export function diff3Regions(o: readonly string[], a: readonly string[], b: readonly string[], toA: Hunk[], toB: Hunk[]): Region[] {
  // Base order; at one place the first side's hunk first (a stable sort, as node-diff3's).
  const hunks: Tagged[] = [...toA.map((h) => ({ ...h, side: 'a' as const })), ...toB.map((h) => ({ ...h, side: 'b' as const }))].sort(
    (x, y) => x.from - y.from,
  );
  const regions: Region[] = [];
  const ok = (lines: readonly string[]) => {
    if (lines.length === 0) return;
    const last = regions[regions.length - 1];
    if (last && 'ok' in last) for (const line of lines) last.ok.push(line);
    else regions.push({ ok: [...lines] });
  };
  /** How far each side's lines are ahead of the base's, after the hunks taken so far. */
  const shift = { a: 0, b: 0 };
  let at = 0;
  for (let k = 0; k < hunks.length;) {
    const first = hunks[k];
    let end = first.to;
    let n = k + 1;
    while (n < hunks.length && hunks[n].from <= end) end = Math.max(end, hunks[n++].to);
    const region = hunks.slice(k, n);
    k = n;
    ok(o.slice(at, first.from));
    if (region.length === 1) ok((first.side === 'a' ? a : b).slice(first.sideFrom, first.sideTo));
    else {
      const start = first.from;
      const span = (side: 'a' | 'b', lines: readonly string[]) => {
        const own = region.filter((h) => h.side === side);
        if (own.length === 0) return { lines: lines.slice(start + shift[side], end + shift[side]), hunks: [] };
        const last = own[own.length - 1];
        return {
          lines: lines.slice(own[0].sideFrom - (own[0].from - start), last.sideTo + (end - last.to)),
          hunks: own.map((h) => ({ from: h.from - start, to: h.to - start, lines: lines.slice(h.sideFrom, h.sideTo) })),
        };
      };
      const [sa, sb] = [span('a', a), span('b', b)];
      if (sa.lines.length === sb.lines.length && sa.lines.every((line, i) => line === sb.lines[i])) ok(sa.lines);
      else
        regions.push({ conflict: { oIndex: start, o: o.slice(start, end), a: sa.lines, b: sb.lines, aHunks: sa.hunks, bHunks: sb.hunks } });
    }
    for (const h of region) shift[h.side] = h.sideTo - h.to;
    at = end;
  }
  ok(o.slice(at));
  return regions;
}
