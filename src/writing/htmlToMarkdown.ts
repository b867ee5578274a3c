/**
 * A post's HTML (as the service stores it, `context=edit`) → Markdown for its file: turndown with
 * the GitHub tables and strikethrough. Stored content of the classic editor has paragraphs split
 * by blank lines and no <p>: those are made paragraphs first; block-editor comments are dropped.
 */
import TurndownService from 'turndown';
import { gfm } from '@joplin/turndown-plugin-gfm';

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

export function htmlToMarkdown(html: string): string {
  return `${service().turndown(paragraphs(html)).trim()}\n`;
}
