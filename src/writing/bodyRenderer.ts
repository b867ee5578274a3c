/**
 * A post file's Markdown body → the content a post stores, piece by piece (one piece per top-level
 * Markdown block), in the post's way of being written (storedContent.ts):
 *
 * - `blocks`: the block editor's own serialization of the core blocks (paragraph, heading, list and
 *   list item, quote, code, preformatted, image, table, separator, more, nextpage, embed for an
 *   address alone on its line, shortcode for a shortcode alone, html for raw HTML), so the site's
 *   editor opens it as blocks;
 * - `classic`: the form the classic editor stores (paragraphs as text between blank lines, a line
 *   break as a newline, which the site's autop turns into <p> and <br>).
 *
 * A fenced block whose info is `html wordpress` holds content kept exactly as the site had it
 * (pullContent.ts writes those): it is sent as it is, in either form. The pieces join with a blank
 * line, as the block editor joins blocks.
 */
import type Token from 'markdown-it/lib/token.mjs';
import { checkBodySize } from './limits';
import { escapeCode, escapeText, renderer, type RenderEnv, type TextStyle } from './markdownSetup';
import { delimited, joinPieces, type ContentMode } from './storedContent';

/** The info string of a fenced block that holds the site's content as it is. */
export const VERBATIM_INFO = 'html wordpress';

export const isVerbatimInfo = (info: string) => {
  const words = info.trim().split(/\s+/);
  return words[0] === 'html' && words.includes('wordpress');
};

