/**
 * A Reader post's conversation, as its page in the detail view shows it (reader.md): the post's
 * comments oldest first, each followed by its replies (`hierarchical`), a page of 20 at a time;
 * liking a comment (shown at once, rolled back with the service's reason), replying to one (the
 * reply shows under it at once), and a comment on the post made elsewhere (`add`). What it asks the
 * service is here, never in the view. No vscode here.
 */
import type { Comment, ContentSiteClient } from '../api';
import { asError, outcomeUnknown, unknownBecause } from './asError';
import { Emitter } from './emitter';

/** Comments asked for per page (the apps' number). */
export const CONVERSATION_PAGE = 20;

/** A comment as the page shows it: how deep it sits in its thread, and whether a like of it is on its way. */
export interface ThreadedComment {
  comment: Comment;
  depth: number;
  liking: boolean;
}

const parentOf = (c: Comment): number | undefined => (c.parent ? Number(c.parent.ID) : undefined);

export class ReaderConversation {
  private readonly items: Comment[] = [];
  /** Comments added here while pages are still to load: they stay last until their page brings them. */
  private readonly added = new Set<number>();
  private readonly liking = new Set<number>();
  private readonly changes = new Emitter<void>();
  private nextPage: number | undefined = 1;
  private loadingPage: Promise<void> | undefined;
  /** The comments the service counts for the post (its `found`), once a page answered. */
  found: number | undefined;
  /** Why the last page did not load ('' when it did). */
  error = '';

  readonly onDidChange = (listener: () => void): { dispose(): void } => this.changes.event(listener);

  constructor(
    private readonly client: () => ContentSiteClient,
    readonly site: number,
    readonly post: number,
    private readonly pageSize = CONVERSATION_PAGE,
  ) {}

  /** The comments in thread order (each followed by its replies), with their depth. */
  get comments(): ThreadedComment[] {
    const depth = new Map<number, number>();
    return this.items.map((comment) => {
      const parent = parentOf(comment);
      const d = parent !== undefined && depth.has(parent) ? depth.get(parent)! + 1 : 0;
      depth.set(Number(comment.ID), d);
      return { comment, depth: d, liking: this.liking.has(Number(comment.ID)) };
    });
  }

  get(id: number): Comment | undefined {
    return this.items.find((c) => Number(c.ID) === id);
  }

  /** Whether a page is still to load (none asked yet counts as one). */
  get hasMore(): boolean {
    return this.nextPage !== undefined;
  }

  get loading(): boolean {
    return this.loadingPage !== undefined;
  }

  /** Loads the next page (the first, the first time); a call while one loads waits for it. Failures are kept in `error`. */
  loadMore(): Promise<void> {
    return (this.loadingPage ??= this.load().finally(() => {
      this.loadingPage = undefined;
      this.changes.fire();
    }));
  }

  private async load(): Promise<void> {
    const page = this.nextPage;
    if (page === undefined) return;
    this.error = '';
    this.changes.fire();
    try {
      const r = await this.client().comments.replies(this.site, this.post, {
        order: 'ASC',
        hierarchical: true,
        number: this.pageSize,
        page,
      });
      this.found = r.found;
      this.merge(r.comments);
      // A comment left out unread still filled the page: the page after it may hold more.
      this.nextPage = r.comments.length + r.unreadable >= this.pageSize && page * this.pageSize < r.found ? page + 1 : undefined;
    } catch (err) {
      this.error = asError(err).userMessage;
    }
  }

  /**
   * A page's comments after those held, in its order, before the comments added here since (a
   * reply added here moved the service's page cut: what a page repeats is dropped).
   */
  private merge(page: readonly Comment[]): void {
    const tailAt = this.items.findIndex((c) => this.added.has(Number(c.ID)));
    const head = tailAt < 0 ? this.items.length : tailAt;
    const fresh: Comment[] = [];
    for (const c of page) {
      const id = Number(c.ID);
      if (this.added.delete(id)) {
        this.items.splice(
          this.items.findIndex((x) => Number(x.ID) === id),
          1,
        );
      } else if (this.get(id)) continue;
      fresh.push(c);
    }
    this.items.splice(Math.min(head, this.items.length), 0, ...fresh);
  }

