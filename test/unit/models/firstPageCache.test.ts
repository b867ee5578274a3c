import * as assert from 'node:assert/strict';
import {
  CACHE_FORMAT,
  CACHE_MAX_CHARS,
  CACHE_MAX_ITEMS,
  cachedShape,
  cacheOwner,
  readFirstPages,
  withFirstPage,
} from '../../../src/models/firstPageCache';

const owner = cacheOwner(1001, 'https://public-api.wordpress.com/rest');

describe('The first pages kept from the last session', () => {
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

  it('checks the shapes the views read', () => {
    assert.ok(cachedShape.note({ id: 1, unread: 0, timestamp: 5, subjectText: 'x' }));
    assert.ok(!cachedShape.note({ id: 1, unread: '0', timestamp: 5, subjectText: 'x' }));
    assert.ok(cachedShape.post({ ID: 3 }) && !cachedShape.post({ id: 3 }));
  });
});
