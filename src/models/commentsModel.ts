/**
 * The chosen site's comments for the Comments view: one CommentQueue per status (Pending, Approved,
 * Spam, Trash), loaded in one batch, and what the user does to them, with the note actions' own
 * catalog entries (their statuses and what confirms them):
 * - a move (approve, unapprove, restore, not spam) takes the comment out of its queue at once and,
 *   once the service answered, into the queue of its new status;
 * - like shows at once and the answer confirms it;
 * - spam and trash hide the comments at once and wait out the undo window (UndoRemovals);
 * - delete for good (from Trash or Spam) is sent at once: the caller asked first.
 * A lost answer is settled by asking the service for the comment (never guessed). What the service
 * confirmed is told to SiteChanges, so the notes that show the comment follow; what another view
 * confirmed (a note's approve) moves the comment here. No vscode here.
 */
import { ContentSiteError, type Comment, type CommentStatus, type ContentSiteClient } from '../api';
import { actOnEach } from './actOnEach';
import { unknownBecause } from './asError';
import type { RefreshPart } from './batchRefresh';
import { refreshTogether } from './batchRefresh';
import type { ChosenSite } from './chosenSite';
import { COMMENT_FIELDS, COMMENT_GROUPS, CommentQueue, commentKey as key, type CommentGroup } from './commentQueue';
import { Emitter } from './emitter';
import type { Effect, OperationOutcome } from './listCore';
import { IDLE, type LoadState } from './loadState';
import { COMMENT_ACTIONS, offers } from './commentActionCatalog';
import type { CommentChange, SiteChanges } from './siteChanges';
import { realTimers, type Timers } from './timers';
import { UndoRemovals, type PendingRemoval, type UndoResult } from './undoRemovals';
import { SETTINGS } from '../settings';

/** An action of the Comments view: an id of its catalog (commentActionCatalog.ts). */
export type CommentActionId = string;

export interface CommentReport {
  action: CommentActionId;
  on: boolean;
  acted: number[];
  failed: number[];
  error?: ContentSiteError;
}

export type CommentRemoval = PendingRemoval<CommentReport>;
export type { UndoResult };

export interface CommentsModelOptions {
  client: () => ContentSiteClient;
  site: ChosenSite;
  pageSize: () => number;
  changes: SiteChanges;
  undoMs?: () => number;
  timers?: Timers;
}

const hide: Effect<Comment> = () => undefined;

export class CommentsModel {
  readonly queues: ReadonlyMap<CommentGroup, CommentQueue>;
  private readonly removals: UndoRemovals<CommentReport>;
  private readonly changed = new Emitter<void>();
  /** Any queue changed (rows), or a removal started or ended its window. */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: Array<{ dispose(): void }> = [];
  /** The comments hidden in an undo window (or being sent after it), with the queue that shows them otherwise. */
  private readonly waiting = new Map<number, { queue: CommentQueue; comment: Comment }>();

  constructor(private readonly o: CommentsModelOptions) {
    this.queues = new Map(COMMENT_GROUPS.map((g) => [g, new CommentQueue(g, { client: o.client, pageSize: o.pageSize, site: o.site })]));
    this.removals = new UndoRemovals(o.timers ?? realTimers, () => o.undoMs?.() ?? SETTINGS.undoSeconds.default * 1000);
    for (const q of this.queues.values()) this.subscriptions.push(q.onDidChange(() => this.changed.fire()));
    this.subscriptions.push(this.removals.onDidChange(() => this.changed.fire()));
    this.subscriptions.push(o.changes.onComment((c) => this.follow(c)));
  }

  queue(group: CommentGroup): CommentQueue {
    return this.queues.get(group)!;
  }

  get site(): string | undefined {
    return this.o.site.site;
  }

  /** The view's state: the Approved queue's (every user may read it); the others show their own failures in their groups. */
  get state(): LoadState {
    return this.site ? this.queue('approved').state : IDLE;
  }

  /** Whether the user may not see the moderation queues (the service refused Pending with 403): its reason. */
  get refusal(): ContentSiteError | undefined {
    const s = this.queue('unapproved').state;
    return s.kind === 'error' && s.error.status === 403 ? s.error : undefined;
  }

  /** How many comments the service sent, in every queue, that could not be read (left out; the log names each). */
  get unreadable(): number {
    return COMMENT_GROUPS.reduce((sum, g) => sum + this.queue(g).unreadable, 0);
  }

  /** How many comments wait for moderation (the view's badge): Pending's count. */
  get pendingCount(): number | undefined {
    return this.count('unapproved');
  }

