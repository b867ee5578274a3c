/**
 * One status of the chosen site's comments (pending, approved, spam or trash), newest first, paged
 * by offset: a list model that shows only comments in its status, so a comment whose status an
 * action changes leaves it at once (and comes into the list of its new status once the service
 * confirmed it, see CommentsModel).
 */
import { ContentSiteError, mapPrepared, type Comment, type CommentListStatus, type ContentSiteClient } from '../api';
import type { ChosenSite } from './chosenSite';
import { ListModel } from './listModel';

/** The statuses the Comments view shows, in the order of its groups. */
export const COMMENT_GROUPS = ['unapproved', 'approved', 'spam', 'trash'] as const;
export type CommentGroup = (typeof COMMENT_GROUPS)[number] & CommentListStatus;

/** What the rows, their actions and the conversation read of a comment. */
export const COMMENT_FIELDS = 'ID,post,author,date,URL,content,status,parent,type,like_count,i_like,can_moderate';

export const commentKey = (id: number) => String(id);
const newestFirst = (a: Comment, b: Comment) => Date.parse(b.date ?? '') - Date.parse(a.date ?? '') || b.ID - a.ID;

export class CommentQueue extends ListModel<Comment, number> {
  /** How many comments the site has in this status, as the last page said. */
  found: number | undefined;
  /** Comments moved here (confirmed by the service) that sort past the loaded pages, since the last page was read. */
  private readonly past = new Set<number>();

  constructor(
    readonly status: CommentGroup,
    private readonly options: { client: () => ContentSiteClient; pageSize: () => number; site: ChosenSite },
  ) {
    super(options.client);
  }

  get site(): string | undefined {
    return this.options.site.site;
  }

  /**
   * How many comments of this status lie past the loaded pages: what the last page read left
   * unloaded (the service's count less the offset of the next page), and those moved here since
   * that sort there. The rows shown and these make the status's count.
   */
  get unloaded(): number {
    const next = this.list.next;
    const rest = next === undefined || this.found === undefined ? 0 : Math.max(0, this.found - next);
    return rest + this.past.size;
  }

  /** A comment moved here that the list did not take (it sorts past the loaded pages): counted until a page is read again. */
  joined(id: number): void {
    this.past.add(id);
  }

  protected keyOf(comment: Comment): string {
    return commentKey(comment.ID);
  }

  protected override compare(a: Comment, b: Comment): number {
    return newestFirst(a, b);
  }

  protected override isShown(comment: Comment): boolean {
    return comment.status === this.status;
  }

  protected pageRequest(client: ContentSiteClient, offset: number | undefined) {
    const site = this.site;
    if (!site) return undefined;
    const number = this.options.pageSize();
    const request = client.comments.listRequest(site, { status: this.status, number, offset, fields: COMMENT_FIELDS });
    const from = offset ?? 0;
    return mapPrepared(request, (page) => {
      this.found = page.found;
      this.past.clear();
      // The offset counts the comments left out unread too: else the next page would start inside this one.
      const held = page.comments.length + page.unreadable;
      const next = from + held;
      return { items: page.comments, next: held > 0 && next < page.found ? next : undefined, unreadable: page.unreadable };
    });
  }

  protected override async fetchItems(client: ContentSiteClient, keys: readonly string[]): Promise<Comment[]> {
    const site = this.site;
    if (!site) return [];
    // Only the service's 404 says a comment is gone (deleted for good); any other failure means it could not be asked.
    const got = await Promise.all(
      keys.map((k) =>
        client.comments.get(site, Number(k), { fields: COMMENT_FIELDS }).catch((err: unknown) => {
          if (err instanceof ContentSiteError && err.status === 404) return undefined;
          throw err;
        }),
      ),
    );
    return got.filter((c): c is Comment => c !== undefined);
  }
}
