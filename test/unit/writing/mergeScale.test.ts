/**
 * The three-way merge at the sizes the extension opens (issue 39): seeded random edit pairs of
 * posts of 20 KB, 100 KB and 256 KB, and the shapes that once froze the extension host (node-diff3
 * was cubic on the blank lines between paragraphs), each merged losing nothing, in work counted by
 * the line comparisons (src/writing/lineDiff.ts), not timed (`npm run bench` times them). A text
 * over 256 KB is refused with its size, never merged.
 */
import * as assert from 'node:assert/strict';
import { LimitError } from '../../../src/writing/limits';
import { MERGE_LIMITS } from '../../../src/writing/mergeLimits';
import { diffWork } from '../../../src/writing/lineDiff';
import { mergePostFile } from '../../../src/writing/mergePost';
import { assertNoLoss, MergeCases, pathological, postText } from './mergeShapes';

const lines = (...texts: string[]) => texts.reduce((n, t) => n + t.split('\n').length, 0);

/** Merges and checks the no-loss rule; the comparisons the merge made. */
async function merged(base: string, mine: string, theirs: string, what: string) {
  diffWork.comparisons = 0;
  diffWork.mostInOneStep = 0;
  const out = await mergePostFile(base, mine, theirs);
  assertNoLoss(base, mine, theirs, out, what);
  return { out, comparisons: diffWork.comparisons, step: diffWork.mostInOneStep, lines: lines(base, mine, theirs) };
}

describe('Merging post files of the largest size the extension opens', () => {
  for (const [kb, pairs] of [
    [20, 40],
    [100, 12],
    [256, 6],
  ] as const)
    it(`never loses an edit: ${pairs} seeded pairs of random edits of ${kb} KB posts, in a few comparisons per line`, async () => {
      const cases = new MergeCases(kb);
      for (let n = 0; n < pairs; n++) {
        const paragraphs = cases.paragraphs(kb * 1024 - 2048);
        const edits = n % 2 === 0 ? 1 + cases.random(20) : 1 + cases.random(200);
        const [base, mine, theirs] = [paragraphs, cases.changed(paragraphs, edits), cases.changed(paragraphs, edits)].map(postText);
        const m = await merged(base, mine, theirs, `${kb} KB, pair ${n} (${edits} edits a side)`);
        // Edits far apart cost a few comparisons a line: Myers' work grows with the edits, not the post's square.
        assert.ok(
          m.comparisons <= 10 * m.lines + 400 * edits * edits,
          `${kb} KB pair ${n}: ${m.comparisons} comparisons for ${m.lines} lines`,
        );
        assert.ok(m.step <= MERGE_LIMITS.stepComparisons + m.lines, `pair ${n}: ${m.step} comparisons in one step`);
      }
    });

  for (const shape of pathological(MERGE_LIMITS.chars - 4096))
    it(`merges ${shape.what} losing nothing, in bounded work and steps`, async () => {
      const m = await merged(shape.base, shape.mine, shape.theirs, shape.what);
      assert.ok(
        m.comparisons <= MERGE_LIMITS.comparisons + 4 * m.lines,
        `${m.comparisons} comparisons for ${m.lines} lines (at most ${MERGE_LIMITS.comparisons} and a few a line)`,
      );
      assert.ok(m.step <= MERGE_LIMITS.stepComparisons + m.lines, `${m.step} comparisons between two turns of the event loop`);
      if (shape.mine === shape.theirs) assert.deepEqual([m.out.text, m.out.conflicts], [shape.mine, 0]);
    });

  it('2,000 edits on each side of a 100 KB post merge paragraph by paragraph (not one conflict of the whole post)', async () => {
    const cases = new MergeCases(2000);
    const paragraphs = cases.paragraphs(100 * 1024);
    const [base, mine, theirs] = [paragraphs, cases.changed(paragraphs, 2_000), cases.changed(paragraphs, 2_000)].map(postText);
    const m = await merged(base, mine, theirs, '2,000 edits each side');
    assert.ok(m.out.conflicts > 20, `${m.out.conflicts} conflicts`);
    const between = m.out.text.split('\n').filter((line) => line.startsWith('<<<<<<<') || line.startsWith('>>>>>>>')).length;
    assert.ok(between < m.lines / 6, `${between} marker lines`);
  });

  it('a text over 256 KB (any of the three) is refused with its size, never merged', async () => {
    const post = (chars: number) => `---\ntitle: T\n---\n${'x'.repeat(chars - 18)}\n`;
    const [small, large] = [post(1000), post(MERGE_LIMITS.chars + 1024)];
    assert.equal(large.length, MERGE_LIMITS.chars + 1024);
    for (const [args, which] of [
      [[small, large, small], 'The file'],
      [[small, small, large], "The site's version"],
      [[large, small, small], 'The version last synced'],
    ] as const)
      await assert.rejects(
        mergePostFile(...args),
        (err: unknown) =>
          err instanceof LimitError &&
          err.message === `${which} is 257 KB of text; this extension merges posts up to 256 KB, so it is not merged.`,
      );
    const limit = post(MERGE_LIMITS.chars);
    assert.equal((await mergePostFile(limit, limit, small)).text, small, 'the largest is merged');
  });
});
