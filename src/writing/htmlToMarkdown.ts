/**
 * A post's HTML (as the service stores it, `context=edit`) → Markdown for its file: turndown with
 * the GitHub tables and strikethrough. Stored content of the classic editor has paragraphs split
 * by blank lines and no <p>: those are made paragraphs first; block-editor comments are dropped.
 *
 * Bounded (limits.ts): content over the size limit, or nested deeper than the nesting limit, is
 * refused with a LimitError before any conversion (an HTML parser's time grows with the square of
 * the depth, and turndown's recursion would exhaust the stack); a table longer than the table limit
 * is kept as HTML (the tables plugin reads `table.rows` per cell, and the DOM builds that list anew
 * on each read, so long tables took seconds).
 */
import domino from '@mixmark-io/domino';
import TurndownService from 'turndown';
import { gfm } from '@joplin/turndown-plugin-gfm';
import { countText, LimitError, sizeText, WRITING_LIMITS } from './limits';

let shared: TurndownService | undefined;

function service(): TurndownService {
  if (shared) return shared;
  const td = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_', hr: '---' });
  td.use(gfm);
  // HTML a writer put in the post comes back as HTML (Markdown has no form for it).
  td.keep(['div', 'span', 'sup', 'sub', 'mark', 'kbd', 'figure', 'figcaption', 'iframe', 'video', 'audio', 'details', 'summary']);
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

const BLOCK = /^<(?:p|div|h[1-6]|ul|ol|li|pre|blockquote|table|figure|hr|section|article|aside|header|footer|dl|img)[\s>/]/i;

/** The classic editor's stored form (blank lines between paragraphs, no <p>) as paragraphs. */
function paragraphs(html: string): string {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  if (/<p[\s>]/i.test(withoutComments)) return withoutComments;
  return withoutComments
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => (BLOCK.test(chunk) ? chunk : `<p>${chunk.replace(/\n/g, '<br>')}</p>`))
    .join('\n');
}

/** Elements whose end tag may be left out (an HTML parser closes them itself) and elements with none. */
const SELF_CLOSING = new Set(
  'p li dt dd option optgroup tr td th thead tbody tfoot colgroup caption rb rt rp area base br col embed hr img input link meta source track wbr'.split(
    ' ',
  ),
);
const TAG = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)\b[^>]*?(\/?)>/g;

const deepMessage = () =>
  `The post's HTML is nested more than ${countText(WRITING_LIMITS.nesting)} elements deep, more than this extension turns into Markdown. Edit it in the site's editor.`;

/**
 * Before any parser sees it: how deep the HTML may nest, counted in one pass over its tags (not a
 * parse: elements that close themselves are left out, so this never counts less than a parser
 * would nest, up to one such element per level). Only a guard: the parse below checks again.
 */
function nestingGuard(html: string): void {
  let open = 0;
  for (const m of html.matchAll(TAG)) {
    if (m[2] === undefined || SELF_CLOSING.has(m[2].toLowerCase()) || m[3]) continue;
    open = m[1] ? Math.max(0, open - 1) : open + 1;
    if (open * 2 > WRITING_LIMITS.nesting) throw new LimitError(deepMessage());
  }
}

/** The rows of a table element (its own, not a nested table's), counted without the DOM's `rows`. */
function rowCount(table: Element): number {
  let n = 0;
  for (let c = table.firstElementChild; c; c = c.nextElementSibling) {
    if (c.nodeName === 'TR') n++;
    else if (c.nodeName === 'THEAD' || c.nodeName === 'TBODY' || c.nodeName === 'TFOOT')
      for (let r = c.firstElementChild; r; r = r.nextElementSibling) if (r.nodeName === 'TR') n++;
  }
  return n;
}

/**
 * Walks the tree without recursion: refuses one nested deeper than the limit, and swaps each table
 * longer than the table limit for a placeholder paragraph, whose HTML goes back after conversion.
 */
function bounded(root: Element, doc: Document): Map<string, string> {
  const kept = new Map<string, string>();
  const stack: Array<[Element, number]> = [[root, 0]];
  while (stack.length) {
    const [el, depth] = stack.pop()!;
    if (depth > WRITING_LIMITS.nesting) throw new LimitError(deepMessage());
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
      if (c.nodeName === 'TABLE' && rowCount(c) > WRITING_LIMITS.tableRows) {
        const token = `CSKEPTTABLE${kept.size}X`;
        kept.set(token, c.outerHTML);
        const p = doc.createElement('p');
        p.textContent = token;
        c.replaceWith(p);
        c = p;
        continue;
      }
      stack.push([c, depth + 1]);
    }
  }
  return kept;
}

export function htmlToMarkdown(html: string): string {
  if (html.length > WRITING_LIMITS.htmlChars)
    throw new LimitError(
      `The post's content is ${sizeText(html.length)}; this extension turns posts of up to ${sizeText(WRITING_LIMITS.htmlChars)} into Markdown. Edit it in the site's editor.`,
    );
  nestingGuard(html);
  const doc = domino.createDocument(`<x-turndown id="turndown-root">${paragraphs(html)}</x-turndown>`) as unknown as Document;
  const root = doc.getElementById('turndown-root')!;
  const kept = bounded(root, doc);
  let markdown = service().turndown(root as unknown as HTMLElement);
  for (const [token, table] of kept) markdown = markdown.replace(token, () => table);
  return `${markdown.trim()}\n`;
}
