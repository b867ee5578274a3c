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
  it("follows the editor's language", () => {
    assert.equal(relativeTime(ago(26 * 3600), now, 'de'), 'gestern');
    assert.equal(relativeTime(ago(3 * 3600), now, 'fr'), 'il y a 3 heures');
    assert.equal(relativeTime(ago(26 * 3600), now, 'zh-cn'), '昨天');
    assert.equal(relativeTime(ago(2 * 86400), now, 'pt-br'), 'anteontem');
  });
  it('switches language when the editor does, with no formatter left over from the last one', () => {
    assert.equal(relativeTime(ago(26 * 3600), now, 'es'), 'ayer');
    assert.equal(relativeTime(ago(26 * 3600), now, 'en'), 'yesterday');
    assert.equal(relativeTime(ago(26 * 3600), now, 'es'), 'ayer');
  });
  it('a language tag Intl refuses reads in English instead of failing the whole tree', () => {
    assert.throws(() => new Intl.RelativeTimeFormat('en_US'), RangeError);
    assert.equal(relativeTime(ago(26 * 3600), now, 'en_US'), 'yesterday');
    assert.equal(relativeTime(ago(90), now, ''), '1 minute ago');
  });
});

describe('relativeTime, from its kept phrases', () => {
  const now = Date.UTC(2026, 10, 23, 12);
  it('says the same as a fresh formatter, over more phrases than it keeps (it starts again when full)', () => {
    const fresh = new Intl.RelativeTimeFormat('fr', { numeric: 'auto' });
    for (let round = 0; round < 2; round++) {
      for (let years = 1; years <= 2_500; years += 1) {
        assert.equal(relativeTime(now - years * 365 * 86_400_000, now, 'fr'), fresh.format(-years, 'year'), `${years} years`);
      }
    }
  });
  it('keeps phrases per language: the same time reads in each', () => {
    const then = now - 3 * 3_600_000;
    assert.equal(relativeTime(then, now, 'de'), 'vor 3 Stunden');
    assert.equal(relativeTime(then, now, 'en'), '3 hours ago');
    assert.equal(relativeTime(then, now, 'de'), 'vor 3 Stunden');
  });
});
