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
import { ShortcodeScan } from './shortcodeScan';

export interface RenderOptions {
  /** The URL to send for an image's src (a local one uploaded to the library); undefined keeps it. */
  imageUrl?: (src: string) => string | undefined;
}

/**
 * How text is written out: `html` (a page's HTML: `&<>"` escaped), `classic` (a classic post as
 * its editor stores it: `&<>`), `blocks` (the block editor's rich text: `&<` only).
 */
export type TextStyle = 'html' | 'classic' | 'blocks';

/** The render's environment: what each rule reads. */
export interface RenderEnv {
  style?: TextStyle;
  imageUrl?: RenderOptions['imageUrl'];
}

/** Each inline text's shortcodes (one scan per text markdown-it reads inline, made at its first `[`). */
const scans = new WeakMap<object, ShortcodeScan>();
function scanOf(state: { src: string }): ShortcodeScan {
  let scan = scans.get(state);
  if (!scan) scans.set(state, (scan = new ShortcodeScan(state.src)));
  return scan;
}

/** Escapes text for `style`. */
export function escapeText(text: string, style: TextStyle = 'html'): string {
  const amp = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  // The editors of the site store a non-breaking space as its entity.
  if (style === 'blocks') return amp.replace(/\u00a0/g, '&nbsp;');
  if (style === 'classic') return amp.replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;');
  return amp.replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Code's text: escaped, and its `[` `]` as entities, so no shortcode runs inside it. */
export const escapeCode = (text: string, style: TextStyle = 'html') =>
  escapeText(text, style === 'blocks' ? 'blocks' : 'html')
    .replace(/\[/g, '&#91;')
    .replace(/\]/g, '&#93;');

let shared: MarkdownIt | undefined;

export function renderer(): MarkdownIt {
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
  // An image's alt text keeps its escaped characters (`\_`): markdown-it joins them into the text
  // everywhere but inside an image, whose alt it then reads without them.
  md.core.ruler.after('text_join', 'image_alt_text', (state) => {
    const visit = (tokens: Token[] | null) => {
      for (const t of tokens ?? []) {
        if (t.type === 'text_special') t.type = 'text';
        if (t.children) visit(t.children);
      }
    };
    for (const block of state.tokens) if (block.type === 'inline') visit(block.children);
  });
  // A shortcode outside code is sent as written: not escaped, never a link, whatever it holds.
  md.inline.ruler.before('link', 'shortcode', (state, silent) => {
    // Silent: a link's label being measured, which reads brackets as Markdown does.
    if (silent || state.src.charCodeAt(state.pos) !== 0x5b /* [ */) return false;
    // Not a shortcode (brackets in prose are none: shortcodeScan.ts), or one that runs past this text.
    const shortcodeEnd = scanOf(state).endAt(state.pos);
    if (shortcodeEnd === undefined || shortcodeEnd > state.posMax) return false;
    // Markdown's own brackets win: a link `[text](url)`, `[text][ref]`, `[ref]` defined in the file.
    const end = state.md.helpers.parseLinkLabel(state, state.pos, true);
    if (end >= 0) {
      const after = state.src.charAt(end + 1);
      if (after === '(' || after === '[') return false;
      const refs = (state.env as { references?: Record<string, unknown> }).references;
      if (refs && refs[state.md.utils.normalizeReference(state.src.slice(state.pos + 1, end))]) return false;
    }
    state.push('shortcode', '', 0).content = state.src.slice(state.pos, shortcodeEnd);
    state.pos = shortcodeEnd;
    return true;
  });
  md.renderer.rules.shortcode = (tokens, i) => tokens[i].content;
  const style = (env: RenderEnv) => env.style ?? 'html';
  md.renderer.rules.text = (tokens, i, _o, env: RenderEnv) => escapeText(tokens[i].content, style(env));
  md.renderer.rules.softbreak = () => ' ';
  // A line break: <br> in a page and in blocks; in a classic post, the newline its autop turns into one.
  md.renderer.rules.hardbreak = (_t, _i, _o, env: RenderEnv) => (style(env) === 'classic' ? '\n' : '<br>');
  md.renderer.rules.code_inline = (tokens, i, _o, env: RenderEnv) => `<code>${escapeCode(tokens[i].content, style(env))}</code>`;
  const block = (tokens: Token[], i: number) => {
    const lang = md.utils.unescapeAll(tokens[i].info).trim().split(/\s+/)[0];
    const cls = lang ? ` class="language-${md.utils.escapeHtml(lang)}"` : '';
    return `<pre><code${cls}>${escapeCode(tokens[i].content)}</code></pre>\n`;
  };
  md.renderer.rules.fence = block;
  md.renderer.rules.code_block = block;
  const image = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, i, options, env: RenderEnv, self) => {
    const src = tokens[i].attrGet('src');
    const url = src !== null ? env.imageUrl?.(src) : undefined;
    if (url !== undefined) tokens[i].attrSet('src', url);
    return image(tokens, i, options, env, self);
  };
  shared = md;
  return md;
}

/** Elements that lay out as blocks: the whitespace between two tags is nothing when one of them is of these. */
const BLOCK_TAG =
  /^<\/?(?:address|article|aside|blockquote|dd|details|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)[\s/>]/i;

/**
 * Joins what markdown-it left on several lines, outside <pre>: between two tags with nothing when
 * either lays out as a block, else (two inline elements, text) with a space, as a browser reads it.
 */
export function oneLineOutsidePre(html: string): string {
  return html
    .split(/(<pre[\s>][\s\S]*?<\/pre>)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/^\s+|\s+$/g, '')
            .replace(/(<[^<>]*>)\s*\n\s*(?=(<[^<>]*>))/g, (_m, before: string, after: string) =>
              BLOCK_TAG.test(before) || BLOCK_TAG.test(after) ? before : `${before} `,
            )
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
  return oneLineOutsidePre(renderer().render(markdown, { imageUrl: options.imageUrl, style: 'html' } satisfies RenderEnv));
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
