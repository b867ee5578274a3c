/**
 * The block editor's own fixtures (test/fixtures/gutenberg, pinned, with their licence): every one
 * opened as Markdown and published back unchanged is byte-identical; for each core block Markdown
 * covers, the Markdown a writer would write publishes to the fixture's serialized form, byte for
 * byte, in the way of writing of the editor version the fixture comes from (its flavor, read from
 * the fixture as a pull reads a post).
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@wordpress/block-serialization-default-parser';
import { DEFAULT_FLAVOR, renderBody } from '../../../src/writing/bodyRenderer';
import { bodyOptions, pullContent, styleOf } from '../../../src/writing/pullContent';
import { storedPieces } from '../../../src/writing/storedContent';

const DIR = join(__dirname, '../../fixtures/gutenberg');
const fixture = (name: string) => readFileSync(join(DIR, name), 'utf8');
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.html'));

/** The Markdown a writer writes for the block each fixture holds. */
const WRITTEN: Record<string, string> = {
  'core__heading__h2.serialized.html': '## A picture is worth a thousand words, or so the saying goes\n',
  'core__heading__h4-em.serialized.html': '#### The _Inserter_ Tool\n',
  'core__code.serialized.html': '```\nexport default function MyButton() {\n\treturn <Button>Click Me!</Button>;\n}\n```\n',
  'core__preformatted.serialized.html': '<pre>Some <em>preformatted</em> text...<br>And more!</pre>\n',
  'core__image.serialized.html': '![](http://localhost:8888/wp-content/uploads/foo.png)\n',
  'core__separator.serialized.html': '---\n',
  'core__html.serialized.html': '<h1>Some HTML code</h1>\n<div>This is a div</div>\n',
};

describe("The block editor's fixtures", () => {
  it(`every fixture (${FILES.length}) opened as Markdown and published back unchanged is byte-identical`, async () => {
    for (const name of FILES) {
      const content = fixture(name);
      const pulled = await pullContent(content);
      const back = renderBody(pulled.body, bodyOptions(pulled)).content;
      assert.equal(back, content, name);
    }
  });

  it('the core blocks Markdown says are Markdown in the file; what stays as the site wrote it is each one whole piece', async () => {
    const markdown: string[] = [];
    for (const name of FILES) {
      const pulled = await pullContent(fixture(name));
      if (pulled.kept === 0) markdown.push(name);
      for (const fence of pulled.body.matchAll(/^```+html wordpress\n([\s\S]*?)\n```+$/gm)) {
        const blocks = parse(fence[1]).filter((b) => b.blockName !== null);
        assert.ok(blocks.length <= 1 || storedPieces(fence[1]).pieces.length === 1, `${name}: one block or one piece per fence`);
      }
    }
    // The others hold blocks Markdown has no form for (columns, cover, gallery, an aligned paragraph,
    // a quote with its citation…), or comments written as `wp:core/…` rather than as the editor writes them.
    assert.deepEqual(markdown, [
      'core__code.serialized.html',
      'core__freeform__undelimited.serialized.html',
      'core__heading__h2.serialized.html',
      'core__heading__h4-em.serialized.html',
      'core__html.serialized.html',
      'core__image.serialized.html',
      'core__list__ul.serialized.html',
      'core__paragraph__deprecated.serialized.html',
      'core__preformatted.serialized.html',
      'core__separator.html',
      'core__separator.serialized.html',
      'core__table.serialized.html',
    ]);
  });

  it('the Markdown a writer writes for a core block publishes to the fixture, byte for byte (in the fixture editor version’s way)', async () => {
    for (const [name, markdown] of Object.entries(WRITTEN)) {
      const expected = fixture(name).replace(/\n$/, '');
      const { mode, pieces } = storedPieces(expected);
      const style = styleOf(mode, pieces);
      assert.equal(renderBody(markdown, { ...bodyOptions(style), mode: 'blocks' }).content, expected, name);
    }
  });

  it('a new post (the default way of writing) matches the fixtures of the current editor: heading, code, preformatted, image, table', async () => {
    for (const name of [
      'core__heading__h2.serialized.html',
      'core__code.serialized.html',
      'core__preformatted.serialized.html',
      'core__image.serialized.html',
    ]) {
      const expected = fixture(name).replace(/\n$/, '');
      assert.equal(renderBody(WRITTEN[name], { mode: 'blocks', flavor: DEFAULT_FLAVOR }).content, expected, name);
    }
    const table = fixture('core__table.serialized.html').replace(/\n$/, '');
    const pulled = await pullContent(table);
    assert.match(pulled.body, /^\| Version \| Musician \| Date \|\n\| --- \| --- \| --- \|\n/);
    assert.equal(renderBody(pulled.body, { mode: 'blocks', flavor: DEFAULT_FLAVOR }).content, table);
  });
});
