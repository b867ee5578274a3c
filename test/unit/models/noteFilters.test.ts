import * as assert from 'node:assert/strict';
import { FILTER_PRESETS, filterChoices, filterId, filterQuery, localFilter } from '../../../src/models/noteFilters';

describe('notification filters', () => {
  it('offers the service presets in its order, then other types seen, sorted, once each', () => {
    // comment_like is among Likes, not a filter of its own.
    assert.deepEqual(filterChoices(['like', 'reblog', 'achievement', 'reblog', 'comment', 'comment_like']).map(filterId), [
      'all',
      'unread',
      'comment',
      'follow',
      'like',
      'achievement',
      'reblog',
    ]);
    assert.equal(FILTER_PRESETS.length, 5);
  });
  it('turns a filter into the query', () => {
    assert.deepEqual(filterQuery({ kind: 'all' }), {});
    assert.deepEqual(filterQuery({ kind: 'unread' }), { unread: true });
    assert.deepEqual(filterQuery({ kind: 'type', type: 'comment' }), { type: 'comment' });
    assert.equal(localFilter({ kind: 'type', type: 'comment' }), undefined);
  });
  it('Likes are likes of posts and of comments, picked here (the service filters one type)', () => {
    const likes = FILTER_PRESETS.find((f) => filterId(f) === 'like')!;
    assert.deepEqual(filterQuery(likes), {});
    const keep = localFilter(likes)!;
    assert.deepEqual(
      ['like', 'comment_like', 'comment', undefined].map((type) => keep({ type })),
      [true, true, false, false],
    );
  });
});
