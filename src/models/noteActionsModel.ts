/**
 * Acting on notes as the service's own panel does, on the notifications list core, by the
 * catalog's entries (`noteActionCatalog.ts`: what each action sends, how it shows, how its answer
 * confirms it):
 * - toggles (approve, like, follow and their reverses) show at once and go out together, at most
 *   PARALLEL_ACTIONS at a time; each answer confirms its note (no read-back); a refusal drops the
 *   change (the note shows what the service has) and the report says why; a lost answer, or one
 *   that does not show the change, is settled by asking the service;
 * - removals (spam, trash) hide the notes at once and send nothing until the undo window ends;
 *   undo brings them back where they were; `flush` sends what is still waiting (the window is
 *   closing). The window itself is kept by undoRemovals.ts;
 * - reply posts to the note's comment and fetches the note again.
 * No vscode here.
 */
import { ContentSiteError, noteActions, type Comment, type ContentSiteClient, type Notification } from '../api';
import type { ActOptions } from '../api/act';
import { actOnEach } from './actOnEach';
import { asError, outcomeUnknown, unknownBecause } from './asError';
import type { Effect, OperationOutcome, PendingOperation } from './listCore';
import { entry as catalogEntry, offeredOn, REPLY_ENTRY, type CatalogEntry, type OfferedAction } from './noteActionCatalog';
import { withAction } from './noteActionEffects';
import { NOTE_FIELDS } from './noteFields';
import type { NotificationsModel } from './notificationsModel';
import { realTimers, type Timers } from './timers';
import { UndoRemovals, type PendingRemoval as Removal, type UndoResult } from './undoRemovals';
import type { SiteChanges } from './siteChanges';

/** What the service confirmed. */
export interface ActReport {
  /** The catalog entry asked for (a like that went to posts is still `like`). */
  action: string;
  /** true: approved / liked / followed / spammed / trashed; false: the reverse. */
  on: boolean;
  /** Notes the service confirmed. */
  acted: number[];
  /** Notes refused or not confirmed: they show what the service has. */
  failed: number[];
  /** The first refusal, with a sentence for people. */
  error?: ContentSiteError;
}

export type { UndoResult };
/** A spam or trash in its undo window; `done` gives what the service confirmed. */
export type PendingRemoval = Removal<ActReport>;

export interface NoteActionsOptions {
  notes: NotificationsModel;
  client: () => ContentSiteClient;
  /** How long spam and trash wait for an undo, in ms (read at each removal); UNDO_MS when not given. */
  undoMs?: () => number;
  /** Requests in flight at once when acting on many notes. */
  parallel?: number;
  timers?: Timers;
  /** Told what became of a comment a note acted on (approved, spam, trash), so the Comments view follows. */
  changes?: Pick<SiteChanges, 'comment'>;
}

import { PARALLEL_ACTIONS, UNDO_MS } from './actionPace';
export { PARALLEL_ACTIONS, UNDO_MS };

const key = (id: number) => String(id);

export class NoteActionsModel {
  private readonly removals: UndoRemovals<ActReport>;
  /** A removal started or ended its undo window. */
  readonly onDidChange: UndoRemovals<ActReport>['onDidChange'];

  constructor(private readonly o: NoteActionsOptions) {
    this.removals = new UndoRemovals(o.timers ?? realTimers, () => o.undoMs?.() ?? UNDO_MS);
    this.onDidChange = this.removals.onDidChange;
  }

  /** The removals still in their window, newest last. */
  get pending(): readonly PendingRemoval[] {
    return this.removals.pending;
  }

  /** The ids among `ids` whose note, as shown, offers the action (or its fallback). */
  offering(ids: readonly number[], action: string): number[] {
    const e = catalogEntry(action);
    return [...new Set(ids)].filter((id) => this.offered(id, e) !== undefined);
  }

  /** The current state of a toggle on a note as shown (approved, liked: the comment's, else the post's). */
  valueOf(id: number, action: string): boolean | undefined {
    return this.offered(id, catalogEntry(action))?.action.value;
  }

