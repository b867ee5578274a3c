/**
 * Our rendering against a corpus of tricky Markdown (writing.md's complaints): soft breaks, code
 * with `<`, `&` and shortcodes, nested lists, tables, footnotes, raw HTML, emoji, a long post; and
 * the site's HTML back to Markdown, which renders to the same structure.
 */
import * as assert from 'node:assert/strict';
import { parseDocument } from 'htmlparser2';
import { renderBody } from '../../../src/writing/bodyRenderer';
import { bodyOptions, pullContent } from '../../../src/writing/pullContent';
import { localImages, markdownToHtml } from '../../../src/writing/markdownToHtml';

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

describe('Markdown to the HTML a post sends', () => {
  it("joins a paragraph's soft breaks with a space: no <br>, and no newline left for the service to turn into one", async () => {
    const html = markdownToHtml(CORPUS['soft breaks']);
    assert.equal(html, '<p>One line and the next and a third.</p><p>A second paragraph.</p>');
  });

  it('escapes code exactly and sends [ ] inside it as &#91; &#93;, so no shortcode runs', async () => {
    const html = markdownToHtml(CORPUS['code with < & and shortcodes']);
    assert.match(
      html,
      /<pre><code class="language-php">if \(\$a &lt; \$b &amp;&amp; \$c\) \{ echo &quot;&#91;gallery ids=1&#93;&quot;; \}\n<\/code><\/pre>/,
    );
    assert.match(html, /<code>&#91;caption&#93;&lt;b&gt;<\/code>/);
    assert.doesNotMatch(html.replace(/<pre>[\s\S]*<\/pre>/, ''), /\n/, 'newlines only inside <pre>');
  });

  it('keeps raw HTML, emoji, tables, footnotes and nested lists', async () => {
    assert.match(markdownToHtml(CORPUS['raw HTML']), /<div class="note"> Kept <em>as is<\/em>\. <\/div>.*<kbd>Ctrl<\/kbd>/);
    assert.equal(markdownToHtml(CORPUS.emoji), '<p>Coffee ☕ and 🎉, and ünïcödé.</p>');
    assert.deepEqual(shape(markdownToHtml(CORPUS.table)).slice(0, 4), ['table', 'thead', 'tr', 'th']);
    assert.match(markdownToHtml(CORPUS.table), /<td>a &lt; b<\/td><td style="text-align:right">\[x\]<\/td>/);
    assert.match(markdownToHtml(CORPUS.footnotes), /<section class="footnotes">.*Its source\./);
    assert.deepEqual(shape(markdownToHtml(CORPUS['nested lists'])), [
      'ul',
      'li',
      'ul',
      'li',
      'ul',
      'li',
      'li',
      'ol',
      'li',
      'li',
      'ul',
      'li',
    ]);
  });

  it('points local images at the URLs given, leaves web images alone, and lists the local ones with their lines', async () => {
    const md = 'Intro.\n\n![a](pics/a.png)\n\n![b](https://cdn.example/b.png) ![c](data:image/png;base64,xx)';
    const html = markdownToHtml(md, { imageUrl: (src) => (src === 'pics/a.png' ? 'https://lib.example/a.png' : undefined) });
    assert.match(html, /<img src="https:\/\/lib\.example\/a\.png" alt="a">/);
    assert.match(html, /<img src="https:\/\/cdn\.example\/b\.png" alt="b">/);
    assert.deepEqual(localImages(md), [{ src: 'pics/a.png', line: 2 }]);
  });

  it('renders a 50,000-word post whole', async () => {
    const para = 'Word '.repeat(99) + 'end.\n\n';
    const html = markdownToHtml(para.repeat(500));
    assert.equal((html.match(/<p>/g) ?? []).length, 500);
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
