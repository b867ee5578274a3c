/** GET /v1/insights (what the user may read) and /v1/insights/$slug (one graph's raw data). */
import { ApiError, int, oneOf, type Ctx } from '../http';
import type { Route } from '../router';

export const REPORTS: Record<string, { title: string; base: number }> = {
  'rest-api-calls': { title: 'REST API calls', base: 1200 },
  'rest-api-writes': { title: 'REST API writes', base: 140 },
  'clients/desktop': { title: 'Desktop client calls', base: 60 },
};
const UNITS = ['daily', 'weekly', 'monthly', 'cumulative'] as const;
const DAY = 86400;

function insightList(ctx: Ctx) {
  return {
    body: {
      name: `${ctx.user!.name}’s insights`,
      id: ctx.user!.ID,
      insights: Object.entries(REPORTS).map(([slug, r]) => ({ slug, title: r.title })),
      today: Object.entries(REPORTS).map(([slug, r]) => ({ slug, title: r.title, value: Math.round(r.base / 7) })),
      has_custom: false,
    },
  };
}

function label(t: number, unit: string): string {
  const d = new Date(t * 1000).toISOString();
  return unit === 'monthly' ? d.slice(0, 7) : d.slice(0, 10);
}

function report(ctx: Ctx) {
  const slug = ctx.route.slug;
  const r = REPORTS[slug];
  if (!r) throw new ApiError(404, 'unknown_insight', `There is no insight called "${slug}".`);
  const unit = oneOf(ctx.params, 'unit', UNITS, 'weekly');
  const now = ctx.world.now;
  const after = int(ctx.params, 'after', { min: 0 });
  const before = int(ctx.params, 'before', { min: 0 }) ?? now;
  if (after !== undefined && after > before) throw new ApiError(400, 'invalid_input', '"after" must not be later than "before".');
  const step = unit === 'weekly' ? 7 * DAY : unit === 'monthly' ? 30 * DAY : DAY;
  const start = after ?? before - 11 * step;
  const data: Record<string, number> = {};
  let total = 0;
  for (let t = start - (start % step); t <= before; t += step) {
    const value = Math.round(r.base * (step / (7 * DAY)) * (1 + 0.3 * Math.sin(t / step)));
    total += value;
    data[label(t, unit)] = unit === 'cumulative' ? total : value;
  }
  const daily = r.base / 7;
  return {
    body: {
      points: Object.keys(data).length,
      data,
      summaries: {
        last_24_hours: String(Math.round(daily)),
        last_7_days: String(r.base),
        last_31_days: String(Math.round(daily * 31)),
        last_365_days: String(Math.round(daily * 365)),
        percent_change_since_previous_24_hours: 4.2,
        percent_change_since_previous_7_days: -1.5,
        percent_change_since_previous_31_days: 12,
        percent_change_since_previous_365_days: 48.3,
      },
      started_tracking: '2024-01-01',
    },
  };
}

export const insightRoutes: Route[] = [
  {
    method: 'GET',
    versions: ['1'],
    pattern: '/insights',
    accepted: ['context', 'http_envelope', 'pretty', 'meta', 'fields', 'callback'],
    auth: 'required',
    authMessage: 'An active access token must be used to read insights.',
    handle: insightList,
  },
  {
    method: 'GET',
    versions: ['1'],
    pattern: '/insights/:slug',
    accepted: ['context', 'http_envelope', 'pretty', 'meta', 'fields', 'callback'],
    auth: 'optional',
    handle: report,
  },
];