  /**
   * How many comments the site has in a status, as the user sees it now: the rows shown (what the
   * service sent with the user's operations over it: a comment moved, removed or in an undo window
   * has left, one the service moved here has joined) and those past the loaded pages (see
   * CommentQueue.unloaded). Undefined until the queue loaded.
   */
  count(group: CommentGroup): number | undefined {
    const q = this.queue(group);
    if (q.state.kind === 'idle' || q.found === undefined) return undefined;
    return q.items.length + q.unloaded;
  }

  /** The comment as shown, in whichever queue holds it. */
  get(id: number): Comment | undefined {
    for (const q of this.queues.values()) {
      const c = q.list.get(key(id));
      if (c && q.items.includes(c)) return c;
    }
    return undefined;
  }

  /** The removals still in their window, newest last. */
  get pending(): readonly CommentRemoval[] {
    return this.removals.pending;
  }

  /** Every queue's first page, and the site's info when it is not known yet (a note names the site by ID), in one batch. */
  refreshParts(client: ContentSiteClient): RefreshPart[] {
    const parts = [...this.queues.values()].flatMap((q) => q.refreshParts(client));
    return parts.length ? [...parts, ...this.o.site.infoParts(client)] : parts;
  }
  refresh(): Promise<void> {
    return refreshTogether(this.o.client(), [this]);
  }
  refused(err: unknown): void {
    for (const q of this.queues.values()) q.refused(err);
  }
  /** The next page of every queue that has one (the view's Load more names its queue: `loadMoreOf`). */
  async loadMore(): Promise<void> {
    await Promise.all([...this.queues.values()].filter((q) => q.hasMore).map((q) => q.loadMore()));
  }
  loadMoreOf(group: CommentGroup): Promise<void> {
    return this.queue(group).loadMore();
  }
  clear(): void {
    for (const q of this.queues.values()) q.clear();
  }

  /** The ids among `ids` that `action` applies to as the comments are shown (a moderation needs can_moderate). */
  offering(ids: readonly number[], action: CommentActionId, on?: boolean): number[] {
    return [...new Set(ids)].filter((id) => {
      const c = this.get(id);
      return c !== undefined && offers(c, action, on);
    });
  }

  /** Whether a toggle is on for the comment (approved, liked). */
  valueOf(id: number, action: CommentActionId): boolean | undefined {
    const c = this.get(id);
    return c && COMMENT_ACTIONS.entry(action).value?.(c);
  }

  /**
   * Approve (or unapprove: `on` false) or like (unlike); `on` defaults to the opposite of the first
   * comment's state. Comments already that way are left alone. Never rejects.
   */
  async toggle(ids: readonly number[], action: CommentActionId, on?: boolean): Promise<CommentReport> {
    const targets = this.offering(ids, action, on);
    const want = on ?? !(targets.length ? this.valueOf(targets[0], action) === true : false);
    const report: CommentReport = { action, on: want, acted: [], failed: [] };
    const todo = targets.filter((id) => this.valueOf(id, action) !== want);
    const e = COMMENT_ACTIONS.entry(action);
    const moveTo = e.status;
    if (moveTo) {
      await this.each(todo, report, (id) => {
        const status = moveTo(this.get(id)!, want) as CommentStatus;
        return this.move(id, status, (site, c) => this.o.client().comments.setStatus(site, c.ID, status));
      });
    } else await this.each(todo, report, (id) => this.like(id, want));
    return report;
  }

  /** Restore from Trash (to Pending) or Spam (approved), at once. */
  async restore(ids: readonly number[]): Promise<CommentReport> {
    const report: CommentReport = { action: 'restore', on: true, acted: [], failed: [] };
    await this.each(this.offering(ids, 'restore'), report, (id) => {
      const status = COMMENT_ACTIONS.entry('restore').status!(this.get(id)!, true) as CommentStatus;
      return this.move(id, status, (site, c) => this.o.client().comments.setStatus(site, c.ID, status));
    });
    return report;
  }

  /** An action sent at once (kind `act`): a move to the entry's status (restore), else delete for good. */
  act(ids: readonly number[], action: CommentActionId): Promise<CommentReport> {
    return COMMENT_ACTIONS.entry(action).status ? this.restore(ids) : this.deleteForGood(ids);
  }

