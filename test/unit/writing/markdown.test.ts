/**
 * Our rendering against a corpus of tricky Markdown (writing.md's complaints): soft breaks, code
 * with `<`, `&` and shortcodes, nested lists, tables, footnotes, raw HTML, emoji, a long post; and
 * the site's HTML back to Markdown, which renders to the same structure.
 */
import * as assert from 'node:assert/strict';
import { parseDocument } from 'htmlparser2';
import { renderBody, type BodyOptions } from '../../../src/writing/bodyRenderer';
import { localImages } from '../../../src/writing/localImages';
import { bodyOptions, pullContent } from '../../../src/writing/pullContent';

/** The element names of an HTML string, depth first: its structure, without text or whitespace. */
function shape(html: string): string[] {
  const out: string[] = [];
  const walk = (nodes: Array<{ type: string; name?: string; children?: unknown[] }>) => {
    for (const n of nodes) {
      if (n.type === 'tag') out.push(n.name!);
      if (n.children) walk(n.children as never);
    }
  };
  walk(parseDocument(html).children as never);
  return out;
}

const CORPUS: Record<string, string> = {
  'soft breaks': 'One line\nand the next\nand a third.\n\nA second paragraph.',
  'code with < & and shortcodes': '```php\nif ($a < $b && $c) { echo "[gallery ids=1]"; }\n```\n\nInline `[caption]<b>` too.',
  'nested lists': '- one\n  - one.a\n    - one.a.i\n- two\n\n1. first\n2. second\n   - inside',
  table: '| name | value |\n| --- | ---: |\n| a < b | [x] |\n| `c` | d |',
  footnotes: 'A claim.[^1]\n\n[^1]: Its source.',
  'raw HTML': '<div class="note">\nKept <em>as is</em>.\n</div>\n\nText with <kbd>Ctrl</kbd> inline.',
  emoji: 'Coffee ☕ and 🎉, and ünïcödé.',
  'headings and quotes': '# Title\n\n## Part\n\n> Quoted\n> across lines.',
};

/** What a page shows of stored content: the blocks' delimiters left out. */
const shown = (stored: string) => stored.replace(/<!-- \/?wp:[^>]*-->\n?/g, '');

/** The stored content of `markdown` in each way a post is written. */
const stored = (markdown: string, options: Omit<BodyOptions, 'mode'> = {}) => ({
  blocks: renderBody(markdown, { ...options, mode: 'blocks' }).content,
  classic: renderBody(markdown, { ...options, mode: 'classic' }).content,
});

