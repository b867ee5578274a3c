/** Front matter read with its problems on the right lines, and written back keeping what the writer wrote. */
import * as assert from 'node:assert/strict';
import { localImages } from '../../../src/writing/localImages';
import { errorsOf, newPostText, parsePostFile, withFrontMatter } from '../../../src/writing/postFile';

const FILE = `---
title: On lamps # the working title
status: draft
tags: [light, home]
---
Body line one
body line two
`;

describe('A post file', () => {
  it('reads the keys and where the body starts', () => {
    const p = parsePostFile(FILE);
    assert.deepEqual(p.meta, { title: 'On lamps', status: 'draft', tags: ['light', 'home'] });
    assert.equal(p.body, 'Body line one\nbody line two\n');
    assert.equal(p.bodyStartLine, 5);
    assert.deepEqual(p.problems, []);
  });

  it('names the line and column of each problem; an unknown key is a warning, not an error', () => {
    const p = parsePostFile('---\ntitle: X\nstatus: live\ndate: next tuesday\nid: -3\ntags: {a: 1}\nmood: calm\n---\n');
    const at = p.problems.map((x) => [x.line, x.column, x.severity, x.key]);
    assert.deepEqual(at, [
      [2, 8, 'error', 'status'],
      [3, 6, 'error', 'date'],
      [4, 4, 'error', 'id'],
      [5, 6, 'error', 'tags'],
      [6, 0, 'warning', 'mood'],
    ]);
    assert.match(p.problems[0].message, /Unknown status "live": use one of draft, pending, publish, private, future/);
    assert.equal(errorsOf(p).length, 4);
  });

  it('says when the YAML is broken, the front matter unclosed, or the title missing', () => {
    assert.match(parsePostFile('---\ntitle: [unclosed\n---\n').problems[0].message, /not valid YAML/);
    assert.match(parsePostFile('---\ntitle: X\n').problems[0].message, /not closed/);
    assert.deepEqual(parsePostFile('---\nstatus: draft\n---\n').problems, [], 'a post may have no title (publish checks it has some text)');
    assert.equal(parsePostFile('# Just Markdown\n').hasFrontMatter, false);
  });

  it('is written back with its comments, order and body kept, new keys at the end', () => {
    const out = withFrontMatter(FILE, { id: 42, status: 'publish', modified: '2026-11-01T12:00:00+00:00' });
    assert.equal(
      out,
      '---\ntitle: On lamps # the working title\nstatus: publish\ntags: [ light, home ]\nid: 42\nmodified: 2026-11-01T12:00:00+00:00\n---\nBody line one\nbody line two\n',
    );
    assert.equal(parsePostFile(out).meta.modified, '2026-11-01T12:00:00+00:00');
  });

  it('a page has a parent, an order and a template, and no categories or tags; a post has no parent', () => {
    const page = parsePostFile('---\ntitle: About\ntype: page\nparent: 130\nmenu_order: 2\npage_template: wide.php\n---\nHi\n');
    assert.deepEqual(page.meta, { title: 'About', type: 'page', parent: 130, menu_order: 2, page_template: 'wide.php' });
    assert.deepEqual(page.problems, []);
    const filed = parsePostFile('---\ntitle: About\ntype: page\ncategories: [News]\ntags: []\n---\nHi\n');
    assert.deepEqual(
      errorsOf(filed).map((p) => [p.line, p.message]),
      [[3, 'A page has no categories: remove "categories" (or make this a post).']],
      'an empty list is no terms',
    );
    const post = parsePostFile('---\ntitle: T\nparent: 130\n---\nHi\n');
    assert.deepEqual(
      post.problems.map((p) => [p.line, p.severity, p.message]),
      [[2, 'warning', 'Only a page has "parent": add "type: page", or remove it (it is not sent).']],
    );
    assert.deepEqual(
      errorsOf(parsePostFile('---\ntitle: T\ntype: article\nparent: -1\n---\n')).map((p) => p.message),
      ['Unknown type "article": use post or page.', '"parent" must be the parent page\'s number on the site (0 for none).'],
    );
  });

  it('New Post writes a draft that reads without errors', () => {
    const p = parsePostFile(newPostText(new Date('2026-11-23T10:00:00Z')));
    assert.deepEqual(errorsOf(p), []);
    assert.equal(p.meta.status, 'draft');
  });

  it('a key of the wrong type is an error on its line, never dropped in silence', () => {
    const p = parsePostFile(
      '---\ntitle: [a, b]\nstatus: [publish]\nfeatured_image: [x]\nslug: {a: 1}\nexcerpt: true\nid: [3]\nunconfirmed: [x]\n---\n',
    );
    const byKey = Object.fromEntries(p.problems.map((x) => [x.key, [x.line, x.message]]));
    assert.deepEqual(byKey.title, [1, '"title" must be text, not a list.']);
    assert.deepEqual(byKey.status, [2, '"status" must be one of draft, pending, publish, private, future, not a list.']);
    assert.deepEqual(byKey.featured_image, [3, '"featured_image" must be text, not a list.']);
    assert.deepEqual(byKey.slug, [4, '"slug" must be text, not keys and values.']);
    assert.deepEqual(byKey.excerpt, [5, '"excerpt" must be text.']);
    assert.equal(byKey.id[0], 6);
    assert.deepEqual(byKey.unconfirmed, [7, '"unconfirmed" must be text, not a list.']);
    assert.equal(p.problems.filter((x) => x.key === 'title').length, 1, 'not also "the title is empty"');
    assert.equal(errorsOf(p).length, 7);
  });

  it('a key given twice is an error on the second one', () => {
    const p = parsePostFile('---\ntitle: One\nstatus: draft\ntitle: Two\n---\n');
    assert.deepEqual(
      p.problems.map((x) => [x.line, x.message]),
      [[3, '"title" is given twice: keep one.']],
    );
    assert.equal(p.meta.title, 'One');
  });

  it('front matter over 64 KB is refused in one problem, without reading it (20,000 keys)', () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => `k${i}: v`).join('\n');
    const p = parsePostFile(`---\ntitle: x\n${keys}\n---\nbody\n`);
    assert.equal(p.problems.length, 1);
    assert.match(p.problems[0].message, /^The front matter is \d+ KB; this extension reads front matter up to 64 KB\.$/);
    assert.equal(p.body, 'body\n');
  });

  it('tells the line of each value (featured_image diagnostics point there)', () => {
    assert.deepEqual(parsePostFile(FILE).valueLines, { title: 1, status: 2, tags: 3 });
  });

  it('null removes a key when written back; the unconfirmed token is read as text', () => {
    const withToken = withFrontMatter(FILE, { unconfirmed: 'f00d' });
    assert.equal(parsePostFile(withToken).meta.unconfirmed, 'f00d');
    assert.equal(withFrontMatter(withToken, { unconfirmed: null, id: 7 }), withFrontMatter(FILE, { id: 7 }));
  });

  it("New Post's template links no image that is not there", () => {
    const p = parsePostFile(newPostText(new Date('2026-11-23T10:00:00Z')));
    assert.deepEqual(localImages(p.body), []);
  });

  it("a merge conflict left in the body is an error on its <<<<<<< line, spanning to >>>>>>>; markers in fenced code are the post's own", () => {
    const text = [
      '---',
      'title: Lamps',
      '---',
      'Intro',
      '',
      '```text',
      '<<<<<<< HEAD',
      'a line in a post about git',
      '=======',
      '>>>>>>> topic',
      '```',
      '',
      '<<<<<<< Here',
      'The lamp came on.',
      '=======',
      'The lamp went out.',
      '>>>>>>> Site',
      '',
    ].join('\n');
    const errors = errorsOf(parsePostFile(text));
    assert.deepEqual(
      errors.map((p) => [p.line, p.endLine, p.endColumn]),
      [[12, 16, 12]],
    );
    assert.match(errors[0].message, /merge conflict .* remove the marker lines .* not published/);
    // A setext heading's underline of another length is Markdown; one of exactly seven is git's line, and says so (issue 39).
    assert.deepEqual(parsePostFile('---\ntitle: X\n---\nA heading\n========\n\nText\n').problems, []);
    const seven = errorsOf(parsePostFile('---\ntitle: X\n---\nA heading\n=======\n\nText\n'));
    assert.deepEqual(
      seven.map((p) => [p.line, p.endLine]),
      [[4, 4]],
    );
    assert.match(seven[0].message, /conflict markers.*resolved only in part.*heading underline of another length/);
  });

  it("a merge conflict in the front matter is an error on its line; the keys read as the file's side (Here)", () => {
    const text = '---\r\n<<<<<<< Here\r\ntitle: Mine\r\n=======\r\ntitle: Site\r\n>>>>>>> Site\r\nid: 12\r\n---\r\nBody\r\n';
    const parsed = parsePostFile(text);
    assert.deepEqual(
      parsed.problems.map((p) => [p.line, p.endLine, p.severity]),
      [[1, 5, 'error']],
    );
    assert.deepEqual(parsed.meta, { title: 'Mine', id: 12 });
    assert.equal(parsed.valueLines.id, 6);
  });

  it('a conflict that is not closed, or in a file without front matter, is still an error', () => {
    const open = errorsOf(parsePostFile('---\ntitle: X\n---\nA\n<<<<<<< Here\nmine\n=======\ntheirs\n'));
    assert.deepEqual(
      open.map((p) => [p.line, p.endLine]),
      [[4, 7]],
    );
    assert.match(open[0].message, />>>>>>> line is missing/);
    const bare = parsePostFile('Text\n<<<<<<< Here\na\n=======\nb\n>>>>>>> Site\n');
    assert.deepEqual(
      bare.problems.map((p) => p.line),
      [1],
    );
  });
});
