import type * as vscode from 'vscode';
import type { ChosenSite } from '../../models/chosenSite';
import { cacheOwner, readFirstPages, withFirstPage, type FirstPages } from '../../models/firstPageCache';
import type { ListCore } from '../../models/listCore';

const STORE_KEY = 'contentSite.firstPages';

export interface CachedList {
  /** Which page this is (a trash page names its site, notifications their filter). */
  name(): string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  list: ListCore<any, any>;
  /**
   * A stored item as the view reads it, or undefined when it is not one the service could have
   * sent (the store may be from another version, or damaged): `cachedItem` of firstPageCache.ts.
   */
  read(value: unknown): unknown;
  /** How many items the first page holds. */
  pageSize(): number;
}

/**
 * First paint from the last session: at start the lists show the first pages kept in the
 * extension's global state (per user and API address), marked with when they were loaded; each
 * page loaded afresh is kept again; signing out forgets them all. The pages are put in the lists
 * once `whoKnown` resolves (the stored session is read without holding activation up); `seeded`
 * resolves right after, so loading can start from there.
 */
export function bindFirstPages(
  state: vscode.Memento,
  who: () => { userId: number; baseUrl: string } | undefined,
  lists: readonly CachedList[],
  site: ChosenSite,
  whoKnown: PromiseLike<unknown> = Promise.resolve(),
): { dispose(): void; forget(): Thenable<void>; seeded: Promise<void> } {
  const owner = () => {
    const w = who();
    return w ? cacheOwner(w.userId, w.baseUrl) : undefined;
  };
  let record: FirstPages | undefined;
  let forgotten = false;
  const seeded = Promise.resolve(whoKnown).then(() => {
    const first = owner();
    const stored = first && !forgotten ? readFirstPages(state.get(STORE_KEY), first) : undefined;
    if (!stored) return;
    for (const l of lists) {
      const kept = stored.lists[l.name()];
      if (!kept) continue;
      // A bad item is left out on its own: the rest of the page still shows. A page that cannot be
      // read at all (the checks themselves failed to load) is not shown: the view loads as usual.
      let items: unknown[];
      try {
        items = kept.map((i) => l.read(i)).filter((i) => i !== undefined);
      } catch {
        continue;
      }
      // seed() fills only a list nothing has loaded yet (a sign-in while the session was read loads at once).
      if (items.length > 0) l.list.seed(items, stored.savedAt[l.name()]);
    }
    if (stored.siteName && site.site && !site.info) site.rememberedName = stored.siteName;
    record ??= stored;
  });
  const save = (l: CachedList) => {
    const o = owner();
    if (!o || l.list.state.kind !== 'loaded' || l.list.fromCache || l.list.loadedAt === undefined) return;
    record = withFirstPage(record, o, l.name(), l.list.serviceItems().slice(0, l.pageSize()), l.list.loadedAt);
    if (site.info?.name) record = { ...record, siteName: site.info.name };
    void state.update(STORE_KEY, record);
  };
  const subs = lists.map((l) => {
    let savedAt: number | undefined;
    return l.list.onDidChange(() => {
      if (l.list.loadedAt === savedAt) return; // only when a page was loaded, not on every operation
      savedAt = l.list.loadedAt;
      save(l);
    });
  });
  return {
    dispose: () => subs.forEach((s) => s.dispose()),
    seeded,
    forget: () => {
      forgotten = true;
      record = undefined;
      return state.update(STORE_KEY, undefined);
    },
  };
}
