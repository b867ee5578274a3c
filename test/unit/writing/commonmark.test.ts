/**
 * The CommonMark spec's own examples (npm commonmark-spec, 652 of them) through the renderer
 * Publish runs (renderBody, as blocks). Both sides are compared as a browser reads them: the block
 * editor's markup around what the page shows taken out (block delimiters, its classes and
 * wrappers, a lone image's <figure> and a shortcode block as the paragraph they stand for),
 * entities decoded, whitespace outside <pre> collapsed. Our documented deviations are taken out
 * too: `[` and `]` in code are sent as &#91; and &#93; (so no shortcode runs there; decoded like
 * any entity); a list block's item is its text, loose or tight; a shortcode-shaped bracket that is
 * not a Markdown link is sent as written. At least 99% pass; the ones that do not are listed, each
 * with why.
 */
import * as assert from 'node:assert/strict';
import { parseDocument } from 'htmlparser2';
import { renderBody } from '../../../src/writing/bodyRenderer';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { tests } = require('commonmark-spec') as { tests: Array<{ markdown: string; html: string; number: number; section: string }> };

/** The spec's tabs are written as → in the package's examples. */
const tabs = (text: string) => text.replace(/→/g, '\t');

/** What the page shows of stored blocks, written as the spec's plain HTML writes it. */
const asPlainHtml = (stored: string) =>
  stored
    .replace(/<!-- wp:shortcode -->\n([\s\S]*?)\n<!-- \/wp:shortcode -->/g, '<p>$1</p>')
    .replace(/<!-- \/?wp:[a-z][a-z0-9/-]*(?: \{.*?\})? \/?-->/g, '')
    .replace(/<figure class="wp-block-table">([\s\S]*?)<\/figure>/g, '$1')
    .replace(/<table class="has-fixed-layout">/g, '<table>')
    .replace(/ class="has-text-align-(\w+)" data-align="\1"/g, ' style="text-align:$1"')
    .replace(/<figure class="wp-block-image[^"]*">(<img [^>]*>)<\/figure>/g, '<p>$1</p>')
    .replace(
      /<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">\n(\S+)\n<\/div><\/figure>/g,
      '<p><a href="$1">$1</a></p>',
    )
    .replace(
      /<pre class="wp-block-code(?: language-([^"]+))?"><code>/g,
      (_m, lang?: string) => `<pre><code${lang ? ` class="language-${lang}"` : ''}>`,
    )
    .replace(/<pre class="wp-block-preformatted">/g, '<pre>')
    .replace(/ class="wp-block-(?:heading|list|quote)"/g, '')
    .replace(/<hr class="wp-block-separator[^"]*"\/>/g, '<hr>');

const VOID = new Set(['br', 'hr', 'img', 'input']);
const BLOCK = 'p|li|ul|ol|h\\d|blockquote|table|thead|tbody|tr|th|td|hr|pre|div';
type HtmlNode = { type: string; name?: string; data?: string; attribs?: Record<string, string>; children?: HtmlNode[] };

/**
 * HTML as a browser reads it: entities decoded, attributes in order, whitespace outside <pre>
 * collapsed and none around blocks or after a <br>, a code block's last newline left out, and a
 * list item's paragraph as its text.
 */
function asRead(html: string): string {
  const out: string[] = [];
  const walk = (nodes: HtmlNode[], pre: boolean) => {
    for (const n of nodes) {
      if (n.type === 'text') out.push(pre ? n.data!.replace(/\n$/, '') : n.data!.replace(/\s+/g, ' '));
      else if (n.type === 'comment') out.push(`<!--${n.data}-->`);
      else if (n.type === 'tag' || n.type === 'script' || n.type === 'style') {
        const attrs = Object.entries(n.attribs ?? {})
          .sort()
          .map(([k, v]) => ` ${k}="${v}"`)
          .join('');
        out.push(`<${n.name}${attrs}>`);
        if (VOID.has(n.name!)) continue;
        walk(n.children ?? [], pre || n.name === 'pre');
        out.push(`</${n.name}>`);
      } else if (n.children) walk(n.children, pre);
    }
  };
  walk(parseDocument(html, { decodeEntities: true }).children as HtmlNode[], false);
  return out
    .join('')
    .replace(new RegExp(` ?(</?(?:${BLOCK})[ >])`, 'g'), '$1')
    .replace(new RegExp(`(</?(?:${BLOCK})>) `, 'g'), '$1')
    .replace(/<br> /g, '<br>')
    .replace(/<li><p>((?:(?!<\/?p>)[\s\S])*)<\/p>(?=<\/li>|<ul>|<ol)/g, '<li>$1')
    .trim();
}

/** Examples that differ by design, with why (README, "What our rendering guarantees"). */
const DEVIATIONS: Record<number, string> = {
  148: 'the blocks join with a blank line, here inside a <pre> that raw HTML opens and Markdown then continues',
  523: '`[bar* baz]` reads as a shortcode (WordPress would run it), so the emphasis around it does not close',
  602: 'an address written with its scheme is a link (GitHub-style), also inside < > that is not an autolink',
  608: 'as 602, with spaces inside the < >',
  611: 'as 602: an address alone on its line is an embed of it (shown here as the link it stands for)',
};

describe('The CommonMark spec through the renderer Publish runs', () => {
  it('passes at least 99% of the spec examples (the rest are our documented deviations)', () => {
    const failed: number[] = [];
    for (const t of tests) {
      let out: string;
      try {
        out = asPlainHtml(renderBody(tabs(t.markdown), { mode: 'blocks' }).content);
      } catch {
        out = '(threw)';
      }
      if (asRead(out) !== asRead(tabs(t.html))) failed.push(t.number);
    }
    const unexplained = failed.filter((n) => !(n in DEVIATIONS));
    const rate = (tests.length - failed.length) / tests.length;
    assert.ok(rate >= 0.99, `${tests.length - failed.length}/${tests.length} pass; failing: ${failed.join(', ')}`);
    assert.deepEqual(unexplained, [], `failing without a documented reason: ${unexplained.join(', ')}`);
  });
});
