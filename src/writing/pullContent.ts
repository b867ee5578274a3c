/**
 * The site's stored content (`context=edit`) → a post file's Markdown body that publishes back to
 * exactly the same bytes. Each piece (storedContent.ts: a top-level block, or a classic chunk) becomes
 * Markdown only when rendering that Markdown (bodyRenderer.ts) gives the piece's bytes again;
 * anything else (dynamic and void blocks, blocks with attributes Markdown cannot carry, other
 * plugins' blocks, classic HTML Markdown cannot say) stays in the file as it is, in a fenced block
 * marked `html wordpress`, readable and movable. The whole body is checked once more against the
 * stored content; a piece that reads differently next to its neighbours is kept as it is too.
 */
import domino from '@mixmark-io/domino';
import TurndownService from 'turndown';
import { gfm } from '@joplin/turndown-plugin-gfm';
import { autop } from '@wordpress/autop';
import { DEFAULT_FLAVOR, renderBody, verbatimFence, type BodyOptions, type Flavor } from './bodyRenderer';
import { escapeMarkerLines } from './conflictMarkers';
import { countText, LimitError, sizeText, WRITING_LIMITS } from './limits';
import { delimited, storedPieces, type ContentMode, type ParsedBlock, type StoredPiece } from './storedContent';
import { rowsOncePerChange } from './tableRows';

let shared: TurndownService | undefined;

function service(): TurndownService {
  if (shared) return shared;
  const td = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    strongDelimiter: '**',
    hr: '---',
    br: '\\',
  });
  td.use(gfm);
  // A fenced block keeps its language (`class="language-js"`).
  td.addRule('fencedWithLanguage', {
    filter: (node) => node.nodeName === 'PRE' && node.firstChild?.nodeName === 'CODE',
    replacement: (_content, node) => {
      const codeNode = node.firstChild as HTMLElement;
      const lang = /language-(\S+)/.exec(codeNode.getAttribute('class') ?? '')?.[1] ?? '';
      const text = codeNode.textContent ?? '';
      const fence = text.includes('```') ? '~~~' : '```';
      return `\n\n${fence}${lang}\n${text.replace(/\n$/, '')}\n${fence}\n\n`;
    },
  });
  shared = td;
  return td;
}

/** Elements whose end tag may be left out, and elements with none: not counted as nesting. */
const SELF_CLOSING = new Set(
  'p li dt dd option optgroup tr td th thead tbody tfoot colgroup caption rb rt rp area base br col embed hr img input link meta source track wbr'.split(
    ' ',
  ),
);
const TAG = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)\b[^>]*?(\/?)>/g;

/**
 * How deep the HTML may nest, counted in one pass over its tags (not a parse: elements that close
 * themselves are left out, so this never counts less than a parser would nest, up to one such
 * element per level). HTML over the bound is never given to a parser (their time grows with the
 * square of the depth); it stays as it is.
 */
function tooDeep(html: string): boolean {
  let open = 0;
  for (const m of html.matchAll(TAG)) {
    if (m[2] === undefined || SELF_CLOSING.has(m[2].toLowerCase()) || m[3]) continue;
    open = m[1] ? Math.max(0, open - 1) : open + 1;
    if (open * 2 > WRITING_LIMITS.nesting) return true;
  }
  return false;
}

/** The rows of a table element (its own), counted without the DOM's `rows` (built anew on each read). */
function longTable(html: string): boolean {
  return (html.match(/<tr[\s>]/gi)?.length ?? 0) > WRITING_LIMITS.tableRows;
}

const SPACE = '\uE000';
const TAB = '\uE001';
const BLOCK_NAMES = new Set(['X-TURNDOWN', 'P', 'LI', 'TD', 'TH', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'DIV', 'FIGCAPTION']);

/**
 * Whitespace Markdown would fold (turndown collapses runs of spaces; a paragraph's edges are
 * trimmed) marked in the text nodes so it comes out as entities (`&#32;`, `&#9;`), which Markdown
 * reads back as the same characters. Code and preformatted text keep theirs as they are.
 */