  /**
   * Sets a toggle on every given note that offers it (a like goes to each note's comment, or to
   * its post when the note offers only that); `on` defaults to the opposite of the first such
   * note's value (pressing again reverses); notes already that way are left alone. Never rejects:
   * the outcome is in the report.
   */
  async toggle(ids: readonly number[], action: string, on?: boolean): Promise<ActReport> {
    const targets = this.offering(ids, action);
    const want = on ?? !(targets.length ? this.valueOf(targets[0], action) === true : false);
    const report: ActReport = { action, on: want, acted: [], failed: [] };
    const todo = targets.filter((id) => this.valueOf(id, action) !== want);
    await this.each(todo, report, (id) => {
      const { entry, action: offered } = this.offered(id, catalogEntry(action))!;
      const effects = new Map([[key(id), (n: Notification) => withAction(n, entry, want)]]);
      return this.o.notes.list.perform(
        effects,
        () => this.send(id, entry, want, offered),
        (answer) => (answer === undefined || answer === want ? effects : undefined),
      );
    });
    return report;
  }

  /** Spam or trash: the notes hide at once and are sent when the undo window ends. */
  remove(ids: readonly number[], action: string): PendingRemoval | undefined {
    const e = catalogEntry(action);
    const targets = this.offering(ids, action).filter((id) => this.offered(id, e)?.action.value !== true);
    if (targets.length === 0) return undefined;
    const list = this.o.notes.list;
    const hide: Effect<Notification> = () => undefined;
    const ops = new Map<number, PendingOperation<Notification>>(targets.map((id) => [id, list.begin(new Map([[key(id), hide]]))]));
    const report: ActReport = { action, on: true, acted: [], failed: [] };
    return this.removals.start(action, targets, {
      report,
      undo: () => {
        for (const op of ops.values()) op.fail();
      },
      send: () =>
        this.each(targets, report, (id) =>
          list.settle(
            ops.get(id)!,
            () => this.send(id, e, true, this.actionOf(id, e)),
            (answer) => (answer === false ? undefined : new Map([[key(id), hide]])),
          ),
        ),
    });
  }

  /** Undoes the newest removal still in its window (or the one of `id`); undefined when there is none. */
  undo(id?: number): UndoResult | undefined {
    return this.removals.undo(id);
  }

  /** Sends every removal still in its window now, and resolves when they were answered. */
  flush(): Promise<void> {
    return this.removals.flush();
  }

  /**
   * Replies to the note's comment. Rejects with the service's refusal (comment_duplicate,
   * comments_closed, an empty reply…) as a sentence; on success the note is fetched again.
   */
  async reply(id: number, content: string): Promise<Comment> {
    const action = this.actionOf(id, REPLY_ENTRY);
    const client = this.o.client();
    let comment: Comment;
    try {
      comment = await client.comments.reply(action.site, action.comment!, content, this.options(id, action.site));
    } catch (err) {
      const error = asError(err);
      if (!outcomeUnknown(error)) throw error;
      // The answer was lost or a 5xx: never "not posted". The note, asked again, may show the reply.
      const replied = () => {
        const n = this.o.notes.get(id);
        return n !== undefined && (offeredOn(noteActions(n), REPLY_ENTRY)?.action.value === true || n.status?.i_replied === true);
      };
      const before = replied();
      await this.refetch(id).catch(() => undefined);
      const seen = !before && replied() ? ' The note now shows that you replied: check the comment before sending it again.' : '';
      throw error.reworded(
        `Whether your reply was posted is unknown: ${unknownBecause(error)}.${seen || ' Your draft is kept; check the comment before sending it again.'} ${error.userMessage}`,
      );
    }
    await this.refetch(id);
    return comment;
  }

  dispose(): void {
    this.removals.dispose();
  }

  private send(id: number, e: CatalogEntry, on: boolean, action: OfferedAction): Promise<boolean | undefined> {
    if (!e.send) throw new Error(`${e.id} is not sent to the service.`);
    return e.send(this.o.client(), action, on, this.options(id, action.site));
  }