describe('Markdown to what a post stores (renderBody, what Publish sends)', () => {
  it("joins a paragraph's soft breaks with a space: no <br>, and no newline left for the service to turn into one", () => {
    const { blocks, classic } = stored(CORPUS['soft breaks']);
    assert.equal(shown(blocks), '<p>One line and the next and a third.</p>\n\n<p>A second paragraph.</p>\n');
    assert.equal(classic, 'One line and the next and a third.\n\nA second paragraph.');
  });

  it('escapes code exactly and sends [ inside it as &#91; (and ] as &#93; where the editor does), so no shortcode runs', () => {
    const { blocks, classic } = stored(CORPUS['code with < & and shortcodes']);
    assert.match(
      classic,
      /^<pre><code class="language-php">if \(\$a &lt; \$b &amp;&amp; \$c\) \{ echo &quot;&#91;gallery ids=1&#93;&quot;; \}\n<\/code><\/pre>\n\nInline <code>&#91;caption&#93;&lt;b&gt;<\/code> too\.$/,
    );
    assert.match(
      blocks,
      /<pre class="wp-block-code language-php"><code>if \(\$a &lt; \$b &amp;&amp; \$c\) \{ echo "&#91;gallery ids=1\]"; \}<\/code><\/pre>/,
    );
    assert.match(blocks, /<p>Inline <code>&#91;caption&#93;&lt;b><\/code> too\.<\/p>/);
  });

  it('keeps raw HTML, emoji, tables, footnotes and nested lists', () => {
    for (const mode of ['blocks', 'classic'] as const) {
      const out = (name: string) => shown(renderBody(CORPUS[name], { mode }).content);
      assert.match(
        out('raw HTML'),
        /^<div class="note">\nKept <em>as is<\/em>\.\n<\/div>\n[\s\S]*Text with <kbd>Ctrl<\/kbd> inline\./,
        mode,
      );
      assert.match(out('emoji'), /Coffee ☕ and 🎉, and ünïcödé\./, mode);
      assert.deepEqual(
        shape(out('table'))
          .filter((t) => t !== 'figure')
          .slice(0, 4),
        ['table', 'thead', 'tr', 'th'],
        mode,
      );
      assert.match(out('table'), /<td>a &lt; b<\/td><td [^>]*>\[x\]<\/td>/, mode);
      assert.match(out('footnotes'), /<section class="footnotes">[\s\S]*Its source\./, mode);
      assert.deepEqual(shape(out('nested lists')), ['ul', 'li', 'ul', 'li', 'ul', 'li', 'li', 'ol', 'li', 'li', 'ul', 'li'], mode);
    }
  });

  it('keeps the lines inside <script>, <style> and <textarea> as written', () => {
    const markdown =
      '<script>\nif (a < b) {\n  go();\n}\n</script>\n\n<style>\np {\n  color: red;\n}\n</style>\n\n<textarea>\none\ntwo\n</textarea>';
    const { blocks, classic } = stored(markdown);
    for (const out of [shown(blocks), classic]) {
      assert.match(out, /<script>\nif \(a < b\) \{\n {2}go\(\);\n\}\n<\/script>/);
      assert.match(out, /<style>\np \{\n {2}color: red;\n\}\n<\/style>/);
      assert.match(out, /<textarea>\none\ntwo\n<\/textarea>/);
    }
  });

  it('points local images at the URLs given, leaves web images alone, and lists the local ones with their lines', () => {
    const md = 'Intro.\n\n![a](pics/a.png)\n\n![b](https://cdn.example/b.png) ![c](data:image/png;base64,xx) ![d](pics/d.png)';
    const image = (src: string) => (src.startsWith('pics/') ? { url: `https://lib.example/${src.slice(5)}` } : undefined);
    const { blocks, classic } = stored(md, { image });
    assert.match(blocks, /<figure class="wp-block-image"><img src="https:\/\/lib\.example\/a\.png" alt="a"\/><\/figure>/);
    assert.match(classic, /^<img src="https:\/\/lib\.example\/a\.png" alt="a">$/m);
    for (const out of [blocks, classic]) {
      assert.match(out, /<img src="https:\/\/cdn\.example\/b\.png" alt="b">/);
      assert.match(out, /<img src="https:\/\/lib\.example\/d\.png" alt="d">/);
    }
    assert.deepEqual(localImages(md), [
      { src: 'pics/a.png', line: 2 },
      { src: 'pics/d.png', line: 4 },
    ]);
  });

  it('renders a 50,000-word post whole', () => {
    const para = 'Word '.repeat(99) + 'end.\n\n';
    const { pieces, content } = renderBody(para.repeat(500), { mode: 'blocks' });
    assert.equal(pieces.length, 500);
    assert.equal((content.match(/<p>(Word ){99}end\.<\/p>/g) ?? []).length, 500);
  });
});

describe("The site's content back to Markdown (pullContent), for both ways a post is written", () => {
  for (const mode of ['blocks', 'classic'] as const)
    for (const [name, md] of Object.entries(CORPUS)) {
      it(`${mode}, ${name}: what a post stores comes back as Markdown that publishes the same bytes`, async () => {
        const stored = renderBody(md, { mode }).content;
        const pulled = await pullContent(stored);
        assert.equal(pulled.mode, mode);
        assert.equal(renderBody(pulled.body, bodyOptions(pulled)).content, stored);
        // Only raw HTML a writer typed may stay as the site has it; the rest reads as Markdown.
        if (name !== 'raw HTML' && name !== 'footnotes') assert.doesNotMatch(pulled.body, /html wordpress/, pulled.body);
      });
    }

  it('reads a classic post as the site shows it (autop): its paragraphs, a line break in one, &#91; in code back as [', async () => {
    const stored = 'First one.\n\nSecond <strong>one</strong>\nand a break.\n\n<pre><code>x &#91;y&#93;\n</code></pre>';
    const pulled = await pullContent(stored);
    assert.equal(pulled.body, 'First one.\n\nSecond **one**\\\nand a break.\n\n```\nx [y]\n```\n');
    assert.equal(renderBody(pulled.body, bodyOptions(pulled)).content, stored);
  });
});
