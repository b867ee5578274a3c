/**
 * Post files merged three ways (src/writing/mergePost.ts): the base (last synced), the file
 * (Here) and the site's version (Site). Each case checks the whole merged file, so an edit of
 * either side that went missing, or a marker in the wrong place, fails it.
 */
import * as assert from 'node:assert/strict';
import { mergePostFile } from '../../../src/writing/mergePost';
import { errorsOf, parsePostFile } from '../../../src/writing/postFile';
import { assertNoLoss, MergeCases, postText } from './mergeShapes';

const file = (...lines: string[]) => lines.join('\n') + '\n';

const FRONT = ['---', 'title: Lamps # working title', 'status: draft', 'tags: [light, home]', 'modified: 2026-11-01T08:00:00Z', '---'];
const BASE = file(
  ...FRONT,
  'The lamp came on',
  'at six.',
  '',
  'Then the kettle,',
  'then the radio.',
  '',
  '```js',
  'const on = true;',
  'const at = 6;',
  '```',
  '',
  'The end.',
);
const edit = (text: string, from: string, to: string) => {
  assert.ok(text.includes(from), `the fixture holds ${from}`);
  return text.replace(from, to);
};

describe('Merging a post file three ways', () => {
  it('edits in two paragraphs parted by one blank line merge without a conflict, both kept', async () => {
    const mine = edit(BASE, 'at six.', 'at half past six.');
    const theirs = edit(BASE, 'Then the kettle,', 'Then the old kettle,');
    const out = await mergePostFile(BASE, mine, theirs);
    assert.deepEqual([out.conflicts, out.clean], [0, true]);
    assert.equal(out.text, edit(mine, 'Then the kettle,', 'Then the old kettle,'));
  });

  it('both sides in the same paragraph: one conflict, both texts inside the markers, the file refused for publishing', async () => {
    const mine = edit(BASE, 'at six.', 'at seven.');
    const theirs = edit(BASE, 'at six.', 'at five.');
    const out = await mergePostFile(BASE, mine, theirs);
    assert.deepEqual([out.conflicts, out.clean], [1, false]);
    assert.equal(out.text, edit(BASE, 'at six.\n', '<<<<<<< Here\nat seven.\n=======\nat five.\n>>>>>>> Site\n'));
    assert.deepEqual(
      errorsOf(parsePostFile(out.text)).map((p) => p.line),
      [7],
    );
  });

  it('touching lines of one paragraph are a conflict (the sentence reads as a whole)', async () => {
    const mine = edit(BASE, 'The lamp came on', 'The lamp flickered on');
    const theirs = edit(BASE, 'at six.', 'at five.');
    const out = await mergePostFile(BASE, mine, theirs);
    assert.equal(out.conflicts, 1);
    assert.equal(
      out.text,
      edit(
        BASE,
        'The lamp came on\nat six.\n',
        '<<<<<<< Here\nThe lamp flickered on\nat six.\n=======\nThe lamp came on\nat five.\n>>>>>>> Site\n',
      ),
    );
  });

  it('a paragraph added or deleted just before one the other side edited: both applied (node-diff3 alone makes it a conflict)', async () => {
    const theirs = edit(BASE, 'Then the kettle,', 'Then the old kettle,');
    const added = await mergePostFile(BASE, edit(BASE, 'at six.\n', 'at six.\n\nA new paragraph.\n'), theirs);
    assert.deepEqual([added.conflicts, added.text], [0, edit(theirs, 'at six.\n', 'at six.\n\nA new paragraph.\n')]);
    const deleted = await mergePostFile(BASE, edit(BASE, 'The lamp came on\nat six.\n\n', ''), theirs);
    assert.deepEqual([deleted.conflicts, deleted.text], [0, edit(theirs, 'The lamp came on\nat six.\n\n', '')]);
  });

  it('front matter against body: the title here and the status, version and a paragraph on the site merge cleanly, comments kept', async () => {
    const mine = edit(BASE, 'title: Lamps #', 'title: Six lamps #');
    const theirs = edit(
      edit(edit(BASE, 'status: draft', 'status: publish'), '2026-11-01T08', '2026-11-02T09'),
      'The end.',
      'The very end.',
    );
    const out = await mergePostFile(BASE, mine, theirs);
    assert.deepEqual([out.conflicts, out.clean], [0, true]);
    assert.equal(out.text, edit(theirs, 'title: Lamps #', 'title: Six lamps #'));
  });

  it('front matter keys: written alike is no change; a key added or removed on one side is; one key changed both ways is a conflict on its lines', async () => {
    const mine = edit(edit(BASE, 'title: Lamps # working title', 'title: Mine'), 'tags: [light, home]', 'tags:\n  - light\n  - home');
    const theirs = edit(edit(BASE, 'title: Lamps # working title', 'title: Site'), 'modified: 2026-11-01T08:00:00Z\n', 'excerpt: Light.\n');
    const out = await mergePostFile(BASE, mine, theirs);
    assert.equal(out.conflicts, 1);
    assert.equal(
      out.text,
      edit(
        edit(mine, 'title: Mine\n', '<<<<<<< Here\ntitle: Mine\n=======\ntitle: Site\n>>>>>>> Site\n'),
        'modified: 2026-11-01T08:00:00Z\n',
        'excerpt: Light.\n',
      ),
    );
    const parsed = parsePostFile(out.text);
    assert.deepEqual(
      errorsOf(parsed).map((p) => [p.line, p.endLine]),
      [[1, 5]],
    );
    assert.deepEqual(parsed.meta, { title: 'Mine', status: 'draft', tags: ['light', 'home'], excerpt: 'Light.' });
  });

  it('a fenced block moved here and edited on the site: the block at its new place as it was, and the edited block in a conflict where it stood (nothing lost)', async () => {
    const fence = '```js\nconst on = true;\nconst at = 6;\n```\n\n';
    const mine = edit(edit(BASE, fence, ''), 'The lamp came on', `${fence}The lamp came on`);
    const theirs = edit(BASE, 'const at = 6;', 'const at = 7;');
    const out = await mergePostFile(BASE, mine, theirs);
    assert.equal(out.conflicts, 1);
    assert.equal(
      out.text,
      edit(mine, 'then the radio.\n\nThe end.', `then the radio.\n\n<<<<<<< Here\n=======\n${edit(fence, '6', '7')}>>>>>>> Site\nThe end.`),
    );
    assert.equal(errorsOf(parsePostFile(out.text)).length, 1, 'never published as it is');
  });

  it('a conflict inside fenced code is widened to the whole block, so its markers are outside the fence and the file is refused', async () => {
    const mine = edit(BASE, 'const at = 6;', 'const at = 7;');
    const theirs = edit(BASE, 'const at = 6;', 'const at = 5;');
    const out = await mergePostFile(BASE, mine, theirs);
    const block = (n: number) => `\`\`\`js\nconst on = true;\nconst at = ${n};\n\`\`\`\n`;
    assert.equal(out.text, edit(BASE, block(6), `<<<<<<< Here\n${block(7)}=======\n${block(5)}>>>>>>> Site\n`));
    assert.deepEqual(
      errorsOf(parsePostFile(out.text)).map((p) => p.line),
      [12],
    );
  });

  it('a paragraph deleted here and edited on the site: a conflict with the edit kept inside the markers', async () => {
    const mine = edit(BASE, 'Then the kettle,\nthen the radio.\n\n', '');
    const theirs = edit(BASE, 'then the radio.', 'then the news.');
    const out = await mergePostFile(BASE, mine, theirs);
    assert.equal(out.conflicts, 1);
    assert.equal(
      out.text,
      edit(mine, 'at six.\n\n', 'at six.\n\n<<<<<<< Here\n=======\nThen the kettle,\nthen the news.\n\n>>>>>>> Site\n'),
    );
  });

  it('the same change on both sides is no conflict, and is made once', async () => {
    const both = edit(edit(BASE, 'status: draft', 'status: publish'), 'at six.', 'at seven.');
    const out = await mergePostFile(BASE, both, both);
    assert.deepEqual([out.text, out.conflicts, out.clean], [both, 0, true]);
  });

  it('CRLF files merge line by line and stay CRLF, also when the site side came with LF', async () => {
    const crlf = (text: string) => text.replace(/\n/g, '\r\n');
    const mine = edit(BASE, 'at six.', 'at half past six.');
    const theirs = edit(BASE, 'then the radio.', 'then the news.');
    const expected = crlf(edit(mine, 'then the radio.', 'then the news.'));
    assert.deepEqual(await mergePostFile(crlf(BASE), crlf(mine), crlf(theirs)), { text: expected, conflicts: 0, clean: true });
    assert.deepEqual(await mergePostFile(crlf(BASE), crlf(mine), theirs), { text: expected, conflicts: 0, clean: true });
    const conflicted = await mergePostFile(crlf(BASE), crlf(edit(BASE, 'at six.', 'at seven.')), crlf(edit(BASE, 'at six.', 'at five.')));
    assert.equal(conflicted.text, crlf(edit(BASE, 'at six.\n', '<<<<<<< Here\nat seven.\n=======\nat five.\n>>>>>>> Site\n')));
  });

  it("a file with no front matter merges as a body, and the site's front matter is taken when the file has none", async () => {
    const base = file('One.', '', 'Two.');
    const out = await mergePostFile(base, file('One!', '', 'Two.'), file('One.', '', 'Two!'));
    assert.deepEqual(out, { text: file('One!', '', 'Two!'), conflicts: 0, clean: true });
    const fronted = await mergePostFile(base, file('One!', '', 'Two.'), file('---', 'id: 12', '---', 'One.', '', 'Two.'));
    assert.deepEqual(fronted, { text: file('---', 'id: 12', '---', 'One!', '', 'Two.'), conflicts: 0, clean: true });
  });

  it('front matter YAML that cannot merge key by key merges by lines, losing nothing', async () => {
    const base = file('---', '{title: A, status: draft}', '---', 'Body');
    const out = await mergePostFile(
      base,
      file('---', '{title: B, status: draft}', '---', 'Body'),
      file('---', '{title: A, status: publish}', '---', 'Body'),
    );
    assert.equal(
      out.text,
      file('---', '<<<<<<< Here', '{title: B, status: draft}', '=======', '{title: A, status: publish}', '>>>>>>> Site', '---', 'Body'),
    );
    assert.equal(out.conflicts, 1);
  });

  it('never loses an edit: 500 seeded pairs of random edits (lines, paragraphs, fenced blocks; edited, added, deleted, moved)', async () => {
    const cases = new MergeCases(7);
    for (let n = 0; n < 500; n++) {
      const paragraphs = Array.from({ length: 3 + cases.random(5) }, () => cases.paragraph());
      const [base, mine, theirs] = [paragraphs, cases.changed(paragraphs), cases.changed(paragraphs)].map(postText);
      assertNoLoss(base, mine, theirs, await mergePostFile(base, mine, theirs), `case ${n}`);
    }
  });
});