  /** Delete for good (comments in Trash or Spam): sent at once; the caller confirmed with the user. */
  async deleteForGood(ids: readonly number[]): Promise<CommentReport> {
    const report: CommentReport = { action: 'delete', on: true, acted: [], failed: [] };
    await this.each(this.offering(ids, 'delete'), report, (id) => {
      const { queue, comment } = this.holder(id)!;
      const site = this.site!;
      return queue.list.perform(
        new Map([[key(id), hide]]),
        () => this.o.client().comments.trash(site, comment.ID),
        (answer) => (answer.status === 'deleted' ? new Map([[key(id), hide]]) : undefined),
      );
    });
    return report;
  }

  /** Spam or trash: hidden at once, sent when the undo window ends. Undefined when none applies. */
  remove(ids: readonly number[], action: CommentActionId): CommentRemoval | undefined {
    const targets = this.offering(ids, action);
    if (targets.length === 0) return undefined;
    const status = COMMENT_ACTIONS.entry(action).status!(this.get(targets[0])!, true);
    const site = this.site!;
    const held = targets.map((id) => ({ id, ...this.holder(id)! }));
    const ops = new Map(held.map((h) => [h.id, h.queue.list.begin(new Map([[key(h.id), hide]]))]));
    for (const h of held) this.waiting.set(h.id, h);
    const report: CommentReport = { action, on: true, acted: [], failed: [] };
    return this.removals.start(action, targets, {
      report,
      undo: () => {
        for (const id of targets) this.waiting.delete(id);
        for (const op of ops.values()) op.fail();
      },
      send: () =>
        this.each(targets, report, async (id) => {
          const h = held.find((x) => x.id === id)!;
          const client = this.o.client();
          const outcome = await h.queue.list
            .settle(
              ops.get(id)!,
              () => (action === 'trash' ? client.comments.trash(site, id) : client.comments.setStatus(site, id, 'spam')),
              (answer) => (answer.status === status ? new Map([[key(id), hide]]) : undefined),
            )
            .finally(() => this.waiting.delete(id));
          this.arrived(outcome, id, site);
          return outcome;
        }),
    });
  }

  undo(id?: number): UndoResult | undefined {
    return this.removals.undo(id);
  }
  flush(): Promise<void> {
    return this.removals.flush();
  }

  /** Edits the comment's text; rejects with the service's refusal. The queue shows the answer. */
  async edit(id: number, content: string): Promise<Comment> {
    const site = this.requireSite();
    const { queue } = this.holder(id) ?? {};
    const take = queue?.list.beginFetch();
    let answer: Comment[] = [];
    try {
      const c = await this.o.client().comments.edit(site, id, { content });
      answer = [c];
      return c;
    } finally {
      take?.(answer);
    }
  }

  /** The comment's text as its author wrote it (context=edit), for editing. */
  async rawContent(id: number): Promise<string> {
    const client = this.o.client();
    const c = await client.run(client.comments.textRequest(this.requireSite(), id));
    return c.raw_content ?? c.content;
  }

  /** The comment as the service has it now, the comment it answers, and its (approved) replies, oldest first. */
  async conversation(id: number): Promise<{ comment: Comment; parent?: Comment; replies: Comment[] }> {
    const site = this.requireSite();
    const client = this.o.client();
    const comment = await client.comments.get(site, id, { fields: COMMENT_FIELDS });
    const parentId = comment.parent ? comment.parent.ID : undefined;
    const [parent, page] = await Promise.all([
      parentId ? client.comments.get(site, parentId, { fields: COMMENT_FIELDS }).catch(() => undefined) : undefined,
      client.comments.replies(site, comment.post.ID, { number: 100, order: 'ASC', fields: COMMENT_FIELDS }),
    ]);
    return { comment, parent, replies: page.comments.filter((c) => c.parent !== false && c.parent.ID === id) };
  }

  /** Replies to the comment; the reply (approved, from a moderator) comes into Approved. */
  async reply(id: number, content: string): Promise<Comment> {
    const site = this.requireSite();
    const reply = await this.o.client().comments.reply(site, id, content);
    this.place(reply);
    return reply;
  }

  dispose(): void {
    this.removals.dispose();
    for (const s of this.subscriptions.splice(0)) s.dispose();
    for (const q of this.queues.values()) q.dispose();
    this.changed.dispose();
  }

  /**
   * A comment changed elsewhere (a note's approve, spam or trash, a new comment's note): it leaves
   * its queue and joins its new status's; a comment the queues do not hold (a new one) brings the
   * first page of its status again.
   */
  private follow(change: CommentChange): void {
    if (change.from === this || !this.isChosen(change)) return;
    const held = this.holder(change.id);
    if (held) {
      if (held.comment.status === change.status) return;
      const moved = { ...held.comment, status: change.status };
      held.queue.list.beginFetch()([moved]);
      this.place(moved);
    } else {
      const q = this.queues.get(change.status as CommentGroup);
      if (q?.state.kind === 'loaded') void q.refresh();
    }
  }

