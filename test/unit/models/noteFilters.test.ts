import * as assert from 'node:assert/strict';
import { FILTER_PRESETS, filterAccepts, filterChoices, filterId, filterQuery, localFilter } from '../../../src/models/noteFilters';

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
  it('says whether a note belongs under each preset, wherever the filter is applied (a pushed note)', () => {
    const notes = [
      { type: 'comment', unread: 1 },
      { type: 'like', unread: 0 },
      { type: 'comment_like', unread: 2 },
      { type: 'follow', unread: 0 },
    ];
    assert.deepEqual(
      FILTER_PRESETS.map((f) => [filterId(f), notes.map(filterAccepts(f))]),
      [
        ['all', [true, true, true, true]],
        ['unread', [true, false, true, false]],
        ['comment', [true, false, false, false]],
        ['follow', [false, false, false, true]],
        ['like', [false, true, true, false]],
      ],
    );
  });
});