/** `raw` as a fenced block kept as it is: a fence longer than any run of backticks inside. */
export function verbatimFence(raw: string): string {
  const longest = Math.max(2, ...[...raw.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${VERBATIM_INFO}\n${raw}\n${fence}`;
}

/**
 * How this post's editor wrote the simple blocks, which changed over the block editor's versions
 * (a class on paragraphs, headings and lists, the separator's markup, tables' fixed layout). A
 * pulled post keeps its own (pullContent.ts reads it from the stored content); a new post is
 * written in the form every version of the block editor reads as valid.
 */
export interface Flavor {
  paragraph: '<p>' | '<p class="wp-block-paragraph">';
  headingClass: boolean;
  listClass: boolean;
  /** List items as list-item blocks (the block editor since 2022), or as plain <li> in the list's HTML (before). */
  listItems: 'blocks' | 'plain';
  /** The whole separator block as the post writes it. */
  separator: string;
  /** `>` in a code block as `&gt;` (the block editor's fixtures) or as it is (many posts). */
  codeGreaterThan: boolean;
  fixedTables: boolean;
}

export const DEFAULT_FLAVOR: Flavor = {
  paragraph: '<p>',
  headingClass: true,
  listClass: true,
  listItems: 'blocks',
  separator: '<!-- wp:separator -->\n<hr class="wp-block-separator has-alpha-channel-opacity"/>\n<!-- /wp:separator -->',
  fixedTables: true,
  codeGreaterThan: true,
};

/** An image as the post shows it: its address, and the image block's attributes (library ID, size) when known. */
export interface PlacedImage {
  url: string;
  /** `id`, `sizeSlug`, `linkDestination`, in the order the block editor wrote them. */
  attrs?: Record<string, unknown>;
}

export interface BodyOptions {
  mode: ContentMode;
  flavor?: Flavor;
  /** Whitespace the stored content has before its first piece and after its last (a pulled post's own). */
  edges?: { head: string; tail: string };
  /** Where an image's src now points (a local one uploaded to the library) and its block attributes; undefined keeps the src. */
  image?: (src: string) => PlacedImage | undefined;
}

export interface RenderedPiece {
  /** The Markdown of the piece, as the file has it (its lines). */
  source: string;
  /** What it becomes in the stored content. */
  output: string;
}

const URL_ALONE = /^https?:\/\/[^\s<>"]+$/;

interface Ctx {
  mode: ContentMode;
  flavor: Flavor;
  env: RenderEnv & { references?: unknown };
  options: BodyOptions;
}

/** The tokens of one top-level block (from an opening token to its closing one at the same level). */
function groups(tokens: Token[]): Token[][] {
  const out: Token[][] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.nesting !== 1) {
      out.push([t]);
      continue;
    }
    let depth = 0;
    let j = i;
    for (; j < tokens.length; j++) {
      depth += tokens[j].nesting;
      if (depth === 0) break;
    }
    out.push(tokens.slice(i, j + 1));
    i = j;
  }
  return out;
}

const inline = (ctx: Ctx, token: Token) => renderer().renderer.renderInline(token.children ?? [], renderer().options, ctx.env);

/** An attribute value as the block editor writes it (`&`, `"`, `<`, `>` escaped). */
const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The block editor's code escape: `&<` (and `>` in the post's way), `[` as an entity (no shortcode runs), and the `//` of an address alone on a line. */
const blockCode = (text: string, gt: boolean) =>
  (gt ? escapeText(text, 'blocks').replace(/>/g, '&gt;') : escapeText(text, 'blocks'))
    .replace(/\[/g, '&#91;')
    .replace(/^(\s*https?:)\/\/([^\s<>"]+\s*)$/m, '$1&#47;&#47;$2');

const wrap = (name: string, attrs: Record<string, unknown> | undefined, html: string) => delimited(name, attrs, `\n${html}\n`);

/** A paragraph alone holding one image: what the image now is. */
function loneImage(ctx: Ctx, p: Token): { alt: string; placed: PlacedImage; title?: string } | undefined {
  const kids = (p.children ?? []).filter((k) => !(k.type === 'text' && k.content.trim() === ''));
  if (kids.length !== 1 || kids[0].type !== 'image') return undefined;
  const img = kids[0];
  const src = img.attrGet('src') ?? '';
  return {
    alt: renderer().renderer.renderInlineAsText(img.children ?? [], renderer().options, ctx.env),
    placed: ctx.options.image?.(src) ?? { url: src },
    title: img.attrGet('title') ?? undefined,
  };
}

/** The content of a paragraph when it is a single shortcode or a single address, else undefined. */
function alone(p: Token): { shortcode?: string; url?: string } | undefined {
  const kids = p.children ?? [];
  if (kids.length === 1 && kids[0].type === 'shortcode') return { shortcode: kids[0].content };
  const text = p.content.trim();
  if (URL_ALONE.test(text) && !/\s/.test(p.content)) return { url: text };
  return undefined;
}

function paragraph(ctx: Ctx, group: Token[]): string {
  const p = group[1];
  const lone = alone(p);
  const image = loneImage(ctx, p);
  if (ctx.mode === 'classic') {
    if (lone?.shortcode) return lone.shortcode;
    if (lone?.url) return lone.url;
    return inline(ctx, p);
  }
  if (lone?.shortcode) return wrap('core/shortcode', undefined, lone.shortcode);
  if (lone?.url)
    return wrap(
      'core/embed',
      { url: lone.url },
      `<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">\n${lone.url}\n</div></figure>`,
    );
  if (image) {
    const { url, attrs } = image.placed;
    const size = typeof attrs?.sizeSlug === 'string' ? ` size-${attr(attrs.sizeSlug)}` : '';
    const imgCls = typeof attrs?.id === 'number' ? ` class="wp-image-${attrs.id}"` : '';
    const title = image.title ? ` title="${attr(image.title)}"` : '';
    return wrap(
      'core/image',
      attrs,
      `<figure class="wp-block-image${size}"><img src="${attr(url)}" alt="${attr(image.alt)}"${imgCls}${title}/></figure>`,
    );
  }
  return wrap('core/paragraph', undefined, `${ctx.flavor.paragraph}${inline(ctx, p)}</p>`);
}

function heading(ctx: Ctx, group: Token[]): string {
  const level = Number(group[0].tag.slice(1));
  const text = inline(ctx, group[1]);
  if (ctx.mode === 'classic') return `<h${level}>${text}</h${level}>`;
  const cls = ctx.flavor.headingClass ? ' class="wp-block-heading"' : '';
  return wrap('core/heading', level === 2 ? undefined : { level }, `<h${level}${cls}>${text}</h${level}>`);
}

/** A list: its items' text and nested lists; undefined when an item holds more than Markdown lists can map. */
function list(ctx: Ctx, group: Token[], nestedPlain = false): string | undefined {
  const open = group[0];
  const ordered = open.type === 'ordered_list_open';
  const tag = ordered ? 'ol' : 'ul';
  const start = Number(open.attrGet('start') ?? 1);
  const items: string[] = [];
  for (const item of groups(group.slice(1, -1))) {
    const parts = groups(item.slice(1, -1));
    let text = '';
    const nested: string[] = [];
    for (const part of parts) {
      if (part[0].type === 'paragraph_open' && text === '' && nested.length === 0) text = inline(ctx, part[1]);
      else if (part[0].type === 'bullet_list_open' || part[0].type === 'ordered_list_open') {
        const inner = list(ctx, part, ctx.mode === 'blocks' && ctx.flavor.listItems === 'plain');
        if (inner === undefined) return undefined;
        nested.push(inner);
      } else return undefined;
    }
    if (ctx.mode === 'classic') items.push(`\t<li>${text}${nested.map((n) => `\n${n}\n`).join('')}</li>`);
    else if (ctx.flavor.listItems === 'plain') items.push(`<li>${text}${nested.join('')}</li>`);
    else items.push(wrap('core/list-item', undefined, `<li>${text}${nested.join('')}</li>`));
  }
  if (ctx.mode === 'classic') return `<${tag}${start !== 1 ? ` start="${start}"` : ''}>\n${items.join('\n')}\n</${tag}>`;
  const attrs = ordered ? (start !== 1 ? { ordered: true, start } : { ordered: true }) : undefined;
  const cls = ctx.flavor.listClass ? ' class="wp-block-list"' : '';
  const html = `<${tag}${start !== 1 ? ` start="${start}"` : ''}${cls}>${ctx.flavor.listItems === 'plain' ? items.join('') : joinPieces(items)}</${tag}>`;
  // A nested list of plain items is HTML in its item; of list-item blocks, a list block. Inner blocks join with a blank line.
  return nestedPlain ? html : wrap('core/list', attrs, html);
}

function quote(ctx: Ctx, group: Token[]): string {
  const inner = groups(group.slice(1, -1)).map((g) => piece(ctx, g));
  if (ctx.mode === 'classic') return `<blockquote>${joinPieces(inner)}</blockquote>`;
  return wrap('core/quote', undefined, `<blockquote class="wp-block-quote">${joinPieces(inner)}</blockquote>`);
}

function code(ctx: Ctx, t: Token): string {
  if (t.type === 'fence' && isVerbatimInfo(t.info)) return t.content.slice(0, -1);
  const lang = renderer().utils.unescapeAll(t.info).trim().split(/\s+/)[0];
  if (ctx.mode === 'classic')
    return `<pre><code${lang ? ` class="language-${attr(lang)}"` : ''}>${escapeCode(t.content, 'html')}</code></pre>`;
  const text = blockCode(t.content.replace(/\n$/, ''), ctx.flavor.codeGreaterThan);
  return wrap(
    'core/code',
    lang ? { className: `language-${lang}` } : undefined,
    `<pre class="wp-block-code${lang ? ` language-${attr(lang)}` : ''}"><code>${text}</code></pre>`,
  );
}

/** Raw HTML: as it is in a classic post; in blocks, `<!--more-->`, `<!--nextpage-->`, a lone <pre> and the html block. */
function html(ctx: Ctx, t: Token): string {
  const raw = t.content.replace(/\n$/, '');
  if (ctx.mode === 'classic') return raw;
  const more = /^<!--more(?:\s+([\s\S]*?))?-->$/.exec(raw);
  if (more) return wrap('core/more', more[1] ? { customText: more[1] } : undefined, raw);
  if (raw === '<!--nextpage-->') return wrap('core/nextpage', undefined, raw);
  const pre = /^<pre>([\s\S]*)<\/pre>$/.exec(raw);
  if (pre && !/<\/?pre[\s>]/i.test(pre[1]))
    return wrap('core/preformatted', undefined, `<pre class="wp-block-preformatted">${pre[1]}</pre>`);
  return wrap('core/html', undefined, raw);
}

/** A table: as the block editor writes it in blocks; as HTML in a classic post. */
function table(ctx: Ctx, group: Token[]): string {
  const rendered = renderer().renderer.render(group, renderer().options, ctx.env).replace(/\n/g, '');
  if (ctx.mode === 'classic') return rendered;
  const withAlign = rendered.replace(/<(t[hd]) style="text-align:(left|center|right)">/g, '<$1 class="has-text-align-$2" data-align="$2">');
  const fixed = ctx.flavor.fixedTables ? withAlign.replace('<table>', '<table class="has-fixed-layout">') : withAlign;
  return wrap('core/table', undefined, `<figure class="wp-block-table">${fixed}</figure>`);
}

/** One top-level Markdown block → its stored form. */
function piece(ctx: Ctx, group: Token[]): string {
  const first = group[0];
  switch (first.type) {
    case 'paragraph_open':
      return paragraph(ctx, group);
    case 'heading_open':
      return heading(ctx, group);
    case 'bullet_list_open':
    case 'ordered_list_open': {
      const out = list(ctx, group);
      if (out !== undefined) return out;
      break;
    }
    case 'blockquote_open':
      return quote(ctx, group);
    case 'fence':
    case 'code_block':
      return code(ctx, first);
    case 'html_block':
      return html(ctx, first);
    case 'hr':
      return ctx.mode === 'classic' ? '<hr />' : ctx.flavor.separator;
    case 'table_open':
      return table(ctx, group);
  }
  // Anything else (footnotes, a list Markdown cannot map onto list items): its HTML, in an html block.
  const rendered = renderer().renderer.render(group, renderer().options, ctx.env).replace(/\n$/, '');
  return ctx.mode === 'classic' ? rendered : wrap('core/html', undefined, rendered);
}

/** The body's pieces, each with its Markdown and its stored form; `content` is what the post stores. */
export function renderBody(markdown: string, options: BodyOptions): { pieces: RenderedPiece[]; content: string } {
  checkBodySize(markdown);
  const style: TextStyle = options.mode === 'blocks' ? 'blocks' : 'classic';
  const ctx: Ctx = {
    mode: options.mode,
    flavor: options.flavor ?? DEFAULT_FLAVOR,
    options,
    env: { style, imageUrl: (src) => options.image?.(src)?.url },
  };
  const tokens = renderer().parse(markdown, ctx.env);
  const lines = markdown.split('\n');
  const pieces = groups(tokens).map((g) => {
    const map = g[0].map ?? g.find((t) => t.map)?.map;
    return { source: map ? lines.slice(map[0], map[1]).join('\n') : '', output: piece(ctx, g) };
  });
  const { head = '', tail = '' } = options.edges ?? {};
  return { pieces, content: head + joinPieces(pieces.map((p) => p.output)) + tail };
}