  private isChosen(change: CommentChange): boolean {
    return (
      (change.site !== undefined && change.site === this.site) || (change.siteId !== undefined && change.siteId === this.o.site.info?.ID)
    );
  }

  /** Puts a comment the service answered into the queue of its status (when it sorts within what is loaded). */
  private place(comment: Comment): void {
    const q = this.queues.get(comment.status as CommentGroup);
    if (!q || q.state.kind !== 'loaded') return;
    const held = q.list.serviceItems().some((c) => c.ID === comment.ID);
    const added = q.list.beginFetch({ add: () => true })([comment]);
    // Past the loaded pages: not a row, but counted in the status until a page is read again.
    if (!held && added.length === 0) q.joined(comment.ID);
    this.changed.fire();
  }

  private async move(
    id: number,
    status: string,
    send: (site: string, c: Comment) => Promise<Comment>,
  ): Promise<OperationOutcome<Comment, Comment>> {
    const { queue, comment } = this.holder(id)!;
    const site = this.site!;
    const moved: Effect<Comment> = (c) => ({ ...c, status });
    const outcome = await queue.list.perform(
      new Map([[key(id), moved]]),
      () => send(site, comment),
      (answer) => (answer.status === status ? new Map([[key(id), moved]]) : undefined),
    );
    this.arrived(outcome, id, site);
    return outcome;
  }

  /** After a move, spam or trash: the comment in its new queue, and the other views told. */
  private arrived(outcome: OperationOutcome<Comment, Comment>, id: number, site: string): void {
    const now = outcome.kind === 'done' ? outcome.result : outcome.kind === 'unknown' ? outcome.now?.get(key(id)) : undefined;
    if (!now) return;
    this.place(now);
    this.o.changes.comment({ site, siteId: this.o.site.info?.ID, id, status: now.status, from: this });
  }

  private async like(id: number, on: boolean): Promise<OperationOutcome<Comment, boolean>> {
    const { queue, comment } = this.holder(id)!;
    const site = this.site!;
    const liked: Effect<Comment> = (c) => ({ ...c, i_like: on, like_count: Math.max(0, (c.like_count ?? 0) + (on ? 1 : -1)) });
    const client = this.o.client();
    return queue.list.perform(
      new Map([[key(id), liked]]),
      async () => (await (on ? client.comments.like(site, comment.ID) : client.comments.unlike(site, comment.ID))).i_like,
      (answer) => (answer === on ? new Map([[key(id), liked]]) : undefined),
    );
  }

  /**
   * The queue that shows the comment, and the comment as shown; else, while it waits out an undo
   * window, the queue it was hidden in. Never a queue the comment only left: its old copy stays
   * there, hidden, until that queue is read again, and an action on it there would leave the
   * comment's row where it shows now.
   */
  private holder(id: number): { queue: CommentQueue; comment: Comment } | undefined {
    const k = key(id);
    for (const queue of this.queues.values()) {
      const comment = queue.list.get(k);
      if (comment) return { queue, comment };
    }
    return this.waiting.get(id);
  }

  private requireSite(): string {
    const site = this.site;
    if (!site) throw new ContentSiteError({ kind: 'invalid_input', code: 'no_site', userMessage: 'Choose a site first.' });
    return site;
  }

  /** Runs `act` for each comment, a few at a time, and fills the report. */
  private each(ids: readonly number[], report: CommentReport, act: (id: number) => Promise<OperationOutcome<Comment, unknown>>) {
    return actOnEach(ids, report, {
      parallel: 8,
      act,
      confirms: (_id, now) => this.confirms(report, now),
      unconfirmed: (cause, asked) =>
        cause.reworded(
          asked
            ? `The service did not confirm the change, and it still shows the comment as before. ${cause.userMessage}`
            : `Whether the change was made is unknown: ${unknownBecause(cause)}, and the service could not be asked. ${cause.userMessage}`,
        ),
    });
  }

  /** A comment read back after a lost answer shows the action done (a deleted one is gone). */
  private confirms(report: CommentReport, now: Comment | undefined): boolean {
    return COMMENT_ACTIONS.entry(report.action).confirms?.(now, report.on) ?? false;
  }
}

export { offers };
export { COMMENT_FIELDS };
