/**
 * Two texts' lines diffed in bounded work, for the three-way merge (mergeLines.ts). Lines are
 * interned as integers; the common prefix and suffix come off first; the middle is diffed by
 * Myers' linear-space algorithm (@jest/diff-sequences). Every line comparison is counted against a
 * merge's `MergeWork`: one diff never makes more than a step of them (MERGE_LIMITS) between two
 * turns of the event loop, and a merge never more than its whole budget. Past a step, the middle is
 * anchored on the lines found once in each text (patience, as `git diff --patience`) and each gap
 * between anchors is diffed on its own; a gap past the budget is taken as one change. The result is
 * always a true edit script (applying it to the base gives the side), only coarser when bounded: a
 * deterministic function of the texts, never of time.
 */
import diffSequences from '@jest/diff-sequences';
import { MERGE_LIMITS } from './mergeLimits';

/** One change: the base's lines [from, to) replaced by the side's lines [sideFrom, sideTo). */
export interface Hunk {
  from: number;
  to: number;
  sideFrom: number;
  sideTo: number;
}

/** Every line comparison the diffs made, in all, and the most between two turns of the event loop (tests bound them; the bench times them). */
export const diffWork = { comparisons: 0, mostInOneStep: 0 };

/** The texts' lines as integers, one per distinct line, the same across the texts given together. */
export function interned(...texts: ReadonlyArray<readonly string[]>): Int32Array[] {
  const ids = new Map<string, number>();
  return texts.map((lines) =>
    Int32Array.from(lines, (line) => {
      let id = ids.get(line);
      if (id === undefined) ids.set(line, (id = ids.size));
      return id;
    }),
  );
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What one merge may still compare, and what it compared since it last gave the event loop a turn. */
export class MergeWork {
  left: number = MERGE_LIMITS.comparisons;
  private sinceTurn = 0;

  /** How many comparisons the next piece of work may make, after a turn of the event loop when this step cannot hold `wanted`. */
  async allow(wanted: number): Promise<number> {
    if (this.sinceTurn > 0 && this.sinceTurn + Math.min(wanted, this.left) > MERGE_LIMITS.stepComparisons) {
      await turn();
      this.sinceTurn = 0;
    }
    return Math.max(0, Math.min(MERGE_LIMITS.stepComparisons - this.sinceTurn, this.left));
  }

  spend(n: number): void {
    diffWork.comparisons += n;
    this.sinceTurn += n;
    diffWork.mostInOneStep = Math.max(diffWork.mostInOneStep, this.sinceTurn);
    this.left = Math.max(0, this.left - n);
  }
}

/** Thrown from the comparison callback when a diff reaches its allowance. */
const OVER = Symbol('over');

/** The changes that make `side` from `base`, in base order, none touching another. */
export async function diffLines(base: Int32Array, side: Int32Array, work: MergeWork): Promise<Hunk[]> {
  const hunks: Hunk[] = [];
  const [from, to, sideFrom, sideTo] = trimmed(base, side, 0, base.length, 0, side.length, work);
  if (from === to || sideFrom === sideTo) {
    if (from < to || sideFrom < sideTo) hunks.push({ from, to, sideFrom, sideTo });
  } else if (!(await myers(base, side, from, to, sideFrom, sideTo, work, hunks)))
    await patience(base, side, from, to, sideFrom, sideTo, work, hunks);
  return slidDown(hunks, base, side);
}

/**
 * Each insertion or deletion moved as far down as the equal lines after it allow (as git does, and
 * node-diff3 before): a deleted block and the blank line after it, not the blank line before it.
 * Hunks that come to touch are joined.
 */
function slidDown(hunks: Hunk[], base: Int32Array, side: Int32Array): Hunk[] {
  const out: Hunk[] = [];
  hunks.forEach((hunk, k) => {
    const h = { ...hunk };
    const next = hunks[k + 1];
    const [endA, endB] = next ? [next.from, next.sideFrom] : [base.length, side.length];
    const room = () => h.to < endA && h.sideTo < endB;
    const slides = () =>
      room() && (h.sideFrom === h.sideTo ? base[h.from] === base[h.to] : h.from === h.to && side[h.sideFrom] === side[h.sideTo]);
    while (slides()) [h.from, h.to, h.sideFrom, h.sideTo] = [h.from + 1, h.to + 1, h.sideFrom + 1, h.sideTo + 1];
    const last = out[out.length - 1];
    if (last && last.to === h.from && last.sideTo === h.sideFrom) [last.to, last.sideTo] = [h.to, h.sideTo];
    else out.push(h);
  });
  return out;
}

/** The range without the lines both ends share. */
function trimmed(a: Int32Array, b: Int32Array, a0: number, a1: number, b0: number, b1: number, work: MergeWork): number[] {
  const start = a0;
  while (a0 < a1 && b0 < b1 && a[a0] === b[b0]) [a0, b0] = [a0 + 1, b0 + 1];
  const middle = a1;
  while (a0 < a1 && b0 < b1 && a[a1 - 1] === b[b1 - 1]) [a1, b1] = [a1 - 1, b1 - 1];
  work.spend(a0 - start + (middle - a1) + 1);
  return [a0, a1, b0, b1];
}

/** Myers' diff of the range into `out`, when it takes no more comparisons than the work allows; false (nothing added) otherwise. */
async function myers(
  a: Int32Array,
  b: Int32Array,
  a0: number,
  a1: number,
  b0: number,
  b1: number,
  work: MergeWork,
  out: Hunk[],
): Promise<boolean> {
  const allowed = await work.allow(2 * (a1 - a0 + 1) * (b1 - b0 + 1));
  const found: Hunk[] = [];
  let compared = 0;
  let [i, j] = [a0, b0];
  try {
    diffSequences(
      a1 - a0,
      b1 - b0,
      (x, y) => {
        if (++compared > allowed) throw OVER;
        return a[a0 + x] === b[b0 + y];
      },
      (n, x, y) => {
        if (a0 + x > i || b0 + y > j) found.push({ from: i, to: a0 + x, sideFrom: j, sideTo: b0 + y });
        [i, j] = [a0 + x + n, b0 + y + n];
      },
    );
  } catch (err) {
    if (err !== OVER) throw err;
    work.spend(allowed);
    return false;
  }
  work.spend(compared);
  if (i < a1 || j < b1) found.push({ from: i, to: a1, sideFrom: j, sideTo: b1 });
  out.push(...found);
  return true;
}

/** The range diffed between anchors: the lines found once in each text, in the longest run in the same order in both. */
async function patience(a: Int32Array, b: Int32Array, a0: number, a1: number, b0: number, b1: number, work: MergeWork, out: Hunk[]) {
  let ids = 0;
  for (let k = a0; k < a1; k++) ids = Math.max(ids, a[k] + 1);
  for (let k = b0; k < b1; k++) ids = Math.max(ids, b[k] + 1);
  const inA = new Int32Array(ids);
  const inB = new Int32Array(ids);
  /** Where a line found once in the side's range is, by id. */
  const atB = new Int32Array(ids);
  for (let k = a0; k < a1; k++) inA[a[k]]++;
  for (let k = b0; k < b1; k++) {
    inB[b[k]]++;
    atB[b[k]] = k;
  }
  // The longest increasing run of side positions over the base's unique lines (patience sorting).
  const pairs: Array<[number, number]> = [];
  for (let k = a0; k < a1; k++) if (inA[a[k]] === 1 && inB[a[k]] === 1) pairs.push([k, atB[a[k]]]);
  const tails: number[] = [];
  const before = new Int32Array(pairs.length).fill(-1);
  for (let p = 0; p < pairs.length; p++) {
    let [lo, hi] = [0, tails.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]][1] < pairs[p][1]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) before[p] = tails[lo - 1];
    tails[lo] = p;
  }
  const cost = a1 - a0 + (b1 - b0) + pairs.length * Math.ceil(Math.log2(pairs.length + 1));
  await work.allow(cost);
  work.spend(cost);
  const anchors: Array<[number, number]> = [];
  for (let p = tails.length ? tails[tails.length - 1] : -1; p >= 0; p = before[p]) anchors.push(pairs[p]);
  anchors.reverse();
  anchors.push([a1, b1]);
  let [i, j] = [a0, b0];
  for (const [x, y] of anchors) {
    await gap(a, b, i, x, j, y, work, out);
    [i, j] = [x + 1, y + 1];
  }
}

/** One gap between anchors: diffed, or taken as one change when the work allows no more. */
async function gap(a: Int32Array, b: Int32Array, a0: number, a1: number, b0: number, b1: number, work: MergeWork, out: Hunk[]) {
  await work.allow(a1 - a0 + (b1 - b0) + 1);
  const [from, to, sideFrom, sideTo] = trimmed(a, b, a0, a1, b0, b1, work);
  if (from < to && sideFrom < sideTo && (await myers(a, b, from, to, sideFrom, sideTo, work, out))) return;
  if (from < to || sideFrom < sideTo) out.push({ from, to, sideFrom, sideTo });
}
