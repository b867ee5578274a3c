import * as assert from 'node:assert/strict';
import { dayGroupOf, groupByDay } from '../../../src/models/dayGroups';

/** Runs `fn` with the process in another time zone (Node re-reads TZ when it changes). */
function inZone<T>(tz: string, fn: () => T): T {
  const before = process.env.TZ;
  process.env.TZ = tz;
  try {
    return fn();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}
const local = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min);
const secs = (d: Date) => d.getTime() / 1000;

describe('dayGroupOf steps calendar days, not 24-hour blocks', () => {
  const cases: Array<[string, string, [number, number, number]]> = [
    // zone, change, the day after the change (23 or 25 hours long the day before)
    ['America/New_York', 'spring forward', [2026, 3, 8]],
    ['America/New_York', 'fall back', [2026, 11, 1]],
    ['Europe/Berlin', 'spring forward', [2026, 3, 29]],
    ['Europe/Berlin', 'fall back', [2026, 10, 25]],
  ];
  for (const [zone, change, [y, m, d]] of cases) {
    it(`${zone}, ${change}: 23:30 two days back is this week, 00:10 yesterday is yesterday`, () =>
      inZone(zone, () => {
        const now = local(y, m, d + 1, 12);
        assert.equal(dayGroupOf(secs(local(y, m, d - 1, 23, 30)), now), 'thisWeek');
        assert.equal(dayGroupOf(secs(local(y, m, d, 0, 10)), now), 'yesterday');
        assert.equal(dayGroupOf(secs(local(y, m, d, 23, 59)), now), 'yesterday');
        assert.equal(dayGroupOf(secs(local(y, m, d + 1, 0, 0)), now), 'today');
        assert.equal(dayGroupOf(secs(local(y, m, d - 5, 0, 0)), now), 'thisWeek');
        assert.equal(dayGroupOf(secs(local(y, m, d - 5, 0, 0)) - 1, now), 'older');
      }));
  }

  it('the case from the issue: New York, a note from 23:30 on 7 March seen at noon on 9 March', () =>
    inZone('America/New_York', () => assert.equal(dayGroupOf(secs(local(2026, 3, 7, 23, 30)), local(2026, 3, 9, 12)), 'thisWeek')));

  it('groupByDay keeps the given order and leaves out empty groups', () => {
    const now = local(2026, 6, 10, 12);
    const notes = [
      { id: 1, timestamp: secs(local(2026, 6, 10, 9)), unread: 1 },
      { id: 2, timestamp: secs(local(2026, 6, 10, 8)), unread: 0 },
      { id: 3, timestamp: secs(local(2026, 5, 1, 8)), unread: 2 },
    ];
    assert.deepEqual(
      groupByDay(notes, now).map((g) => ({ group: g.group, ids: g.notes.map((n) => n.id) })),
      [
        { group: 'today', ids: [1, 2] },
        { group: 'older', ids: [3] },
      ],
    );
    const mixed = [
      notes[2],
      notes[0],
      { id: 4, timestamp: secs(local(2026, 6, 9, 23)), unread: 0 },
      notes[1],
      { id: 5, timestamp: secs(local(2026, 6, 7, 1)), unread: 1 },
    ];
    assert.deepEqual(
      groupByDay(mixed, now).map((g) => ({ group: g.group, ids: g.notes.map((n) => n.id) })),
      [
        { group: 'today', ids: [1, 2] },
        { group: 'yesterday', ids: [4] },
        { group: 'thisWeek', ids: [5] },
        { group: 'older', ids: [3] },
      ],
      'notes out of order are still each in their own group',
    );
  });
});
