/**
 * The images of a post file that would not be uploaded, each where the file names it: the path as
 * written (or percent-decoded) on the line of its link, or on its reference definition's line
 * (`[r]: ../x.png`); the whole line when it cannot be found there. What the diagnostics show and the
 * Quick Fix edits.
 */
import { checkImage, srcPath, type ImageProblem, type PostPlace, type UploadRules } from './imageFiles';
import type { ParsedPost } from './postFile';
import { imageRefs } from './imageUpload';

export interface PlacedImageProblem {
  line: number;
  start: number;
  end: number;
  /** Whether start…end is the path as written (a Quick Fix may replace it). */
  exact: boolean;
  problem: ImageProblem;
  message: string;
  /** The file the link leads to, when there is one. */
  target?: string;
}

const DEFINITION = /^\s{0,3}\[[^\]]+\]:/;

function placed(lines: readonly string[], line: number, src: string): { line: number; start: number; end: number; exact: boolean } {
  const candidates = [src, srcPath(src)];
  const find = (l: number) => {
    for (const c of candidates) {
      const at = lines[l]?.indexOf(c) ?? -1;
      if (at >= 0) return { line: l, start: at, end: at + c.length, exact: true };
    }
    return undefined;
  };
  const here = find(line);
  if (here) return here;
  for (let l = 0; l < lines.length; l++) {
    if (!DEFINITION.test(lines[l])) continue;
    const there = find(l);
    if (there) return there;
  }
  return { line, start: 0, end: lines[line]?.length ?? 0, exact: false };
}

export async function imageProblems(text: string, parsed: ParsedPost, place: PostPlace, rules: UploadRules): Promise<PlacedImageProblem[]> {
  const refs = imageRefs(parsed);
  if (refs.length === 0) return [];
  const lines = text.split(/\r?\n/);
  const out: PlacedImageProblem[] = [];
  for (const ref of refs) {
    const checked = await checkImage(ref.src, place, rules);
    if (!checked.ok)
      out.push({ ...placed(lines, ref.line, ref.src), problem: checked.problem, message: checked.message, target: checked.path });
  }
  return out;
}
