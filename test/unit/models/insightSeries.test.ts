import * as assert from 'node:assert/strict';
import { periodStart, summaryRows, toSeries } from '../../../src/models/insightSeries';

describe('Insight reports as chart data', () => {
  it('orders periods by time, reading days and months, and skips what is not a number', () => {
    const s = toSeries({ data: { '2026-11-08': 5, '2026-11-01': '3', bogus: 1, '2026-11-15': 'n/a' } });
    assert.deepEqual(s, { x: [Date.UTC(2026, 10, 1) / 1000, Date.UTC(2026, 10, 8) / 1000], y: [3, 5] });
    assert.equal(periodStart('2026-02'), Date.UTC(2026, 1, 1) / 1000);
  });
  it('turns summaries into rows with a signed change', () => {
    assert.deepEqual(
      summaryRows({
        data: {},
        summaries: {
          last_24_hours: '12',
          percent_change_since_previous_24_hours: 4.2,
          last_7_days: '80',
          percent_change_since_previous_7_days: -1.5,
          last_31_days: '300',
        },
      }),
      [
        { period: 'Last 24 hours', count: '12', change: '+4.2%' },
        { period: 'Last 7 days', count: '80', change: '-1.5%' },
        { period: 'Last 31 days', count: '300', change: undefined },
      ],
    );
  });
});
