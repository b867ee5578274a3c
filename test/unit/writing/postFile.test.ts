/** Front matter read with its problems on the right lines, and written back keeping what the writer wrote. */
import * as assert from 'node:assert/strict';
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
    assert.match(parsePostFile('---\nstatus: draft\n---\n').problems[0].message, /no title/);
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

  it('New Post writes a draft that reads without errors', () => {
    const p = parsePostFile(newPostText(new Date('2026-11-23T10:00:00Z')));
    assert.deepEqual(errorsOf(p), []);
    assert.equal(p.meta.status, 'draft');
  });
});
