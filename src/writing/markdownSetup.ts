/**
 * The one markdown-it the writing code reads Markdown with (bodyRenderer.ts renders a post's body
 * with it, localImages.ts finds its images): CommonMark with footnotes and tables, raw HTML kept,
 * and the rules that keep what writers complain of (writing.md) from happening. A soft line break
 * is a space, never a <br>; code is escaped exactly and its `[` `]` sent as `&#91;` `&#93;` so no
 * shortcode runs inside it; a shortcode outside code is sent as written; only an address written
 * with its scheme becomes a link; footnotes are bounded before the plugin gathers them. The front
 * matter is never part of what it reads.
 */
import MarkdownIt from 'markdown-it';
import footnote from 'markdown-it-footnote';
import type Token from 'markdown-it/lib/token.mjs';
import { countText, LimitError, WRITING_LIMITS } from './limits';
import { ShortcodeScan } from './shortcodeScan';

/**
 * How text is written out: `html` (a page's HTML: `&<>"` escaped), `classic` (a classic post as
 * its editor stores it: `&<>`), `blocks` (the block editor's rich text: `&<` only).
 */
export type TextStyle = 'html' | 'classic' | 'blocks';

/** The render's environment: what each rule reads. */
export interface RenderEnv {
  style?: TextStyle;
  /** The URL to send for an image's src (a local one uploaded to the library); undefined keeps it. */
  imageUrl?: (src: string) => string | undefined;
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
