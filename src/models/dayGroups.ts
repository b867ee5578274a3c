/** Buckets for notification grouping, computed in the user's local time. */
export type DayGroup = 'today' | 'yesterday' | 'thisWeek' | 'older';

export const DAY_GROUPS: readonly DayGroup[] = ['today', 'yesterday', 'thisWeek', 'older'];

export function dayGroupOf(timestampSeconds: number, now = new Date()): DayGroup {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const t = timestampSeconds * 1000;
  const day = 24 * 3600 * 1000;
  if (t >= startOfToday) return 'today';
  if (t >= startOfToday - day) return 'yesterday';
  if (t >= startOfToday - 6 * day) return 'thisWeek';
  return 'older';
}
