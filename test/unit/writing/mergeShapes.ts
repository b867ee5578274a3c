/**
 * Post files for the three-way merge's tests and bench rows (scripts/bench/merge.ts): seeded posts
 * of the usual shape (paragraphs parted by blank lines, some fenced code) at any size, random edits
 * of them, the pathological shapes of issue 39, and the no-loss rule every merge must keep.
 */
import * as assert from 'node:assert/strict';
import type { MergedPost } from '../../../src/writing/mergePost';
import { errorsOf, parsePostFile } from '../../../src/writing/postFile';

/** A seeded stream of posts and edits: the same seed, the same texts. */
export class MergeCases {
  private next = 0;
  constructor(private seed: number) {}

  /** A whole number in [0, n), from the generator's high bits (its low bits repeat with a short period). */
  random(n: number): number {
    this.seed = (this.seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((this.seed / 2147483648) * n);
  }

  /** A paragraph of one to three lines, or (one in four) a fenced block of two. */
  paragraph(): string[] {
    if (this.random(4) === 0) return ['```', `code ${this.next++}`, `code ${this.next++}`, '```'];
    return Array.from({ length: 1 + this.random(3) }, () => `line ${this.next++}`);
  }

  /** Paragraphs up to `chars` characters of prose lines (about 80 characters each). */
  paragraphs(chars: number): string[][] {
    const out: string[][] = [];
    for (let size = 0; size < chars;) {
      const p = this.random(4) === 0 ? this.paragraph() : Array.from({ length: 1 + this.random(3) }, () => this.line());
      out.push(p);
      size += p.reduce((n, l) => n + l.length + 1, 1);
    }
    return out;
  }

  private line(): string {
    return `Line ${this.next++} of a paragraph, with words in it about as long as a line of prose is.`;
  }

  /** `edits` random edits (a line edited, a paragraph deleted, added, moved, or grown), `1 + random(3)` when not said. */
  changed(paragraphs: string[][], edits = 1 + this.random(3)): string[][] {
    const p = paragraphs.map((lines) => [...lines]);
    for (let k = edits; k > 0; k--) {
      const i = this.random(p.length);
      const op = this.random(5);
      // A fenced block's inside is edited, never its fence lines.
      if (op === 0) p[i][p[i][0] === '```' ? 1 + this.random(2) : this.random(p[i].length)] = `edited ${this.next++}`;
      if (op === 1 && p.length > 1) p.splice(i, 1);
      if (op === 2) p.splice(i, 0, this.paragraph());
      if (op === 3) p.splice(this.random(p.length), 0, ...p.splice(i, 1));
      if (op === 4) p[i].push(`added ${this.next++}`);
    }
    return p;
  }
}

/** A post file of these paragraphs, one blank line between two. */
export const postText = (paragraphs: string[][]): string =>
  `---\ntitle: T\n---\n${paragraphs.map((lines) => lines.join('\n')).join('\n\n')}\n`;

/** A post file of these lines, as they are. */
export const linesPost = (lines: string[]): string => `---\ntitle: T\n---\n${lines.join('\n')}\n`;

/** `count` lines each edited (`edited` names them) at every `every`-th place from `start`. */
export function everyNth(lines: string[], start: number, every: number, edited: string): string[] {
  return lines.map((line, i) => (i % every === start ? `${line} ${edited}` : line));
}

/** The pathological shapes of issue 39, each a base and two sides, at about `chars` characters. */
export function pathological(chars: number): Array<{ what: string; base: string; mine: string; theirs: string }> {
  const cases = new MergeCases(39);
  const unique = Array.from({ length: Math.floor(chars / 64) }, (_, i) => `Every line different: line ${i} of them, none repeated.`);
  const same = Array.from({ length: 20_000 }, () => 'same line');
  const sameMine = same.filter((_, i) => i % 200 !== 17);
  const sameTheirs = same.flatMap((line, i) => (i % 200 === 117 ? [line, `new line ${i}`] : [line]));
  const paragraphs = cases.paragraphs(chars * 0.9);
  const identical = postText(new MergeCases(84).paragraphs(84 * 1024));
  return [
    {
      what: `every line different (${unique.length} lines), edits far apart`,
      base: linesPost(unique),
      mine: linesPost(everyNth(unique, 10, 1000, 'here')),
      theirs: linesPost(everyNth(unique, 510, 1000, 'site')),
    },
    {
      what: `every line different (${unique.length} lines), every line edited on both sides`,
      base: linesPost(unique),
      mine: linesPost(everyNth(unique, 0, 1, 'here')),
      theirs: linesPost(everyNth(unique, 0, 2, 'site')),
    },
    {
      what: '20,000 identical lines, 100 deleted here and 100 added on the site',
      base: linesPost(same),
      mine: linesPost(sameMine),
      theirs: linesPost(sameTheirs),
    },
    {
      what: `2,000 edits on each side of a ${Math.round(chars / 1024)} KB post`,
      base: postText(paragraphs),
      mine: postText(cases.changed(paragraphs, 2_000)),
      theirs: postText(cases.changed(paragraphs, 2_000)),
    },
    { what: 'three identical 84 KB posts', base: identical, mine: identical, theirs: identical },
  ];
}

/**
 * The no-loss rule: every line either side added is in the result (merged or between markers),
 * a line both sides deleted is not, a side left as the base gives the other side, and every
 * conflict is where the publisher finds it (never inside fenced code).
 */
export function assertNoLoss(base: string, mine: string, theirs: string, out: MergedPost, what: string): void {
  const [was, here, site, merged] = [base, mine, theirs, out.text].map((t) => new Set(t.split('\n')));
  const shown = () => (base.length < 4000 ? `${what}:\n${base}\n--- here:\n${mine}\n--- site:\n${theirs}\n--- merged:\n${out.text}` : what);
  for (const line of [...here, ...site]) if (!was.has(line) && !merged.has(line)) assert.fail(`${line} is kept, ${shown()}`);
  for (const line of was)
    if (line && !here.has(line) && !site.has(line) && merged.has(line)) assert.fail(`${line} stays deleted, ${shown()}`);
  if (mine === base) assert.equal(out.text, theirs, shown());
  if (theirs === base) assert.equal(out.text, mine, shown());
  assert.equal(errorsOf(parsePostFile(out.text)).length, out.conflicts, shown());
}
