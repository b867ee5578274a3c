/**
 * A refresh of several views in one round trip: each model describes its first page as a prepared
 * request (plus anything else it needs, such as the site's info), the client sends them all in one
 * batch, and each model receives its own answer or its own error.
 */
import type { ContentSiteClient, Prepared } from '../api';

export interface RefreshPart<T = unknown> {
  request: Prepared<T>;
  deliver(result: Promise<T>): Promise<void>;
}

export interface BatchRefreshable {
  /** What a refresh needs; [] when there is nothing to load (no site chosen). */
  refreshParts(client: ContentSiteClient): RefreshPart[];
  /** The model's own refresh. */
  refresh(): Promise<void>;
  /** Its parts could not even be prepared (refused before sending): show why. */
  refused(err: unknown): void;
}

/** The parts of several models; one refused before sending (a bad setting) shows why and adds none. */
export function partsOf(client: ContentSiteClient, models: readonly BatchRefreshable[]): RefreshPart[] {
  const parts: RefreshPart[] = [];
  for (const m of models) {
    try {
      parts.push(...m.refreshParts(client));
    } catch (err) {
      m.refused(err);
    }
  }
  return parts;
}

export async function refreshTogether(client: ContentSiteClient, models: readonly BatchRefreshable[]): Promise<void> {
  const parts = partsOf(client, models);
  const outcomes = parts.length ? client.together(parts.map((p) => p.request)) : Promise.resolve([]);
  const answer = (i: number) =>
    outcomes.then((list) => {
      const o = list[i];
      if (o.ok) return o.value;
      throw o.error;
    });
  await Promise.all(parts.map((part, i) => part.deliver(answer(i))));
}
