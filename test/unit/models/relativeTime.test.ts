import * as assert from 'node:assert/strict';
import { relativeTime } from '../../../src/models/relativeTime';

describe('relativeTime', () => {
  const now = Date.UTC(2026, 10, 23, 12);
  const ago = (s: number) => now - s * 1000;
  it('uses the largest unit that fits, with words for today and yesterday', () => {
    assert.equal(relativeTime(ago(10), now), 'now');
    assert.equal(relativeTime(ago(90), now), '1 minute ago');
    assert.equal(relativeTime(ago(3 * 3600), now), '3 hours ago');
    assert.equal(relativeTime(ago(26 * 3600), now), 'yesterday');
    assert.equal(relativeTime(ago(8 * 86400), now), 'last week');
    assert.equal(relativeTime(ago(400 * 86400), now), 'last year');
  });
  it('future times read forwards', () => {
    assert.equal(relativeTime(now + 2 * 86400 * 1000, now), 'in 2 days');
  });
});
