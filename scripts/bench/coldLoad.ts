/**
 * This extension's cold load of the three views, shared by run.ts and the fresh-process first-call
 * client (firstCallOurs.ts); wpcomClient.ts is the same work with the service's official client.
 */
import type { ContentSiteClient } from '../../src/api';
import { refreshTogether } from '../../src/models/batchRefresh';
import { SiteChanges } from '../../src/models/siteChanges';
import { ChosenSite } from '../../src/models/chosenSite';
import { FollowingModel } from '../../src/models/followingModel';
import { NotificationsModel } from '../../src/models/notificationsModel';
import { TrashModel } from '../../src/models/trashModel';

export const SITE = 'demo.example.blog';

/** When scripts/bench/firstCall.cjs began to load the bundle this runs in (or now, run otherwise). */
export function startedAt(): number {
  return (globalThis as { benchStartedAt?: number }).benchStartedAt ?? performance.now();
}
export const TOKEN = 'cs-demo-token';

/** The three views' models, with the page sizes of the extension's defaults. */
export function viewModels(api: ContentSiteClient) {
  const notes = new NotificationsModel({ client: () => api, pageSize: () => 20 });
  const following = new FollowingModel({ client: () => api, pageSize: () => 10 });
  const chosen = new ChosenSite();
  chosen.set(SITE);
  const trash = new TrashModel({ client: () => api, pageSize: () => 20, site: chosen, changes: new SiteChanges() });
  return { notes, following, trash };
}

/** This extension's cold load: the three views (and the trash's site info) in one batch. */
export async function ourColdLoad(api: ContentSiteClient): Promise<void> {
  const m = viewModels(api);
  await refreshTogether(api, [m.notes, m.following, m.trash]);
}
