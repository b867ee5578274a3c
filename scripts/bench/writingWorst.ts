/**
 * The writing code's worst cases (issue 23): each input that once froze the extension host, and the
 * largest input each bound still accepts, timed in this process (median of 3, after one warm-up of
 * the libraries). Each either finishes or is refused with its LimitError; the goal is ≤ 1 s either way.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pullContent } from '../../src/writing/pullContent';
import { checkImage, uploadRules, type PostPlace, type UploadRules } from '../../src/writing/imageFiles';
import { countText, WRITING_LIMITS } from '../../src/writing/limits';
import { renderBody } from '../../src/writing/bodyRenderer';
import { localImages } from '../../src/writing/localImages';
import { parsePostFile } from '../../src/writing/postFile';

export interface WorstCase {
  what: string;
  /** `done`, or the refusal's message. */
  outcome: string;
  ms: number;
  /** The work's longest step: the event loop's longest wait meanwhile, or all of it when it never yields. */
  longestStepMs?: number;
}

const RUNS = 3;

const frontMatter = (keys: number) => `---\ntitle: x\n${Array.from({ length: keys }, (_, i) => `k${i}: v`).join('\n')}\n---\nbody\n`;
/** A table block of a heading row and `rows` rows of `columns` cells. */
const tableBlock = (rows: number, columns: number) => {
  const row = (tag: string, r: string) => `<tr>${Array.from({ length: columns }, (_, c) => `<${tag}>${r}x${c}</${tag}>`).join('')}</tr>`;
  return `<!-- wp:table -->\n<figure class="wp-block-table"><table class="has-fixed-layout"><thead>${row('th', 'h')}</thead><tbody>${Array.from({ length: rows }, (_, r) => row('td', String(r))).join('')}</tbody></table></figure>\n<!-- /wp:table -->`;
};
const kb = (text: string) => `${Math.round(text.length / 1024)} KB`;
const footnotes = (n: number) =>
  `${Array.from({ length: n }, (_, i) => `a[^${i}]`).join('\n\n')}\n\n${Array.from({ length: n }, (_, i) => `[^${i}]: n${i}`).join('\n')}`;
/** Realistic Markdown (emphasis, code, links, lists) up to `chars` characters. */
function prose(chars: number): string {
  const para = 'Some words with *emphasis*, `code [x]` and [a link](https://example.com/page).\n\n- a list item\n- another one\n\n';
  return para.repeat(Math.floor(chars / para.length));
}
/** Links to different local images, each on its own line, up to `chars` characters. */
function differentImages(chars: number): { md: string; count: number } {
  const lines: string[] = [];
  for (let n = 0, size = 0; size < chars; n++) {
    lines.push(`![p](pics/p${n}.png)`);
    size += lines[n].length + 1;
  }
  lines.pop();
  return { md: lines.join('\n'), count: lines.length };
}
/** Classic stored HTML (paragraphs by blank lines, some markup) up to `chars` characters. */
function classic(chars: number): string {
  const para = 'Hello <b>world</b> and <a href="https://x.example/z">a link</a> in a paragraph.\n\n';
  return para.repeat(Math.floor(chars / para.length));
}

/** Times `work` on `input` (made before the clock starts); a thrown LimitError or a returned refusal is the outcome. */
export async function time<T>(
  what: string,
  input: T,
  work: (input: T) => string | undefined | Promise<string | undefined>,
): Promise<WorstCase> {
  const runs: number[] = [];
  const steps: number[] = [];
  let outcome = 'done';
  for (let i = 0; i < RUNS; i++) {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const started = performance.now();
    try {
      const refusal = await work(input);
      if (refusal) outcome = `refused: ${refusal}`;
    } catch (err) {
      outcome = `refused: ${err instanceof Error ? err.message : String(err)}`;
    }
    const elapsed = performance.now() - started;
    runs.push(elapsed);
    delay.disable();
    // Work that never gives the loop a turn is one step as long as itself (the monitor sees no wait during it).
    const waited = delay.max / 1e6;
    steps.push(waited >= 1 ? waited : elapsed);
  }
  runs.sort((a, b) => a - b);
  steps.sort((a, b) => a - b);
  return { what, outcome, ms: runs[Math.floor(runs.length / 2)], longestStepMs: steps[Math.floor(steps.length / 2)] };
}

