import * as assert from 'node:assert/strict';
import { normalizeNotification, type Notification } from '../../../src/api';
import {
  CACHE_FORMAT,
  CACHE_MAX_CHARS,
  CACHE_MAX_ITEMS,
  cachedItem,
  cacheOwner,
  readFirstPages,
  withFirstPage,
} from '../../../src/models/firstPageCache';
import { loadSchemas } from '../../../src/api/schemasLoad';

const owner = cacheOwner(1001, 'https://public-api.wordpress.com/rest');

describe('The first pages kept from the last session', () => {
  // The client loads its schemas before it reads an answer (Transport.send): so does this.
  before(() => loadSchemas());

  it('round-trips a page per list, with when it was loaded', () => {
    const rec = withFirstPage(undefined, owner, 'following', [{ ID: 1 }, { ID: 2 }], 1000);
    const back = readFirstPages(JSON.parse(JSON.stringify(rec)), owner);
    assert.deepEqual(back?.lists.following, [{ ID: 1 }, { ID: 2 }]);
    assert.equal(back?.savedAt.following, 1000);
  });

  it('ignores a corrupt, old-format or foreign store, never throws', () => {
    for (const raw of [
      undefined,
      null,
      'x',
      42,
      [],
      {},
      { format: 0, owner, lists: {}, savedAt: {} },
      { format: CACHE_FORMAT, owner: cacheOwner(1002, 'x'), lists: {}, savedAt: {} },
      { format: CACHE_FORMAT, owner, lists: 'no', savedAt: {} },
    ]) {
      assert.equal(readFirstPages(raw, owner), undefined, JSON.stringify(raw));
    }
    const partly = readFirstPages(
      { format: CACHE_FORMAT, owner, lists: { a: [{ ID: 1 }, 'junk', null], b: 'no', c: [{}] }, savedAt: { a: 5, b: 6 } },
      owner,
    );
    assert.deepEqual(partly?.lists, { a: [{ ID: 1 }] }, 'lists without a time or not arrays are dropped, non-objects filtered');
  });

  it('keeps at most CACHE_MAX_ITEMS items a list and never grows past CACHE_MAX_CHARS', () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ ID: i }));
    assert.equal(withFirstPage(undefined, owner, 'trash:x', many, 1).lists['trash:x'].length, CACHE_MAX_ITEMS);
    const huge = [{ ID: 1, content: 'x'.repeat(CACHE_MAX_CHARS) }];
    const rec = withFirstPage(withFirstPage(undefined, owner, 'a', [{ ID: 1 }], 1), owner, 'b', huge, 2);
    assert.deepEqual(Object.keys(rec.lists), ['a'], 'the record that would be too large is not written');
  });

  it('another user starts a new record', () => {
    const mine = withFirstPage(undefined, owner, 'a', [{ ID: 1 }], 1);
    const theirs = withFirstPage(mine, cacheOwner(7, 'x'), 'b', [{ ID: 2 }], 2);
    assert.deepEqual(Object.keys(theirs.lists), ['b']);
  });

  describe('a kept item is read through the checks of a service answer', () => {
    /** A note as the client makes it from the service's answer, and as it is kept (JSON). */
    const served = normalizeNotification({
      id: 60000,
      type: 'comment',
      read: false,
      timestamp: 1_700_000_000,
      subject: [{ text: 'Maya commented', ranges: [{ type: 'post', indices: [0, 4], url: 'https://demo.example.blog/p/' }] }],
      body: [{ text: 'Nice', meta: { ids: { comment: 8800 } } }],
      meta: { ids: { site: 2001, post: 101 } },
      note_hash: 'abc',
    } as never);
    const kept = (n: unknown) => JSON.parse(JSON.stringify(n)) as Record<string, unknown>;

    it('a note comes back as the client made it', () => {
      assert.equal(served.unreadIsCount, false);
      assert.deepEqual(cachedItem.note(kept(served)), served);
    });

    it('a note whose type, subject, body, timestamp, id or unread count is not what the service may send is left out', () => {
      const bad: Array<Partial<Record<keyof Notification, unknown>>> = [
        { type: 5 },
        { type: ['comment'] },
        { type: {} },
        { type: null },
        { subject: 'Maya commented' },
        { subject: 5 },
        { subject: [5] },
        { subject: [{ text: 7 }] },
        { body: 'weird' },
        { body: 5 },
        { body: [{ ranges: 'x' }] },
        { timestamp: 'garbage' },
        { timestamp: null },
        { timestamp: {} },
        { id: 'x' },
        { id: undefined },
        { unread: 'lots' },
        { status: 'approved' },
        { note_hash: {} },
      ];
      for (const change of bad) assert.equal(cachedItem.note({ ...kept(served), ...change }), undefined, JSON.stringify(change));
      for (const junk of [null, 5, 'note', [], [kept(served)]]) assert.equal(cachedItem.note(junk), undefined, JSON.stringify(junk));
    });

    it('what the views read of a note is worked out again, not taken from the store: its text and its link', () => {
      const note = cachedItem.note({ ...kept(served), subjectText: 42, url: 'javascript:alert(1)' });
      assert.equal(note?.subjectText, 'Maya commented');
      assert.equal(note?.url, 'https://demo.example.blog/p/#comment-8800');
      assert.equal(note?.url, served.url);
      assert.equal(cachedItem.note({ ...kept(served), subject: undefined, subjectText: 'x' })?.subjectText, '');
    });

    it('posts and tags: the shape the client accepts, links checked; anything else is left out', () => {
      const post = { ID: 5, site_ID: 3101, title: 'T', URL: 'javascript:alert(1)', date: '2026-01-01T00:00:00Z' };
      assert.deepEqual(cachedItem.feedPost(post), { ...post, URL: undefined });
      assert.deepEqual(cachedItem.featuredPost(post), { ...post, URL: undefined });
      assert.deepEqual(cachedItem.trashedPost(post), { ...post, URL: undefined });
      for (const read of [cachedItem.feedPost, cachedItem.featuredPost, cachedItem.trashedPost]) {
        for (const junk of [{ id: 5 }, { ID: 'x' }, { ID: 5, title: 7 }, { ID: 5, author: 'me' }, { ID: 5, tags: [] }, null, 'post'])
          assert.equal(read(junk), undefined, JSON.stringify(junk));
      }
      assert.deepEqual(cachedItem.tag({ ID: 1, slug: 'x', title: 'X' }), { ID: 1, slug: 'x', title: 'X' });
      for (const junk of [{ ID: 1, title: 5 }, { slug: [] }, null, 'tag'])
        assert.equal(cachedItem.tag(junk), undefined, JSON.stringify(junk));
    });
  });
});