  /** A new comment (on the post, or a reply), placed at once: a reply after its parent's last reply, a comment last. */
  add(comment: Comment): void {
    const id = Number(comment.ID);
    if (this.get(id)) return;
    const parent = parentOf(comment);
    const at = parent === undefined ? -1 : this.items.findIndex((c) => Number(c.ID) === parent);
    if (at < 0) {
      this.items.push(comment);
      if (this.hasMore) this.added.add(id);
    } else {
      this.items.splice(this.subtreeEnd(at), 0, comment);
    }
    if (this.found !== undefined && comment.status === 'approved') this.found += 1;
    this.changes.fire();
  }

  /** The index just past the comment at `at` and every reply under it. */
  private subtreeEnd(at: number): number {
    const inside = new Set([Number(this.items[at].ID)]);
    let i = at + 1;
    for (; i < this.items.length; i++) {
      const parent = parentOf(this.items[i]);
      if (parent === undefined || !inside.has(parent)) break;
      inside.add(Number(this.items[i].ID));
    }
    return i;
  }

  /** Replies to a comment of the conversation; the reply shows under it. Rejects with the service's ContentSiteError. */
  async reply(commentId: number, text: string): Promise<Comment> {
    if (!this.get(commentId)) throw new Error(`Comment ${commentId} is not in this conversation.`);
    const comment = await this.client().comments.reply(this.site, commentId, text);
    // The answer names the parent; an answer that does not is still the reply to this comment.
    this.add(comment.parent ? comment : { ...comment, parent: { ID: commentId } });
    return comment;
  }

  /**
   * Likes or unlikes a comment: shown at once, then as the service answered. A refusal puts it
   * back and rejects with the service's reason; an answer that was lost is settled by reading the
   * comment again. One like at a time per comment.
   */
  async like(commentId: number, on: boolean): Promise<void> {
    const before = this.get(commentId);
    if (!before) throw new Error(`Comment ${commentId} is not in this conversation.`);
    if (this.liking.has(commentId)) throw new Error('A like of this comment is still on its way: wait for its answer.');
    if ((before.i_like === true) === on) return;
    this.liking.add(commentId);
    this.replace(commentId, { i_like: on, like_count: Math.max(0, (before.like_count ?? 0) + (on ? 1 : -1)) });
    const api = this.client().comments;
    try {
      const r = on ? await api.like(this.site, commentId) : await api.unlike(this.site, commentId);
      this.replace(commentId, { i_like: r.i_like, like_count: r.like_count });
    } catch (err) {
      const e = asError(err);
      if (outcomeUnknown(e)) {
        const now = await api.get(this.site, commentId).catch(() => undefined);
        if (now) {
          this.replace(commentId, { i_like: now.i_like, like_count: now.like_count });
          if ((now.i_like === true) === on) return;
          throw e.reworded(`The comment was not ${on ? 'liked' : 'unliked'}: ${unknownBecause(e)}, and it is as before.`);
        }
        this.replace(commentId, { i_like: before.i_like, like_count: before.like_count });
        throw e.reworded(`Whether the comment was ${on ? 'liked' : 'unliked'} is not known: ${unknownBecause(e)}.`);
      }
      this.replace(commentId, { i_like: before.i_like, like_count: before.like_count });
      throw e;
    } finally {
      this.liking.delete(commentId);
      this.changes.fire();
    }
  }

  private replace(id: number, patch: Partial<Comment>): void {
    const at = this.items.findIndex((c) => Number(c.ID) === id);
    if (at < 0) return;
    this.items[at] = { ...this.items[at], ...patch };
    this.changes.fire();
  }

  dispose(): void {
    this.changes.dispose();
  }
}