function keepSpaces(root: Element): void {
  const texts: Text[] = [];
  const stack: Node[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.nodeName === 'PRE' || n.nodeName === 'CODE') continue;
    if (n.nodeType === 3) texts.push(n as Text);
    for (let c = n.lastChild; c; c = c.previousSibling) stack.push(c);
  }
  const blockOf = (n: Node) => {
    let p = n.parentNode;
    while (p && !BLOCK_NAMES.has(p.nodeName)) p = p.parentNode;
    return p;
  };
  texts.forEach((t, i) => {
    let data = t.data.replace(/\t/g, TAB).replace(/ {2,}/g, (run) => ` ${SPACE.repeat(run.length - 1)}`);
    const block = blockOf(t);
    if (blockOf(texts[i - 1] ?? root) !== block || i === 0) data = data.replace(/^ /, SPACE);
    if (blockOf(texts[i + 1] ?? root) !== block || i === texts.length - 1) data = data.replace(/ $/, SPACE);
    t.data = data;
  });
}

/** One document for every conversion (making a document is most of a small conversion's time). */
let scratch: Document | undefined;

/** HTML → Markdown with turndown; undefined when the HTML is over a bound (kept as it is then). */
function turndown(html: string): string | undefined {
  if (tooDeep(html) || longTable(html)) return undefined;
  scratch ??= domino.createDocument('<x-turndown></x-turndown>') as unknown as Document;
  const root = scratch.createElement('x-turndown');
  root.innerHTML = html;
  keepSpaces(root);
  rowsOncePerChange(root);
  // turndown converts a copy of the element it is given; this one is made for this call alone, so
  // it converts this one, whose tables keep the rows given above (a copy would not).
  Object.defineProperty(root, 'cloneNode', { value: () => root });
  return service()
    .turndown(root as unknown as HTMLElement)
    .trim()
    .replace(/\uE000/g, '&#32;')
    .replace(/\uE001/g, '&#9;');
}

/** The text an HTML fragment shows (entities decoded), as the DOM reads it. */
function textOf(html: string): string {
  const doc = domino.createDocument(`<pre id="text">${html}</pre>`) as unknown as Document;
  return doc.getElementById('text')!.textContent ?? '';
}

/** The inner HTML of `<tag …>X</tag>` when `html` is exactly that element (with the given attributes), else undefined. */
function innerOf(html: string, open: string, close: string): string | undefined {
  return html.startsWith(open) && html.endsWith(close) ? html.slice(open.length, html.length - close.length) : undefined;
}

const plain = (attrs: ParsedBlock['attrs']) => !attrs || Object.keys(attrs).length === 0;

/** The HTML of a block with its inner blocks in their places and every block comment left out. */
function bareHtml(block: ParsedBlock): string {
  let i = 0;
  return block.innerContent.map((part) => (part === null ? bareHtml(block.innerBlocks[i++]) : part)).join('');
}

/** Markdown that may say this block, or undefined when Markdown has no form for it. */
function blockMarkdown(block: ParsedBlock): string | undefined {
  const html = block.innerHTML.replace(/^\n|\n$/g, '');
  const a = block.attrs ?? {};
  switch (block.blockName) {
    case 'core/paragraph':
      return plain(a) ? turndown(html) : undefined;
    case 'core/heading':
    case 'core/list':
    case 'core/quote':
      return turndown(bareHtml(block).replace(/^\n|\n$/g, ''));
    case 'core/table':
      // The editor's column alignment, as the tables plugin reads it.
      return turndown(html.replace(/ class="has-text-align-(left|center|right)" data-align="\1"/g, ' align="$1"'));
    case 'core/code': {
      const code = /^<pre class="wp-block-code(?: language-([\w+#.-]+))?"><code>([\s\S]*)<\/code><\/pre>$/.exec(html);
      if (!code) return undefined;
      const text = textOf(code[2]);
      const fence = text.includes('```') ? '~~~' : '```';
      return `${fence}${code[1] ?? ''}\n${text}\n${fence}`;
    }
    case 'core/image': {
      const img = /^<figure class="wp-block-image[^"]*">(<img [^>]*\/>)<\/figure>$/.exec(html);
      return img ? turndown(img[1]) : undefined;
    }
    case 'core/separator':
      return '---';
    case 'core/more':
    case 'core/nextpage':
    case 'core/html':
      return html;
    case 'core/shortcode':
      return html.trim();
    case 'core/embed':
      return typeof a.url === 'string' ? a.url : undefined;
    case 'core/preformatted': {
      const inner = innerOf(html, '<pre class="wp-block-preformatted">', '</pre>');
      return inner === undefined ? undefined : `<pre>${inner}</pre>`;
    }
    default:
      return undefined;
  }
}

