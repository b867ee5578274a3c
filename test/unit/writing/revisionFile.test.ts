import * as assert from 'node:assert/strict';
import type { PostRevision, PostRevisions } from '../../../src/api';
import { parsePostFile } from '../../../src/writing/postFile';
import { pullContent } from '../../../src/writing/pullContent';
import { revisionAsFile, revisionItems, revisionTarget } from '../../../src/writing/revisionFile';

const FILE = [
  '---',
  'title: Tide tables, corrected',
  'status: publish',
  '# check the almanac before publishing',
  'tags: [sea, tides]',
  'id: 500',
  "site: '2001'",
  'url: https://demo.example.blog/tide-tables',
  "modified: '2026-11-01T12:00:02+00:00'",
  'editor: classic',
  '---',
  '',
  'Low water at six, and *high* at noon.',
  '',
].join('\n');

const NOW = Date.parse('2026-11-01T15:00:00Z');
const revision = (id: number, over: Partial<PostRevision> = {}): PostRevision => ({
  id,
  title: 'Tide tables',
  content: '<p>Low water at noon.</p>',
  date: '2026-11-01T09:00:00Z',
  modified: '2026-11-01T12:00:00Z',
  author: 1002,
  ...over,
});

describe('a revision as a post file (Show Revisions)', () => {
  it('keeps the file’s front matter (its comment, terms, post and last synced version) but for the title, and pulls the revision’s content as a pull does', async () => {
    const text = await revisionAsFile(FILE, revision(10));
    const parsed = parsePostFile(text);
    assert.equal(parsed.meta.title, 'Tide tables');
    assert.deepEqual(
      [parsed.meta.id, parsed.meta.site, parsed.meta.modified, parsed.meta.status, parsed.meta.url, parsed.meta.tags],
      [500, '2001', '2026-11-01T12:00:02+00:00', 'publish', 'https://demo.example.blog/tide-tables', ['sea', 'tides']],
    );
    assert.ok(text.includes('# check the almanac before publishing\n'), 'the writer’s comment stays');
    assert.equal(parsed.body, (await pullContent('<p>Low water at noon.</p>')).body);
    assert.ok(parsed.body.includes('Low water at noon.'));
    assert.ok(!text.includes('six'), 'nothing of the file’s own body is left');
  });

  it('a revision written in blocks says so in the file (its editor), so a publish sends it as blocks', async () => {
    const content = '<!-- wp:paragraph -->\n<p>Low water at <em>noon</em>.</p>\n<!-- /wp:paragraph -->';
    const parsed = parsePostFile(await revisionAsFile(FILE, revision(11, { content })));
    assert.equal(parsed.meta.editor, 'blocks');
    assert.equal(parsed.body.trim(), 'Low water at _noon_.');
  });

  it('content a pull refuses is refused the same way', async () => {
    await assert.rejects(revisionAsFile(FILE, revision(12, { content: '<p>a</p>\r\n<p>b</p>' })), { name: 'LimitError' });
  });
});

describe('the post a file’s revisions belong to', () => {
  it('is the front matter’s id on its site', () => {
    assert.deepEqual(revisionTarget(FILE), { site: '2001', id: 500 });
  });

  it('a file never published, or one that names no site, says why it has no revisions to show', () => {
    assert.match(revisionTarget('---\ntitle: New\n---\nText\n').problem!, /has not been published yet .*no revisions on the site yet/);
    assert.match(revisionTarget('---\ntitle: Old\nid: 500\n---\nText\n').problem!, /does not say which site/);
  });
});

describe('the revisions as Show Revisions lists them', () => {
  const all: PostRevisions = {
    revisions: [
      revision(10, { modified: '2026-10-30T15:00:00Z', author: 1001, title: '' }),
      revision(11, { modified: '2026-11-01T12:00:00Z', author: 1002 }),
      revision(12, { modified: '2026-11-01T14:59:30Z', author: 1003, title: 'Tide tables, corrected' }),
    ],
    diffs: [
      { from: 0, to: 10, add: 6, del: 0 },
      { from: 10, to: 11, add: 1, del: 1 },
      { from: 11, to: 12, add: 2, del: 1 },
    ],
  };

  it('newest first: when (relative), who (by name, else the user’s ID), and its words added and deleted with its title', () => {
    const names = new Map([
      [1001, 'Demo Writer'],
      [1002, 'Ed Itor'],
    ]);
    const items = revisionItems(all, { names, now: NOW, locale: 'en' });
    assert.deepEqual(
      items.map((i) => [i.revision.id, i.label, i.description, i.detail]),
      [
        [12, 'now', 'user 1003', '+2 −1 · Tide tables, corrected'],
        [11, '3 hours ago', 'Ed Itor', '+1 −1 · Tide tables'],
        [10, '2 days ago', 'Demo Writer', '+6 −0 · (no title)'],
      ],
    );
  });

  it('says its words in the language given', () => {
    const words = { noTitle: '(sans titre)', user: (id: number) => `utilisateur ${id}` };
    const items = revisionItems(all, { now: NOW, locale: 'fr', words });
    assert.deepEqual(
      items.map((i) => [i.label, i.description, i.detail]),
      [
        ['maintenant', 'utilisateur 1003', '+2 −1 · Tide tables, corrected'],
        ['il y a 3 heures', 'utilisateur 1002', '+1 −1 · Tide tables'],
        ['avant-hier', 'utilisateur 1001', '+6 −0 · (sans titre)'],
      ],
    );
  });
});
