/** Buckets for notification grouping, in the user's local calendar (so across DST changes too). */
export type DayGroup = 'today' | 'yesterday' | 'thisWeek' | 'older';

export const DAY_GROUPS: readonly DayGroup[] = ['today', 'yesterday', 'thisWeek', 'older'];

/** Local midnight `days` calendar days before `now`'s day (not days × 24 h: a DST day has 23 or 25). */
function startOfDay(now: Date, daysBack: number): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack).getTime();
}

/** The local midnights that start today, yesterday and this week (6 days back), in ms. */
function boundaries(now: Date): [today: number, yesterday: number, thisWeek: number] {
  return [startOfDay(now, 0), startOfDay(now, 1), startOfDay(now, 6)];
}

/** The index in DAY_GROUPS of the group a time falls in. */
function groupIndex(timestampSeconds: number, [today, yesterday, thisWeek]: readonly number[]): number {
  const t = timestampSeconds * 1000;
  return t >= today ? 0 : t >= yesterday ? 1 : t >= thisWeek ? 2 : 3;
}

export function dayGroupOf(timestampSeconds: number, now = new Date()): DayGroup {
  return DAY_GROUPS[groupIndex(timestampSeconds, boundaries(now))];
}

/** The notes per day group (in the given order), only groups that have notes, in DAY_GROUPS order. */
export function groupByDay<N extends { timestamp: number }>(notes: readonly N[], now = new Date()): { group: DayGroup; notes: N[] }[] {
  const bounds = boundaries(now); // once per call, not three Dates per note
  const groups = DAY_GROUPS.map((group) => ({ group, notes: [] as N[] }));
  // Notes come newest first, so runs of them share a group: the last group's range is checked first.
  let entry = groups[0];
  let from = Infinity;
  let to = -Infinity;
  for (const note of notes) {
    const t = note.timestamp * 1000;
    if (!(t >= from && t < to)) {
      const i = groupIndex(note.timestamp, bounds);
      entry = groups[i];
      from = i === 3 ? -Infinity : bounds[i];
      to = i === 0 ? Infinity : bounds[i - 1];
    }
    entry.notes.push(note);
  }
  return groups.filter((g) => g.notes.length > 0);
}
