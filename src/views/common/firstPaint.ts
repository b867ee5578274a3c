import type * as vscode from 'vscode';
import type { ChosenSite } from '../../models/chosenSite';
import { cacheOwner, readFirstPages, withFirstPage, type FirstPages } from '../../models/firstPageCache';
import type { ListCore } from '../../models/listCore';
import { STORAGE_KEYS } from '../../ids';
import { loadSchemas } from '../../api/schemasLoad';

const STORE_KEY = STORAGE_KEYS.firstPages;

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
 * page loaded afresh is kept again; `forget` (signing out) forgets them all. Each list's feature
 * adds its pages (`add`). The pages are put in the lists once `whoKnown` resolves (the stored
 * session is read without holding activation up); `seeded` resolves right after, so loading can
 * start from there. A list added later is painted from what was read then.
 */
export class FirstPaint {
  readonly seeded: Promise<void>;
  /** Each list added, with its subscription. */
  private readonly lists = new Map<CachedList, { dispose(): void }>();
  private record: FirstPages | undefined;
  /** What was read at start (none for no session, another owner, or once forgotten). */
  private stored: FirstPages | undefined;
  private forgotten = false;

  constructor(
    private readonly state: vscode.Memento,
    private readonly who: () => { userId: number; baseUrl: string } | undefined,
    private readonly site: ChosenSite,
    whoKnown: PromiseLike<unknown> = Promise.resolve(),
  ) {
    this.seeded = Promise.resolve(whoKnown).then(async () => {
      const first = this.owner();
      const stored = first && !this.forgotten ? readFirstPages(state.get(STORE_KEY), first) : undefined;
      // Each kept item is read through the client's schemas (cachedItem): loaded before anything is
      // painted. Schemas that cannot be loaded leave the lists to their first load.
      if (
        !stored ||
        !(await loadSchemas().then(
          () => true,
          () => false,
        )) ||
        this.forgotten
      )
        return;
      this.stored = stored;
      for (const l of this.lists.keys()) this.paint(l);
      if (this.stored.siteName && site.site && !site.info) site.rememberedName = this.stored.siteName;
      this.record ??= this.stored;
    });
  }

  /** Paints the list from the kept page once the session is known, and keeps each page it loads. */
  add(l: CachedList): { dispose(): void } {
    if (this.stored) this.paint(l);
    let savedAt: number | undefined;
    const sub = l.list.onDidChange(() => {
      if (l.list.loadedAt === savedAt) return; // only when a page was loaded, not on every operation
      savedAt = l.list.loadedAt;
      this.save(l);
    });
    this.lists.set(l, sub);
    return {
      dispose: () => {
        sub.dispose();
        this.lists.delete(l);
      },
    };
  }

  /** Signed out: nothing is painted from, or kept for, the last session. */
  forget(): Thenable<void> {
    this.forgotten = true;
    this.record = undefined;
    this.stored = undefined;
    return this.state.update(STORE_KEY, undefined);
  }

  dispose(): void {
    for (const sub of this.lists.values()) sub.dispose();
    this.lists.clear();
  }

  private owner(): string | undefined {
    const w = this.who();
    return w ? cacheOwner(w.userId, w.baseUrl) : undefined;
  }

  private paint(l: CachedList): void {
    const stored = this.stored;
    const kept = stored?.lists[l.name()];
    if (!stored || !kept) return;
    // A bad item is left out on its own: the rest of the page still shows. A page that cannot be
    // read at all (the checks themselves failed to load) is not shown: the view loads as usual.
    let items: unknown[];
    try {
      items = kept.map((i) => l.read(i)).filter((i) => i !== undefined);
    } catch {
      return;
    }
    // seed() fills only a list nothing has loaded yet (a sign-in while the session was read loads at once).
    if (items.length > 0) l.list.seed(items, stored.savedAt[l.name()]);
  }

  private save(l: CachedList): void {
    const o = this.owner();
    if (!o || l.list.state.kind !== 'loaded' || l.list.fromCache || l.list.loadedAt === undefined) return;
    this.record = withFirstPage(this.record, o, l.name(), l.list.serviceItems().slice(0, l.pageSize()), l.list.loadedAt);
    if (this.site.info?.name) this.record = { ...this.record, siteName: this.site.info.name };
    void this.state.update(STORE_KEY, this.record);
  }
}
