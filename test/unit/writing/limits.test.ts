/**
 * The writing code's bounds (src/writing/limits.ts): what used to freeze the extension host is now
 * either done or refused with a LimitError naming the bound. How long each takes is measured by
 * `npm run bench` (writing worst cases), not asserted here.
 */
import * as assert from 'node:assert/strict';
import { htmlToMarkdown } from '../../../src/writing/htmlToMarkdown';
import { LimitError } from '../../../src/writing/limits';
import { localImages, markdownToHtml } from '../../../src/writing/markdownToHtml';

const refused = (re: RegExp) => (err: unknown) => err instanceof LimitError && re.test(err.message);

describe('The writing bounds', () => {
  it('20,000 footnotes are refused before the footnote plugin gathers them; 1,000 render', () => {
    const notes = (n: number) =>
      `${Array.from({ length: n }, (_, i) => `a[^${i}]`).join('\n\n')}\n\n${Array.from({ length: n }, (_, i) => `[^${i}]: n${i}`).join('\n')}`;
    assert.throws(() => markdownToHtml(notes(20_000)), refused(/^The post has 20,000 footnotes; this extension renders up to 1,000\.$/));
    assert.throws(() => localImages(notes(20_000)), LimitError, 'also when only its images are read');
    assert.match(markdownToHtml(notes(1_000)), /footnote/);
  });

  it('a body over 1 MB is refused; bare domain names are text, an address with its scheme is a link', () => {
    assert.throws(
      () => markdownToHtml('word '.repeat(2_100_000)),
      refused(/^The post is 10 MB of text; this extension renders posts up to 1 MB\.$/),
    );
    assert.equal(markdownToHtml('See example.com and www.example.org.'), '<p>See example.com and www.example.org.</p>');
    assert.equal(markdownToHtml('See https://example.com now.'), '<p>See <a href="https://example.com">https://example.com</a> now.</p>');
  });

  it("the site's HTML nested deeper than 100 (10,000 divs, 1,000 lists, 150,000 unclosed <b>) is refused, never a stack overflow", () => {
    const deep = /^The post's HTML is nested more than 100 elements deep/;
    assert.throws(() => htmlToMarkdown(`${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_000)}`), refused(deep));
    assert.throws(() => htmlToMarkdown(`${'<ul><li>'.repeat(1_000)}x${'</li></ul>'.repeat(1_000)}`), refused(deep));
    assert.throws(() => htmlToMarkdown('<b>'.repeat(150_000)), refused(deep));
    assert.equal(htmlToMarkdown(`${'<div>'.repeat(40)}deep${'</div>'.repeat(40)}`).includes('deep'), true);
  });

  it('a table longer than 300 rows is kept as HTML; a shorter one becomes a Markdown table', () => {
    const table = (rows: number) =>
      `<table><tr><th>n</th><th>x</th></tr>${Array.from({ length: rows }, (_, i) => `<tr><td>${i}</td><td>x</td></tr>`).join('')}</table>`;
    const long = htmlToMarkdown(`<p>Before</p>${table(2_000)}<p>After</p>`);
    assert.match(long, /^Before\n\n<table><tbody><tr><th>n<\/th>/);
    assert.match(long, /<tr><td>1999<\/td><td>x<\/td><\/tr><\/tbody><\/table>\n\nAfter\n$/);
    assert.match(htmlToMarkdown(table(3)), /^\| n +\| x +\|\n\| --- \| --- \|\n\| 0 +\| x +\|/);
  });

  it("the site's content over 512 KB is refused before it is parsed", () => {
    assert.throws(
      () => htmlToMarkdown('<p>hello world</p>\n'.repeat(40_000)),
      refused(/^The post's content is 742 KB; this extension turns posts of up to 512 KB into Markdown/),
    );
  });
});
