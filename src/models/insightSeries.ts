/**
 * An insights report as chart data: period labels ("2026-11-01", "2026-11") to UNIX seconds in
 * order, and the summaries as labelled rows. Plain TypeScript, tested in Node.
 */
import type { InsightReport } from '../api';

export interface Series {
  x: number[];
  y: number[];
}

export function toSeries(report: InsightReport): Series {
  const points = Object.entries(report.data)
    .map(([label, value]) => [periodStart(label), Number(value)] as const)
    .filter(([t, v]) => Number.isFinite(t) && Number.isFinite(v))
    .sort((a, b) => a[0] - b[0]);
  return { x: points.map(([t]) => t), y: points.map(([, v]) => v) };
}

/** "2026-11" is the month's first day; anything Date.parse reads is taken as UTC. */
export function periodStart(label: string): number {
  const month = /^(\d{4})-(\d{2})$/.exec(label);
  if (month) return Date.UTC(Number(month[1]), Number(month[2]) - 1, 1) / 1000;
  return Math.floor(Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(label) ? `${label}T00:00:00Z` : label) / 1000);
}

export interface SummaryRow {
  period: string;
  count: string;
  change?: string;
}

const PERIODS: Array<[string, string]> = [
  ['24_hours', 'Last 24 hours'],
  ['7_days', 'Last 7 days'],
  ['31_days', 'Last 31 days'],
  ['365_days', 'Last 365 days'],
];

export function summaryRows(report: InsightReport): SummaryRow[] {
  const s = report.summaries ?? {};
  return PERIODS.filter(([key]) => s[`last_${key}`] !== undefined).map(([key, label]) => {
    const change = s[`percent_change_since_previous_${key}`];
    const n = typeof change === 'number' ? change : Number(change);
    return {
      period: label,
      count: String(s[`last_${key}`]),
      change: change === undefined || change === null || !Number.isFinite(n) ? undefined : `${n > 0 ? '+' : ''}${n}%`,
    };
  });
}
