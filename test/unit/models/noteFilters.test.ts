import * as assert from 'node:assert/strict';
import { FILTER_PRESETS, filterChoices, filterId, filterQuery } from '../../../src/models/noteFilters';

describe('notification filters', () => {
  it('offers the service presets in its order, then other types seen, sorted, once each', () => {
    assert.deepEqual(filterChoices(['like', 'reblog', 'achievement', 'reblog', 'comment']).map(filterId), ['all', 'unread', 'comment', 'follow', 'like', 'achievement', 'reblog']);
    assert.equal(FILTER_PRESETS.length, 5);
  });
  it('turns a filter into the query', () => {
    assert.deepEqual(filterQuery({ kind: 'all' }), {});
    assert.deepEqual(filterQuery({ kind: 'unread' }), { unread: true });
    assert.deepEqual(filterQuery({ kind: 'type', type: 'comment' }), { type: 'comment' });
  });
});