/** Front matter read as on opening a file: its size refusal, when it is one. */
const readFile = (text: string) => parsePostFile(text).problems.find((p) => p.message.startsWith('The front matter is'))?.message;
/** A body rendered as Publish renders it (as blocks). */
const render = (md: string) => void renderBody(md, { mode: 'blocks' });
const images = (md: string) => void localImages(md);
const convert = async (html: string) => void (await pullContent(html));
/** A table converted: `done` when it became a Markdown table, else that it stayed as the site wrote it. */
const convertTable = async (html: string) =>
  /^```+html wordpress$/m.test((await pullContent(html)).body) ? 'kept as the site wrote it (HTML)' : undefined;
/** An image check: its refusal, when it is one. */
const check = (place: PostPlace, rules: UploadRules) => async (src: string) => {
  const c = await checkImage(src, place, rules);
  return c.ok ? undefined : c.message;
};

export async function writingWorstCases(): Promise<WorstCase[]> {
  render('warm *up*');
  await pullContent('<p>warm <b>up</b></p>');
  const dir = mkdtempSync(join(tmpdir(), 'cs-bench-worst-'));
  try {
    execFileSync('mkfifo', [join(dir, 'pipe.png')]);
    const fd = openSync(join(dir, 'big.png'), 'w');
    ftruncateSync(fd, 2 * 1024 * 1024 * 1024);
    closeSync(fd);
    writeFileSync(join(dir, 'notes.png'), 'text named .png');
    const place = { fileDir: dir, root: dir };
    const rules = uploadRules(undefined, WRITING_LIMITS.defaultUploadBytes);
    const limitMd = prose(WRITING_LIMITS.bodyChars - 1024);
    const manyImages = differentImages(WRITING_LIMITS.bodyChars - 1024);
    const checks = check(place, rules);
    return [
      await time('front matter of 20,000 keys, read (on open and while typing)', frontMatter(20_000), readFile),
      await time('front matter of 100,000 keys, read', frontMatter(100_000), readFile),
      await time('the largest front matter read (64 KB: 6,500 keys)', frontMatter(6_500), readFile),
      await time(`a 200-row × 10-column table block (${kb(tableBlock(200, 10))}), to Markdown`, tableBlock(200, 10), convertTable),
      await time(`the largest table converted (299 rows × 20 columns, ${kb(tableBlock(299, 20))})`, tableBlock(299, 20), convertTable),
      await time(`a 1,700-row table block (${kb(tableBlock(1_700, 2))}), to Markdown`, tableBlock(1_700, 2), convertTable),
      await time('a 5 MB table block, to Markdown', tableBlock(170_000, 2), convert),
      await time('10,000 nested <div>, to Markdown', `${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_000)}`, convert),
      await time('1,000 nested lists, to Markdown', `${'<ul><li>'.repeat(1_000)}x${'</li></ul>'.repeat(1_000)}`, convert),
      await time('the largest site content converted (256 KB of classic HTML)', classic(WRITING_LIMITS.htmlChars - 1024), convert),
      await time('20,000 footnotes, rendered', footnotes(20_000), render),
      await time('1,000 footnotes (the most rendered)', footnotes(1_000), render),
      await time('1 MB of bare domain names, rendered', Array.from({ length: 70_000 }, (_, i) => `ex${i}.com`).join(' '), render),
      await time('a 10 MB body, rendered', 'word '.repeat(2_000_000), render),
      await time('the largest body rendered (1 MB of Markdown)', limitMd, render),
      await time('the largest body read for its images (1 MB, as the diagnostics read it)', limitMd, images),
      await time('`[a](` × 50,000 (200 KB: brackets no shortcode closes), read for its images', '[a]('.repeat(50_000), images),
      await time('`[a](` × 50,000, rendered', '[a]('.repeat(50_000), render),
      await time('`![a](` × 20,000 (100 KB), read for its images', '![a]('.repeat(20_000), images),
      await time(`${countText(manyImages.count)} different local images (1 MB), read for its images`, manyImages.md, images),
      await time('an image that is a FIFO (pipe.png), checked', 'pipe.png', checks),
      await time('a sparse 2 GB big.png, checked', 'big.png', checks),
      await time('a text file named notes.png, checked', 'notes.png', checks),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
