/**
 * The three-way merge of post files (issue 39): seeded posts of the usual shape at 20 KB, 100 KB
 * and 256 KB (the largest the extension opens) edited on both sides in different paragraphs, the
 * pathological shapes that once froze the extension host (node-diff3 was cubic on the blank lines
 * between paragraphs), and a text over the bound (refused). Each row: the median of 3 runs and the
 * longest step (the event loop's longest wait meanwhile), as writingWorst.ts measures them.
 */
import { MERGE_LIMITS } from '../../src/writing/mergeLimits';
import { mergePostFile } from '../../src/writing/mergePost';
import { MergeCases, pathological, postText } from '../../test/unit/writing/mergeShapes';
import { time, type WorstCase } from './writingWorst';

type Three = { base: string; mine: string; theirs: string };
const merge = async ({ base, mine, theirs }: Three) => void (await mergePostFile(base, mine, theirs));

/** The row's label: what was merged, and the conflicts the result holds. */
async function label(what: string, three: Three): Promise<string> {
  const out = await mergePostFile(three.base, three.mine, three.theirs).catch(() => undefined);
  return out ? `${what}: ${out.conflicts} conflicts` : what;
}

/** A post of about `kb` KB edited `edits` times on each side. */
function edited(kb: number, edits: number): Three {
  const cases = new MergeCases(kb);
  const paragraphs = cases.paragraphs(kb * 1024 - 2048);
  const [base, mine, theirs] = [paragraphs, cases.changed(paragraphs, edits), cases.changed(paragraphs, edits)].map(postText);
  return { base, mine, theirs };
}

export async function mergeFigures(): Promise<WorstCase[]> {
  await merge(edited(4, 3));
  const rows: WorstCase[] = [];
  for (const kb of [20, 100, 256]) {
    const post = edited(kb, 10);
    rows.push(await time(await label(`a ${kb} KB post (${post.base.split('\n').length} lines), 10 edits on each side`, post), post, merge));
  }
  for (const shape of pathological(MERGE_LIMITS.chars - 4096)) rows.push(await time(await label(shape.what, shape), shape, merge));
  const big = edited(1024, 10);
  rows.push(await time('a 1 MB post, 10 edits on each side', big, merge));
  return rows;
}
