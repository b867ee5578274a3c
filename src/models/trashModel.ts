/**
 * Trashed posts and pages of the chosen site, paged with the service's `page_handle`. Restoring
 * removes what the service restored and leaves the rest, so the list stays as the server has it.
 */
import { mapPrepared, type ContentSiteClient, type ContentSiteError, type PostV11, type Prepared, type Site } from '../api';
import type { RefreshPart } from './batchRefresh';
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
    const client = this.options.client();
    const [page, info] = await Promise.all([
      client.run(this.pageRequest(client, site, handle)),
      handle === undefined && !this._siteInfo ? client.sites.get(site).catch(() => undefined) : Promise.resolve(undefined),
    ]);
    if (info && site === this._site) this._siteInfo = info;
    return page;
  }

  protected firstPageRequest(client: ContentSiteClient): Prepared<Page<PostV11, string>> | undefined {
    return this._site ? this.pageRequest(client, this._site, undefined) : undefined;
  }

  /** The first page, and the site's info when it is not known yet, in the same batch. */
  override refreshParts(client: ContentSiteClient): RefreshPart[] {
    const parts = super.refreshParts(client);
    const site = this._site;
    if (site && !this._siteInfo) {
      parts.push({
        request: client.sites.getRequest(site),
        deliver: (info) =>
          (info as Promise<Site>).then(
            (value) => {
              if (site === this._site) this._siteInfo = value;
            },
            () => undefined,
          ),
      });
    }
    return parts;
  }

  private pageRequest(client: ContentSiteClient, site: string, handle: string | undefined): Prepared<Page<PostV11, string>> {
    return mapPrepared(client.posts.trashedRequest(site, { number: this.options.pageSize(), type: 'any', page_handle: handle }), (p) => ({ items: p.posts, next: p.nextPage }));
  }


  protected keyOf(post: PostV11): string {
    return String(post.ID);
  }
}
