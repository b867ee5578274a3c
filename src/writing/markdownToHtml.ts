/**
 * Markdown → the HTML a post sends, rendered here so the service's own Markdown can't do what
 * writers complain of (writing.md): a soft line break is a space, never a <br>; no newline is left
 * outside <pre> for the service's autop to turn into one; code is escaped exactly and its `[` `]`
 * sent as `&#91;` `&#93;` so no shortcode runs inside it; inline HTML is kept. markdown-it with
 * footnotes; the front matter is never part of what it reads.
 */
import MarkdownIt from 'markdown-it';
import footnote from 'markdown-it-footnote';
import type Token from 'markdown-it/lib/token.mjs';
import { countText, LimitError, sizeText, WRITING_LIMITS } from './limits';

export interface RenderOptions {
  /** The URL to send for an image's src (a local one uploaded to the library); undefined keeps it. */
  imageUrl?: (src: string) => string | undefined;
}

let shared: MarkdownIt | undefined;

function renderer(): MarkdownIt {
  if (shared) return shared;
  const md = new MarkdownIt({ html: true, breaks: false, linkify: true, typographer: false }).use(footnote);
  // Only addresses written with their scheme (https://…) become links: a bare domain name is text
  // (and finding those took seconds on a long post).
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  // The footnote plugin gathers the notes in time that grows with their square: bounded here, before it runs.
  md.core.ruler.before('footnote_tail', 'footnote_limit', (state) => {
    const count = (state.env as { footnotes?: { list?: unknown[] } }).footnotes?.list?.length ?? 0;
    if (count > WRITING_LIMITS.footnotes)
      throw new LimitError(
        `The post has ${countText(count)} footnotes; this extension renders up to ${countText(WRITING_LIMITS.footnotes)}.`,
      );
    return false;
  });
  const code = (text: string) => md.utils.escapeHtml(text).replace(/\[/g, '&#91;').replace(/\]/g, '&#93;');
  md.renderer.rules.softbreak = () => ' ';
  md.renderer.rules.code_inline = (tokens, i) => `<code>${code(tokens[i].content)}</code>`;
  const block = (tokens: Token[], i: number) => {
    const lang = tokens[i].info.trim().split(/\s+/)[0];
    const cls = lang ? ` class="language-${md.utils.escapeHtml(lang)}"` : '';
    return `<pre><code${cls}>${code(tokens[i].content)}</code></pre>\n`;
  };
  md.renderer.rules.fence = block;
  md.renderer.rules.code_block = block;
  const image = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, i, options, env: { imageUrl?: RenderOptions['imageUrl'] }, self) => {
    const src = tokens[i].attrGet('src');
    const url = src !== null ? env.imageUrl?.(src) : undefined;
    if (url !== undefined) tokens[i].attrSet('src', url);
    return image(tokens, i, options, env, self);
  };
  shared = md;
  return md;
}

/** Joins what markdown-it left on several lines, outside <pre>: between tags with nothing, inside text with a space. */
function oneLineOutsidePre(html: string): string {
  return html
    .split(/(<pre[\s>][\s\S]*?<\/pre>)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/^\s+|\s+$/g, '')
            .replace(/>\s*\n\s*</g, '><')
            .replace(/\s*\n\s*/g, ' '),
    )
    .join('')
    .trim();
}

/** Refuses a body over the size this extension renders (WRITING_LIMITS.bodyChars). */
export function checkBodySize(markdown: string): void {
  if (markdown.length > WRITING_LIMITS.bodyChars)
    throw new LimitError(
      `The post is ${sizeText(markdown.length)} of text; this extension renders posts up to ${sizeText(WRITING_LIMITS.bodyChars)}.`,
    );
}

export function markdownToHtml(markdown: string, options: RenderOptions = {}): string {
  checkBodySize(markdown);
  return oneLineOutsidePre(renderer().render(markdown, { imageUrl: options.imageUrl }));
}

/** Whether an image's src is a file beside the post (not a web address, a data: URL or an absolute path on a server). */
export function isLocalSrc(src: string): boolean {
  return src !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(src) && !src.startsWith('//') && !src.startsWith('#');
}

/** Each line of `markdown` (0-based) where a local image is linked, by its src, in order. */
export function localImages(markdown: string): Array<{ src: string; line: number }> {
  checkBodySize(markdown);
  const found: Array<{ src: string; line: number }> = [];
  const walk = (tokens: Token[], line: number) => {
    for (const t of tokens) {
      const at = t.map ? t.map[0] : line;
      if (t.type === 'image') {
        const src = t.attrGet('src');
        if (src && isLocalSrc(src) && !found.some((f) => f.src === src)) found.push({ src, line: at });
      }
      if (t.children) walk(t.children, at);
    }
  };
  walk(renderer().parse(markdown, {}), 0);
  return found;
}
