/**
 * The insights the user may read: the list of reports (each named as the service names it; the
 * spec leaves the items' shape out) and one report for a unit and date range. Show Insights and
 * its panel call these; this calls the client.
 */
import type { ContentSiteClient, InsightReport, InsightUnit } from '../api';

/** A report the user may pick: its slug (asked for) and its title (shown). */
export interface InsightChoice {
  slug: string;
  title: string;
}

/** A report's range: the unit of its points, and UNIX seconds. */
export interface InsightQuery {
  unit: InsightUnit;
  after?: number;
  before?: number;
}

/** What an item of the insights list calls itself (the spec leaves its shape out). */
export function describeInsight(item: unknown): InsightChoice | undefined {
  if (typeof item === 'string') return { slug: item, title: item };
  if (typeof item !== 'object' || item === null) return undefined;
  const o = item as Record<string, unknown>;
  const slug = [o.slug, o.id, o.name].find((v): v is string => typeof v === 'string' && v !== '');
  if (!slug) return undefined;
  const title = [o.title, o.name, o.label].find((v): v is string => typeof v === 'string' && v !== '') ?? slug;
  return { slug, title };
}

export class InsightsModel {
  constructor(private readonly client: () => ContentSiteClient) {}

  /** The reports offered (those whose items name themselves), and the list's name when it has one. */
  async reports(): Promise<{ name?: string; reports: InsightChoice[] }> {
    const list = await this.client().insights.list();
    return { name: list.name, reports: list.insights.map(describeInsight).filter((r) => r !== undefined) };
  }

  /** One report over the query's unit and range. */
  report(slug: string, q: InsightQuery): Promise<InsightReport> {
    return this.client().insights.get(slug, { unit: q.unit, after: q.after, before: q.before });
  }
}
