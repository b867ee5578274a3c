/**
 * Trashed posts and pages of the chosen site, paged with the service's `page_handle`. Restoring is
 * an operation on the list core: the posts leave the list at once and stay gone through any
 * refresh; a refusal brings them back as the service has them. When the answer is lost, or the
 * service says a post is not (or no longer) in the trash, the service is asked what became of it.
 */
import { stripHtml, type ContentSiteClient, type ContentSiteError, type PostV11 } from '../api';
import { asError, outcomeUnknown } from './asError';
import type { RefreshPart } from './batchRefresh';
import type { Effect } from './listCore';
import { postKey as key, SitePostsModel } from './sitePostsModel';

/** What the trash view, the picker and the restore messages read of a post (a full post is ~40 fields). */
export const TRASH_FIELDS = 'ID,title,type,status,modified,author,URL';
/** What a restore's message reads of the restored post. */
export const RESTORED_FIELDS = 'ID,title,type,status,URL';

/** Posts listed in one request by the Restore Post from Trash… picker (the service's maximum). */
export const TRASH_PICKER_MAX = 100;

export interface RestoreFailure {
  id: number;
  title: string;
  error: ContentSiteError;
}

export interface RestoreReport {
  /** Restored by this request, as the service answered (read `status`: often a draft). */
  restored: PostV11[];
  /** No longer in the trash when the service looked (restored meanwhile, here or elsewhere, or deleted). */
  alreadyGone: { id: number; title: string; post?: PostV11 }[];
  /** Still in the trash: the service refused, with its reason. */
  failed: RestoreFailure[];
  /** The answer was lost and the service could not be asked either. */
  unconfirmed: RestoreFailure[];
}

const hide: Effect<PostV11> = () => undefined;

export class TrashModel extends SitePostsModel {
  /** The first page, and the site's info when it is not known yet, in the same batch. */
  override refreshParts(client: ContentSiteClient): RefreshPart[] {
    const parts = this.list.refreshParts(client);
    return parts.length ? [...parts, ...this.options.site.infoParts(client)] : parts;
  }

  protected postsRequest(client: ContentSiteClient, site: string, number: number, handle: string | undefined) {
    return client.posts.trashedRequest(site, { number, type: 'any', page_handle: handle, fields: TRASH_FIELDS });
  }

  /** Up to TRASH_PICKER_MAX trashed posts, fresh from the service (for the palette's picker). */
  async listForPicker(): Promise<PostV11[]> {
    const site = this.site;
    if (!site) return [];
    const client = this.options.client();
    return (await client.run(this.postsRequest(client, site, TRASH_PICKER_MAX, undefined))).posts;
  }

  /** One post through restore-one, several through restore-several: one request either way (ids de-duplicated). */
  async restore(ids: readonly number[]): Promise<RestoreReport> {
    const report: RestoreReport = { restored: [], alreadyGone: [], failed: [], unconfirmed: [] };
    const site = this.site;
    const unique = [...new Set(ids)];
    if (!site || unique.length === 0) return report;
    const titles = new Map(unique.map((id) => [id, stripHtml(this.post(id)?.title ?? '') || `#${id}`]));
    const op = this.list.begin(new Map(unique.map((id) => [key(id), hide])));
    const client = this.options.client();
    const outcomes = await restoreOutcomes(client, site, unique);
    const doubtful = unique.filter((id) => {
      const o = outcomes.get(id)!;
      return !o.ok && worthAsking(o.error);
    });
    const now = doubtful.length > 0 ? await postsNow(client, site, doubtful) : new Map<number, PostV11 | null | undefined>();
    const gone = new Map<string, Effect<PostV11>>();
    for (const id of unique) {
      const o = outcomes.get(id)!;
      const title = titles.get(id)!;
      if (o.ok) {
        report.restored.push(o.post);
        gone.set(key(id), hide);
        continue;
      }
      const current = now.get(id);
      if (current && current.status !== 'trash' && outcomeUnknown(o.error)) {
        // The answer was lost, but the service shows the post out of the trash: this request restored it.
        report.restored.push(current);
        gone.set(key(id), hide);
      } else if (current === null || (current && current.status !== 'trash')) {
        report.alreadyGone.push({ id, title, post: current ?? undefined });
        gone.set(key(id), hide);
      } else if (current === undefined && doubtful.includes(id) && outcomeUnknown(o.error)) {
        report.unconfirmed.push({ id, title, error: o.error });
      } else {
        report.failed.push({ id, title, error: o.error });
      }
    }
    op.confirm(gone);
    for (const post of report.restored) this.options.changes.post(site, post);
    for (const { post } of report.alreadyGone) if (post) this.options.changes.post(site, post);
    return report;
  }

  /** Into the trash, or out of it: the list reads the site again. */
  protected outdatedBy(post: Pick<PostV11, 'ID' | 'status'>): boolean {
    const shown = this.post(post.ID) !== undefined;
    return shown !== (post.status === 'trash');
  }
}

type Outcome = { ok: true; post: PostV11 } | { ok: false; error: ContentSiteError };

async function restoreOutcomes(client: ContentSiteClient, site: string, ids: readonly number[]): Promise<Map<number, Outcome>> {
  try {
    if (ids.length === 1)
      return new Map([[ids[0], { ok: true, post: await client.posts.restore(site, ids[0], { fields: RESTORED_FIELDS }) }]]);
    return await client.posts.restoreMany(site, ids, { fields: RESTORED_FIELDS });
  } catch (err) {
    const error = asError(err);
    return new Map(ids.map((id) => [id, { ok: false, error }]));
  }
}

/** A refusal for lack of rights is final; anything else (lost answer, "not in the trash", "unknown post") is checked. */
function worthAsking(error: ContentSiteError): boolean {
  return outcomeUnknown(error) || (error.kind === 'api' && error.status !== 403);
}

/** Each post as the service has it now (one batch): the post, null when it no longer exists, undefined when unknown. */
async function postsNow(client: ContentSiteClient, site: string, ids: readonly number[]): Promise<Map<number, PostV11 | null | undefined>> {
  const fields = 'ID,title,status,URL,type';
  const answers = await client.together(ids.map((id) => client.posts.getRequest(site, id, { fields }))).catch(() => undefined);
  return new Map(
    ids.map((id, i) => {
      const a = answers?.[i];
      if (!a) return [id, undefined];
      if (a.ok) return [id, a.value as PostV11];
      return [id, a.error.status === 404 ? null : undefined];
    }),
  );
}
