/**
 * The writing code's bounds (src/writing/limits.ts): what used to freeze the extension host is now
 * either done or refused with a LimitError naming the bound. How long each takes is measured by
 * `npm run bench` (writing worst cases), not asserted here.
 */
import * as assert from 'node:assert/strict';
import { renderBody } from '../../../src/writing/bodyRenderer';
import { bodyOptions, pullContent } from '../../../src/writing/pullContent';
import { LimitError } from '../../../src/writing/limits';
import { localImages } from '../../../src/writing/localImages';

/** domino's live element lists (a table's `rows`), whose prototype the table test counts through. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const FilteredElementList = require('@mixmark-io/domino/lib/FilteredElementList') as { prototype: { next(): unknown } };

const refused = (re: RegExp) => (err: unknown) => err instanceof LimitError && re.test(err.message);

describe('The writing bounds', () => {
  it('20,000 footnotes are refused before the footnote plugin gathers them; 1,000 render', async () => {
    const notes = (n: number) =>
      `${Array.from({ length: n }, (_, i) => `a[^${i}]`).join('\n\n')}\n\n${Array.from({ length: n }, (_, i) => `[^${i}]: n${i}`).join('\n')}`;
    assert.throws(
      () => renderBody(notes(20_000), { mode: 'blocks' }),
      refused(/^The post has 20,000 footnotes; this extension renders up to 1,000\.$/),
    );
    assert.throws(() => localImages(notes(20_000)), LimitError, 'also when only its images are read');
    assert.match(renderBody(notes(1_000), { mode: 'blocks' }).content, /<li id="fn1000" class="footnote-item">/);
  });

  it('a body over 1 MB is refused; bare domain names are text, an address with its scheme is a link', async () => {
    assert.throws(
      () => renderBody('word '.repeat(2_100_000), { mode: 'blocks' }),
      refused(/^The post is 10 MB of text; this extension renders posts up to 1 MB\.$/),
    );
    assert.throws(
      () => localImages('word '.repeat(2_100_000)),
      refused(/^The post is 10 MB of text/),
      'also when only its images are read',
    );
    const classic = (markdown: string) => renderBody(markdown, { mode: 'classic' }).content;
    assert.equal(classic('See example.com and www.example.org.'), 'See example.com and www.example.org.');
    assert.equal(classic('See https://example.com now.'), 'See <a href="https://example.com">https://example.com</a> now.');
  });

  it("the site's HTML nested deeper than 100 (10,000 divs, 1,000 lists, 80,000 unclosed <b>) is never given to a parser: it stays as the site wrote it", async () => {
    for (const html of [
      `${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_000)}`,
      `${'<ul><li>'.repeat(1_000)}x${'</li></ul>'.repeat(1_000)}`,
      '<b>'.repeat(80_000),
    ]) {
      const pulled = await pullContent(html);
      assert.doesNotMatch(pulled.body, /^<div>x|^- /m, 'not turned into Markdown');
      assert.equal(renderBody(pulled.body, bodyOptions(pulled)).content, html);
    }
    assert.match((await pullContent(`${'<div>'.repeat(40)}deep${'</div>'.repeat(40)}`)).body, /deep/);
  });

  it('a table block longer than 300 rows stays as the site wrote it; a shorter one becomes a Markdown table', async () => {
    const table = (rows: number) =>
      `<!-- wp:table -->\n<figure class="wp-block-table"><table class="has-fixed-layout"><thead><tr><th>n</th><th>x</th></tr></thead><tbody>${Array.from({ length: rows }, (_, i) => `<tr><td>${i}</td><td>x</td></tr>`).join('')}</tbody></table></figure>\n<!-- /wp:table -->`;
    const long = await pullContent(table(2_000));
    assert.match(long.body, /^```html wordpress\n<!-- wp:table -->/);
    assert.equal(renderBody(long.body, bodyOptions(long)).content, table(2_000));
    assert.match((await pullContent(table(3))).body, /^\| n +\| x +\|\n\| --- \| --- \|\n\| 0 +\| x +\|/);
  });

  it('a 200-row, 10-column table (29 KB) becomes a Markdown table, its rows collected a few times, not once per cell', async () => {
    const table = `<!-- wp:table -->\n<figure class="wp-block-table"><table class="has-fixed-layout"><thead><tr>${Array.from({ length: 10 }, (_, c) => `<th>h${c}</th>`).join('')}</tr></thead><tbody>${Array.from({ length: 200 }, (_, r) => `<tr>${Array.from({ length: 10 }, (_, c) => `<td>${r}x${c}</td>`).join('')}</tr>`).join('')}</tbody></table></figure>\n<!-- /wp:table -->`;
    // Every list of elements domino collects (a table's `rows` is one) finds them one `next` at a
    // time; the tables plugin read `rows` twice per row per column, and domino walked it anew each
    // time: 800,000 steps here, two seconds of a frozen extension host.
    let found = 0;
    const original = FilteredElementList.prototype;
    FilteredElementList.prototype = Object.create(original, {
      next: {
        value(this: unknown) {
          found++;
          return original.next.call(this);
        },
      },
    });
    let pulled;
    try {
      pulled = await pullContent(table);
    } finally {
      FilteredElementList.prototype = original;
    }
    assert.match(pulled.body, /^\| h0 +\| h1 .*\n\| --- \| --- .*\n\| 0x0 +\| 0x1 /);
    assert.equal(renderBody(pulled.body, bodyOptions(pulled)).content, table);
    assert.ok(found <= 5 * 201, `${found} elements collected for a table of 201 rows`);
  });

  it("the site's content over 256 KB is refused before it is parsed", async () => {
    await assert.rejects(
      pullContent('<p>hello world</p>\n'.repeat(40_000)),
      refused(/^The post's content is 742 KB; this extension turns posts of up to 256 KB into Markdown/),
    );
  });

  it('a big post is turned into Markdown in steps: other work runs before it is done', async () => {
    const para = 'Hello <b>world</b> and <a href="https://x.example/z">a link</a> in a paragraph.\n\n';
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 0);
    let ticksWhenDone = -1;
    await pullContent(para.repeat(2_000)).then(() => (ticksWhenDone = ticks));
    clearInterval(ticking);
    assert.ok(ticksWhenDone > 0, 'a timer ran while the post was being converted');
  });
});
