/**
 * The sizes the writing code takes on, each said once (README "What may be uploaded, and how big a
 * post may be"). Each bound keeps the extension host responsive on hostile or accidental input: the
 * work below them finishes well within a second on the slowest machine we test on (`npm run bench`,
 * "writing worst cases"); above them the work is refused with a `LimitError` that says which bound.
 */
export const WRITING_LIMITS = {
  /** The front matter (YAML between the `---` lines), in characters. */
  frontMatterChars: 64 * 1024,
  /** A post file's Markdown body, in characters. */
  bodyChars: 1024 * 1024,
  /** A site's post content (HTML) to turn into Markdown, in characters (each piece is converted and checked; 512 KB took a second). */
  htmlChars: 256 * 1024,
  /** Footnotes in one post (the footnote plugin gathers them in time that grows with their square). */
  footnotes: 1_000,
  /** Elements inside elements in a post's HTML (deeper content would exhaust the stack). */
  nesting: 100,
  /** Rows of one table turned into a Markdown table; a longer table is kept as HTML. */
  tableRows: 300,
  /** An image's size when the site does not say its own upload limit (`options.max_upload_size`). */
  defaultUploadBytes: 50 * 1024 * 1024,
} as const;

/** Work refused because its input is over one of WRITING_LIMITS; the message names the bound. */
export class LimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LimitError';
  }
}

/** "64 KB", "1.2 MB": sizes as the messages say them. */
export function sizeText(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  const mb = n / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1).replace(/\.0$/, '') : Math.round(mb)} MB`;
}

/** "1,000,000": a count as the messages say it. */
export const countText = (n: number): string => n.toLocaleString('en-US');

/** Refuses a body over the size this extension renders (WRITING_LIMITS.bodyChars). */
export function checkBodySize(markdown: string): void {
  if (markdown.length > WRITING_LIMITS.bodyChars)
    throw new LimitError(
      `The post is ${sizeText(markdown.length)} of text; this extension renders posts up to ${sizeText(WRITING_LIMITS.bodyChars)}.`,
    );
}
