/** Buckets for notification grouping, in the user's local calendar (so across DST changes too). */
export type DayGroup = 'today' | 'yesterday' | 'thisWeek' | 'older';

export const DAY_GROUPS: readonly DayGroup[] = ['today', 'yesterday', 'thisWeek', 'older'];

/** Local midnight `days` calendar days before `now`'s day (not days × 24 h: a DST day has 23 or 25). */
function startOfDay(now: Date, daysBack: number): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack).getTime();
}

export function dayGroupOf(timestampSeconds: number, now = new Date()): DayGroup {
  const t = timestampSeconds * 1000;
  if (t >= startOfDay(now, 0)) return 'today';
  if (t >= startOfDay(now, 1)) return 'yesterday';
  if (t >= startOfDay(now, 6)) return 'thisWeek';
  return 'older';
}

/** The notes' ids per day group (in the given order), only groups that have notes, in DAY_GROUPS order. */
export function groupByDay<N extends { id: number; timestamp: number; unread: number }>(notes: readonly N[], now = new Date()): { group: DayGroup; ids: number[]; unread: number }[] {
  const groups = new Map<DayGroup, { ids: number[]; unread: number }>();
  for (const note of notes) {
    const g = dayGroupOf(note.timestamp, now);
    let entry = groups.get(g);
    if (!entry) groups.set(g, (entry = { ids: [], unread: 0 }));
    entry.ids.push(note.id);
    if (note.unread > 0) entry.unread++;
  }
  return DAY_GROUPS.filter((g) => groups.has(g)).map((group) => ({ group, ...groups.get(group)! }));
}