  /** Runs `act` for every note, PARALLEL_ACTIONS at a time, and fills the report. */
  private each(ids: readonly number[], report: ActReport, act: (id: number) => Promise<OperationOutcome<Notification, unknown>>) {
    return actOnEach(ids, report, {
      parallel: this.o.parallel ?? PARALLEL_ACTIONS,
      act,
      confirms: (_id, now) => this.confirms(now, report),
      unconfirmed,
      confirmed: (id) => this.tellComment(id, report),
    });
  }

  /** A moderation the service confirmed, told to whoever shows the comment. */
  private tellComment(id: number, report: ActReport): void {
    const e = catalogEntry(report.action);
    const status = e.status?.(report.on);
    const note = this.note(id);
    const action = note && e.service ? noteActions(note)[e.service] : undefined;
    if (status && action?.comment) this.o.changes?.comment({ siteId: action.site, id: action.comment, status, from: this });
  }

  /** A note read back after a lost answer shows the action done (or, for a removal, is gone or marked). */
  private confirms(now: Notification | undefined, report: ActReport): boolean {
    const e = catalogEntry(report.action);
    if (!now) return e.kind === 'remove';
    return offeredOn(noteActions(now), e)?.action.value === report.on;
  }

  /** The service's copy of a note acted on. */
  private async refetch(id: number): Promise<void> {
    const take = this.o.notes.list.beginFetch();
    let fresh: Notification[] = [];
    try {
      fresh = [await this.o.client().notifications.get(id, { fields: NOTE_FIELDS })];
    } catch {
      // The list shows the action until the next refresh or poll brings the note.
    } finally {
      take(fresh);
    }
  }

  /** The note as shown, or as the service last sent it (a hidden note in its undo window). */
  private note(id: number): Notification | undefined {
    return this.o.notes.get(id) ?? this.o.notes.list.serviceItems().find((n) => n.id === id);
  }

  private offered(id: number, e: CatalogEntry) {
    const note = this.o.notes.get(id);
    return note ? offeredOn(noteActions(note), e) : undefined;
  }

  /** The note's action as shown, or a clear error when it no longer offers it. */
  private actionOf(id: number, e: CatalogEntry): OfferedAction {
    const note = this.note(id);
    const action = note && offeredOn(noteActions(note), e)?.action;
    if (!action)
      throw new ContentSiteError({
        kind: 'invalid_input',
        code: 'not_offered',
        userMessage: `This notification no longer offers “${e.labels.on}”. Refresh the notifications.`,
      });
    return action;
  }

  private options(id: number, site: number): ActOptions {
    const note = this.note(id);
    return { siteName: note ? siteHost(note, site) : undefined };
  }
}

/**
 * The site as people know it (its host), for sentences: from a link in the note that names the
 * site (a range with its `site_id`), or the post link a template's header carries.
 */
export function siteHost(note: Notification, siteId: number): string | undefined {
  const hostOf = (url: unknown): string | undefined => {
    if (typeof url !== 'string') return undefined;
    try {
      return new URL(url).host || undefined;
    } catch {
      return undefined;
    }
  };
  const blocks = [...(Array.isArray(note.subject) ? note.subject : []), ...(Array.isArray(note.body) ? note.body : [])] as Array<{
    ranges?: Array<{ site_id?: unknown; url?: unknown }>;
  }>;
  for (const b of blocks) for (const r of b.ranges ?? []) if (Number(r.site_id) === siteId && hostOf(r.url)) return hostOf(r.url);
  const body = note.body as { template?: unknown; header_link?: unknown; header?: unknown } | undefined;
  if (body && typeof body.template === 'string') {
    const href = typeof body.header === 'string' ? /href="([^"]+)"/.exec(body.header)?.[1] : undefined;
    return hostOf(body.header_link) ?? hostOf(href);
  }
  return undefined;
}

/** `asked`: the service was asked after the error and still shows the note as before; else it could not be asked. */
function unconfirmed(cause: ContentSiteError, asked: boolean): ContentSiteError {
  return cause.reworded(
    asked
      ? `The service did not confirm the change, and it still shows the notification as before. ${cause.userMessage}`
      : `Whether the change was made is unknown: ${unknownBecause(cause)}, and the service could not be asked. ${cause.userMessage}`,
  );
}