/** Text with nothing Markdown or HTML would read otherwise: a classic paragraph that is Markdown as it is. */
const PLAIN = /^[^\s<>&*_`[\]\\#!|~+=-][^<>&*_`[\]\\\n]*[^\s<>&*_`[\]\\]$/;

/** Markdown candidates for a classic chunk: plain text as it is; else as Markdown (through autop, as the site reads it), then the chunk as it is. */
function classicMarkdown(raw: string): string[] {
  if (PLAIN.test(raw) && !/ {2}|\t|https?:\/\//.test(raw)) return [raw];
  const out: string[] = [];
  const md = turndown(autop(raw));
  if (md) out.push(md);
  out.push(raw);
  return out;
}

/** What one piece of Markdown renders to for this post (one piece, or undefined when it is not one). */
function renders(markdown: string, post: PostStyle): string | undefined {
  const { pieces } = renderBody(markdown, bodyOptions(post));
  return pieces.length === 1 ? pieces[0].output : undefined;
}

/** The image blocks' attributes Markdown cannot say but the renderer writes back, by image address. */
export type ImageAttrs = ReadonlyMap<string, Record<string, unknown>>;

/** How a pulled post is written: blocks or classic, its blocks' flavor, its images' block attributes. */
export interface PostStyle {
  mode: ContentMode;
  flavor: Flavor;
  images: ImageAttrs;
  /** Whitespace before the first piece and after the last. */
  edges: { head: string; tail: string };
}

/** The renderer's options for a post of this style. */
export function bodyOptions(post: PostStyle): BodyOptions {
  return { mode: post.mode, flavor: post.flavor, edges: post.edges, image: (src) => ({ url: src, attrs: post.images.get(src) }) };
}

const REPLAYED_IMAGE_ATTRS = new Set(['id', 'sizeSlug', 'linkDestination']);

/** Every block of the content, inner ones too. */
function* everyBlock(pieces: readonly StoredPiece[]): Generator<ParsedBlock> {
  const walk = function* (b: ParsedBlock): Generator<ParsedBlock> {
    yield b;
    for (const inner of b.innerBlocks) yield* walk(inner);
  };
  for (const p of pieces) if (p.block) yield* walk(p.block);
}

/** The post's own flavor (each by what most of its blocks say) and its images' attributes. */
export function styleOf(mode: ContentMode, pieces: readonly StoredPiece[], edges = { head: '', tail: '' }): PostStyle {
  const votes = {
    pClass: 0,
    p: 0,
    hClass: 0,
    h: 0,
    listClass: 0,
    list: 0,
    itemBlocks: 0,
    plainItems: 0,
    fixed: 0,
    table: 0,
    gtEntity: 0,
    gt: 0,
  };
  const separators = new Map<string, number>();
  const images = new Map<string, Record<string, unknown>>();
  for (const b of everyBlock(pieces)) {
    const html = b.innerHTML;
    const a = b.attrs ?? {};
    if (b.blockName === 'core/paragraph') {
      if (html.startsWith('\n<p class="wp-block-paragraph">')) votes.pClass++;
      else if (html.startsWith('\n<p>')) votes.p++;
    } else if (b.blockName === 'core/heading') {
      if (/^\n<h[1-6] class="wp-block-heading">/.test(html)) votes.hClass++;
      else if (/^\n<h[1-6]>/.test(html)) votes.h++;
    } else if (b.blockName === 'core/list') {
      if (/^\n<[uo]l[^>]* class="wp-block-list">/.test(html)) votes.listClass++;
      else votes.list++;
      if (b.innerBlocks.length) votes.itemBlocks++;
      else if (/<li[\s>]/.test(html)) votes.plainItems++;
    } else if (b.blockName === 'core/code') {
      votes.gtEntity += html.split('&gt;').length - 1;
      votes.gt += (html.replace(/<[^>]*>/g, '').match(/>/g) ?? []).length;
    } else if (b.blockName === 'core/table') {
      if (html.includes('<table class="has-fixed-layout">')) votes.fixed++;
      else votes.table++;
    } else if (b.blockName === 'core/separator' && Object.keys(a).every((k) => k === 'opacity')) {
      const raw = delimited('core/separator', a, b.innerHTML);
      separators.set(raw, (separators.get(raw) ?? 0) + 1);
    } else if (b.blockName === 'core/image' && Object.keys(a).length && Object.keys(a).every((k) => REPLAYED_IMAGE_ATTRS.has(k))) {
      const src = /<img [^>]*src="([^"]+)"/.exec(html)?.[1];
      if (src) images.set(src.replace(/&amp;/g, '&'), a);
    }
  }
  const most = [...separators].sort((x, y) => y[1] - x[1])[0]?.[0];
  return {
    mode,
    images,
    edges,
    flavor: {
      paragraph: votes.pClass > votes.p ? '<p class="wp-block-paragraph">' : '<p>',
      headingClass: votes.h > votes.hClass ? false : DEFAULT_FLAVOR.headingClass,
      listClass: votes.list > votes.listClass ? false : DEFAULT_FLAVOR.listClass,
      listItems: votes.plainItems > votes.itemBlocks ? 'plain' : DEFAULT_FLAVOR.listItems,
      separator: most ?? DEFAULT_FLAVOR.separator,
      fixedTables: votes.table > votes.fixed ? false : DEFAULT_FLAVOR.fixedTables,
      codeGreaterThan: votes.gt > votes.gtEntity ? false : DEFAULT_FLAVOR.codeGreaterThan,
    },
  };
}

/** Consecutive lists of one kind would read as one list: the second one takes the other marker. */
function apart(previous: string | undefined, md: string): string {
  if (previous === undefined) return md;
  if (/^- /.test(previous) && /^- /.test(md)) return md.replace(/^(\s*)- /gm, '$1* ');
  if (/^\d+\. /.test(previous) && /^\d+\. /.test(md)) return md.replace(/^(\s*\d+)\. /gm, '$1) ');
  return md;
}

export interface PulledBody extends PostStyle {
  /** The Markdown body of the file. */
  body: string;
  /** How many pieces stay as the site wrote them, of how many. */
  kept: number;
  pieces: number;
}

/** Gives the extension host its turn between slices of work this long (a big post is converted in bounded steps). */
const SLICE_MS = 20;

/** A pause for other work when this slice has run long enough; `since` is when it began. */
async function breather(since: { at: number }): Promise<void> {
  if (performance.now() - since.at < SLICE_MS) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  since.at = performance.now();
}

export async function pullContent(content: string): Promise<PulledBody> {
  if (content.length > WRITING_LIMITS.htmlChars)
    throw new LimitError(
      `The post's content is ${sizeText(content.length)}; this extension turns posts of up to ${sizeText(WRITING_LIMITS.htmlChars)} into Markdown. Edit it in the site's editor.`,
    );
  if (content.includes('\r'))
    throw new LimitError(
      "The post's content has Windows line breaks (CR LF), which a Markdown file cannot keep as they are. Edit it in the site's editor.",
    );
  const { mode, pieces, head, tail } = storedPieces(content);
  const style = styleOf(mode, pieces, { head, tail });
  const slice = { at: performance.now() };
  const markdown: Array<string | undefined> = [];
  for (const p of pieces) {
    const candidates = mode === 'blocks' ? (p.block ? [blockMarkdown(p.block)] : []) : classicMarkdown(p.raw);
    // A line of the site's text shaped like a conflict marker is written escaped (the same text), or the piece is kept as it is, in a fence.
    const fits = candidates.map((md) => md && escapeMarkerLines(md));
    markdown.push(fits.find((md) => md !== undefined && md.trim() !== '' && !md.includes('\r') && renders(md, style) === p.raw));
    await breather(slice);
  }
  const assemble = () => {
    let previous: string | undefined;
    return `${markdown
      .map((md, i) => {
        const text = md === undefined ? verbatimFence(pieces[i].raw) : apart(previous, md);
        previous = md === undefined ? undefined : text;
        return text;
      })
      .join('\n\n')}\n`;
  };
  // The whole, checked: a piece that renders otherwise beside its neighbours is kept as it is.
  for (let round = 0; round <= pieces.length; round++) {
    await breather(slice);
    const body = assemble();
    const out = renderBody(body, bodyOptions(style));
    if (out.content === content) return { ...style, body, kept: markdown.filter((m) => m === undefined).length, pieces: pieces.length };
    const at = pieces.findIndex((p, i) => out.pieces[i]?.output !== p.raw);
    if (at < 0) break;
    const wrong = markdown.findIndex((m, i) => i >= Math.max(0, at - 1) && m !== undefined);
    if (wrong < 0) break;
    markdown[wrong] = undefined;
  }
  // Never reached in practice (every piece kept as it is renders exactly); kept for the promise.
  throw new LimitError(
    `This post's content could not be kept exactly in a Markdown file (${countText(pieces.length)} pieces). Edit it in the site's editor.`,
  );
}
