/**
 * Conflict markers never send the wrong thing (issue 39): any of git's marker lines left outside
 * code keeps a file from being published, whichever of them the writer removed; and the site's
 * own text that quotes git's output is pulled so that it is not read as a marker, and publishes
 * back to the same bytes.
 */
import * as assert from 'node:assert/strict';
import { renderBody } from '../../../src/writing/bodyRenderer';
import { conflictBlocks, escapeMarkerLines, hasConflicts } from '../../../src/writing/conflictMarkers';
import { errorsOf, parsePostFile } from '../../../src/writing/postFile';
import { bodyOptions, pullContent } from '../../../src/writing/pullContent';

const HERE = ['The lamp came on.'];
const SITE = ['The lamp went out.'];
const BASE = ['The lamp.'];

describe('Conflict markers in a post file', () => {
  const file = (body: string[]) => ['---', 'title: Lamps', '---', 'Intro', '', ...body, '', 'Outro', ''].join('\n');

  it('every subset of the marker lines left in keeps the file from being published (two-way and diff3 styles)', () => {
    for (const withBase of [false, true]) {
      const markers = withBase ? ['<<<<<<< Here', '||||||| Base', '=======', '>>>>>>> Site'] : ['<<<<<<< Here', '=======', '>>>>>>> Site'];
      const n = markers.length;
      for (let keep = 1; keep < 1 << n; keep++) {
        const kept = (i: number) => (keep & (1 << i)) !== 0;
        const body: string[] = [];
        if (kept(0)) body.push(markers[0]);
        body.push(...HERE);
        if (withBase) {
          if (kept(1)) body.push(markers[1]);
          body.push(...BASE);
        }
        const split = withBase ? 2 : 1;
        if (kept(split)) body.push(markers[split]);
        body.push(...SITE);
        if (kept(split + 1)) body.push(markers[split + 1]);
        const text = file(body);
        assert.ok(hasConflicts(text), `markers ${markers.filter((_, i) => kept(i)).join(', ')} left: ${text}`);
        const errors = errorsOf(parsePostFile(text));
        assert.ok(errors.length > 0, text);
        assert.match(errors[0].message, /not published/);
      }
    }
  });

  it('git output quoted in code is the post’s own text, in each code form', () => {
    const git = ['<<<<<<< HEAD', 'ours', '||||||| base', 'base', '=======', 'theirs', '>>>>>>> topic'];
    const forms = {
      backticks: ['```text', ...git, '```'],
      tildes: ['~~~', ...git, '~~~'],
      longFence: ['````', '```', ...git, '```', '````'],
      indentedFence: ['- a list item', '', '  ```', ...git.map((l) => `  ${l}`), '  ```'],
      indented: git.map((l) => `    ${l}`),
      inline: git.map((l) => `\`${l}\``),
      escaped: git.map((l) => (/^[<|=>]/.test(l) ? `\\${l}` : l)),
    };
    for (const [name, lines] of Object.entries(forms)) {
      const text = file(lines);
      assert.equal(hasConflicts(text), false, `${name}: ${text}`);
      assert.deepEqual(errorsOf(parsePostFile(text)), [], name);
    }
  });

  it('a marker line is found after code that closed, and is not before code that opens', () => {
    assert.deepEqual(
      conflictBlocks(['```', '=======', '```', '=======']).map((b) => [b.open, b.close, b.stray]),
      [[3, 3, true]],
    );
  });

  it('escapeMarkerLines escapes each marker-shaped line outside fences, and nothing else', () => {
    const md = ['<<<<<<< HEAD', 'text', '=======', '```', '=======', '```', '>>>>>>> x', '|||||||', '======== eight', '<<<<<<<<'].join(
      '\n',
    );
    assert.equal(
      escapeMarkerLines(md),
      ['\\<<<<<<< HEAD', 'text', '\\=======', '```', '=======', '```', '\\>>>>>>> x', '\\|||||||', '======== eight', '<<<<<<<<'].join('\n'),
    );
    assert.equal(escapeMarkerLines('plain\ntext'), 'plain\ntext');
  });
});

describe('A pulled post that quotes git’s output', () => {
  const quoted = {
    // The block editor stores a typed `<` (and `&`) as an entity, `>` as it is, a line break as <br>.
    blocks:
      '<!-- wp:paragraph -->\n<p>&lt;&lt;&lt;&lt;&lt;&lt;&lt; HEAD<br>ours<br>=======<br>theirs<br>>>>>>>> topic</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>||||||| base</p>\n<!-- /wp:paragraph -->',
    // A classic post as typed in the text editor: raw lines, which the site reads through autop.
    classic: 'Before the merge:\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> topic\n\n||||||| base\n\nAfter.',
    classicParagraphs: '<<<<<<< HEAD\n\n=======\n\n>>>>>>> topic',
    // Raw HTML pieces, which a backslash cannot escape: kept as they are, in a fence.
    html: '<!-- wp:html -->\n<div>\n<<<<<<< HEAD\n</div>\n<!-- /wp:html -->',
    preformatted:
      '<!-- wp:preformatted -->\n<pre class="wp-block-preformatted">&lt;&lt;&lt;&lt;&lt;&lt;&lt; HEAD\n=======\n&gt;&gt;&gt;&gt;&gt;&gt;&gt; x</pre>\n<!-- /wp:preformatted -->',
  };
  for (const [name, stored] of Object.entries(quoted))
    it(`is pulled with no line read as a marker, and publishes back to the same bytes (${name})`, async () => {
      const pulled = await pullContent(stored);
      assert.equal(hasConflicts(pulled.body), false, pulled.body);
      assert.deepEqual(errorsOf(parsePostFile(`---\ntitle: Git\n---\n${pulled.body}`)), []);
      assert.equal(renderBody(pulled.body, bodyOptions(pulled)).content, stored);
    });

  it('keeps the quoted lines as text the writer reads (escaped), not hidden in HTML', async () => {
    const pulled = await pullContent(quoted.blocks);
    assert.match(pulled.body, /^\\<<<<<<< HEAD/m);
    assert.match(pulled.body, /^\\>>>>>>> topic/m);
  });
});
