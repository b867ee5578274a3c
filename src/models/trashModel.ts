/**
 * Trashed posts and pages of the chosen site, paged with the service's `page_handle`. Restoring
 * removes what the service restored and leaves the rest, so the list stays as the server has it.
 */
import type { ContentSiteClient, ContentSiteError, PostV11, Site } from '../api';
import { PagedList, type Page } from './pagedList';
import { asError } from './notificationsModel';

export interface RestoreReport {
  restored: PostV11[];
  failed: { id: number; title: string; error: ContentSiteError }[];
}

export class TrashModel extends PagedList<PostV11, string> {
  private _site: string | undefined;
  private _siteInfo: Site | undefined;

  constructor(private readonly options: { client: () => ContentSiteClient; pageSize: () => number }) {
    super();
  }

  get site(): string | undefined {
    return this._site;
  }
  get siteInfo(): Site | undefined {
    return this._siteInfo;
  }

  /** Switches site (an ID or a domain) without loading; info is what `sites/$site` said, if known. */
  setSite(site: string | undefined, info?: Site): void {
    if (site === this._site && info === undefined) return;
    this._site = site;
    this._siteInfo = info;
    this.clear();
  }

  post(id: number): PostV11 | undefined {
    return this.items.find((p) => p.ID === id);
  }

  /** One post through restore-one, several through restore-several: one request either way. */
  async restore(ids: readonly number[]): Promise<RestoreReport> {
    const site = this._site;
    if (!site || ids.length === 0) return { restored: [], failed: [] };
    const client = this.options.client();
    const report: RestoreReport = { restored: [], failed: [] };
    const title = (id: number) => this.post(id)?.title || `#${id}`;
    if (ids.length === 1) {
      try {
        report.restored.push(await client.posts.restore(site, ids[0]));
      } catch (err) {
        report.failed.push({ id: ids[0], title: title(ids[0]), error: asError(err) });
      }
    } else {
      const outcomes = await client.posts.restoreMany(site, ids);
      for (const [id, outcome] of outcomes) {
        if (outcome.ok) report.restored.push(outcome.post);
        else report.failed.push({ id, title: title(id), error: outcome.error });
      }
    }
    this.remove(report.restored.map((p) => String(p.ID)));
    return report;
  }

  protected async fetchPage(handle: string | undefined): Promise<Page<PostV11, string>> {
    const site = this._site;
    if (!site) return { items: [], next: undefined };
    const [page, info] = await Promise.all([
      this.options.client().posts.trashed(site, { number: this.options.pageSize(), type: 'any', page_handle: handle }),
      handle === undefined && !this._siteInfo ? this.options.client().sites.get(site).catch(() => undefined) : Promise.resolve(undefined),
    ]);
    if (info) this._siteInfo = info;
    return { items: page.posts, next: page.nextPage };
  }

  protected keyOf(post: PostV11): string {
    return String(post.ID);
  }
}
