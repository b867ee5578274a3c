/** The base of a feature around a list: what every list feature does with its model and view. */
import * as vscode from 'vscode';
import type { Watched } from '../auth/signOutOnUnauthorized';
import { signOutOnUnauthorized } from '../auth/signOutOnUnauthorized';
import type { ChosenSite } from '../models/chosenSite';
import type { CachedList } from '../views/common/firstPaint';
import type { ListView } from '../views/common/lists';
import type { LoaderOptions } from '../views/common/viewLoader';
import { Disposable, type Disposal } from '../models/disposable';
import { signedIn } from '../auth';
import type { Shared } from '../services/shared';

/** What a list feature makes. */
export interface ListParts<M, P> {
  /** The list's Refresh and Load more commands (its group in COMMANDS), each registered here. */
  commands: { readonly refresh: string; readonly loadMore: string };
  model: M;
  /** The model's view, loading as `loader` says. */
  provider(model: M, loader: LoaderOptions): P;
  /** When the list may load besides being signed in (a site chosen). */
  gate?: () => boolean;
  /** The models whose auth failure means the service no longer accepts the sign-in. */
  watched(model: M): readonly Watched[];
  /** The pages kept for the next start's first paint. */
  pages(model: M): readonly CachedList[];
}

export type ListFeatureDeps = Pick<Shared, 'auth' | 'coordinator' | 'lists' | 'firstPaint'>;

/**
 * Owns the list's model and view; the view loads while signed in, in one batch with the others,
 * and joins the other lists (Refresh All, Retry, a new session or API address); its first pages are
 * kept for the next start; an auth failure of its models signs out; its Refresh and Load more
 * commands reload it and load its next page. The subclass adds its other commands.
 */
export abstract class ListFeature<
  M extends Disposal,
  P extends ListView & Disposal & { loadMore(row?: unknown): Promise<void> },
> extends Disposable {
  readonly model: M;
  readonly provider: P;

  constructor({ auth, coordinator, lists, firstPaint }: ListFeatureDeps, parts: ListParts<M, P>) {
    super();
    const isSignedIn = signedIn(auth);
    const gate = parts.gate ?? (() => true);
    this.model = this.register(parts.model);
    this.provider = this.register(parts.provider(this.model, { gate: () => isSignedIn() && gate(), coordinator }));
    this.register(lists.add(this.provider));
    const provider = this.provider;
    this.register(vscode.commands.registerCommand(parts.commands.refresh, () => provider.reload()));
    // A Load more row of a list under a row (a tag's posts) gives that row.
    this.register(vscode.commands.registerCommand(parts.commands.loadMore, (row?: unknown) => provider.loadMore(row)));
    for (const page of parts.pages(this.model)) this.register(firstPaint.add(page));
    this.registerAll(signOutOnUnauthorized(auth, parts.watched(this.model)));
  }

  /** Another site chosen: the list shows that site's, from its first page. */
  protected followSite(site: ChosenSite): void {
    let shown = site.site;
    this.register(
      site.onDidChange(() => {
        if (site.site === shown) return;
        shown = site.site;
        this.provider.reset();
        this.provider.ensureLoaded();
      }),
    );
  }
}

/** The names of the list features among `F`'s. */
type ListNames<F> = {
  [K in keyof F]: F[K] extends ListFeature<Disposal, ListView & Disposal & { loadMore(): Promise<void> }> ? K : never;
}[keyof F];

/** The models and views of the list features among `features`, under the features' names. */
export interface ListsOf<F> {
  models: { [K in ListNames<F>]: F[K] extends { readonly model: infer M } ? M : never };
  views: { [K in ListNames<F>]: F[K] extends { readonly provider: infer P } ? P : never };
}

/** The list features' models and views by name, for the in-host tests (extension.ts's answer to activate). */
export function listsOf<F extends object>(features: F): ListsOf<F> {
  const models: Record<string, unknown> = {};
  const views: Record<string, unknown> = {};
  for (const [name, feature] of Object.entries(features)) {
    if (!(feature instanceof ListFeature)) continue;
    models[name] = feature.model;
    views[name] = feature.provider;
  }
  return { models, views } as ListsOf<F>;
}
