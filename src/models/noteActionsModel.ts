/**
 * Acting on notes as the service's own panel does, on the notifications list core:
 * - approve, like, like the post, follow (and their reverses) show at once, are sent, and each
 *   note is fetched again once the service answered; a refusal drops the change (the note shows
 *   what the service has) and the report says why; a lost answer is settled by asking the service;
 * - spam and trash hide the notes at once and send nothing until the undo window ends; undo brings
 *   them back where they were; `flush` sends what is still waiting (the window is closing);
 * - reply posts to the note's comment and fetches the note again.
 * No vscode here.
 */
import { ContentSiteError, noteActions, type Comment, type ContentSiteClient, type NoteActions, type Notification } from '../api';
import type { ActOptions } from '../api/act';
import { asError, outcomeUnknown, unknownBecause } from './asError';
import { Emitter } from './emitter';
import type { Effect, OperationOutcome } from './listCore';
import { withAction } from './noteActionEffects';
import { NOTE_FIELDS, type NotificationsModel } from './notificationsModel';

export type ToggleKind = 'approve' | 'like' | 'likePost' | 'follow';
export type RemoveKind = 'spam' | 'trash';
export type ActionKind = ToggleKind | RemoveKind | 'reply';

/** What the service confirmed. */
export interface ActReport {
  kind: ToggleKind | RemoveKind;
  /** true: approved / liked / followed / spammed / trashed; false: the reverse. */
  on: boolean;
  /** Notes the service confirmed. */
  acted: number[];
  /** Notes refused or not confirmed: they show what the service has. */
  failed: number[];
  /** The first refusal, with a sentence for people. */
  error?: ContentSiteError;
}

export interface PendingRemoval {
  readonly kind: RemoveKind;
  readonly ids: readonly number[];
  /** Brings the notes back where they were and sends nothing; false when the window already ended. */
  undo(): boolean;
  /** Ends the window now and sends (the user closed the message: "let it go"); nothing when it already ended. */
  sendNow(): void;
  /** Settles when the requests were answered (or at once with nothing acted, when undone). */
  readonly done: Promise<ActReport>;
}

export interface NoteActionsOptions {
  notes: NotificationsModel;
  client: () => ContentSiteClient;
  /** How long spam and trash wait for an undo (read at each removal); the service's panel waits 4.5 s. */
  undoMs?: () => number;
  /** Requests in flight at once when acting on many notes. */
  parallel?: number;
  timers?: { set(fn: () => void, ms: number): unknown; clear(handle: unknown): void };
}

export const UNDO_MS = 4500;
/** Requests at once for a selection: two rounds for 20 notes, and never a flood of hundreds. */
export const PARALLEL_ACTIONS = 10;

type Action = NonNullable<NoteActions[keyof NoteActions]>;

const key = (id: number) => String(id);

export class NoteActionsModel {
  private readonly removals: PendingRemoval[] = [];
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly timers: NonNullable<NoteActionsOptions['timers']>;

  constructor(private readonly o: NoteActionsOptions) {
    this.timers = o.timers ?? { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
  }

  /** The removals still in their window, newest last. */
  get pending(): readonly PendingRemoval[] {
    return this.removals;
  }

  /** The ids among `ids` whose note, as shown, offers `kind`. */
  offering(ids: readonly number[], kind: ActionKind): number[] {
    return [...new Set(ids)].filter((id) => {
      const note = this.o.notes.get(id);
      return note !== undefined && offered(note, kind) !== undefined;
    });
  }

  /**
   * Sets `kind` on every given note that offers it; `on` defaults to the opposite of the first such
   * note's current value (pressing again reverses). Never rejects: the outcome is in the report.
   */
  async toggle(ids: readonly number[], kind: ToggleKind, on?: boolean): Promise<ActReport> {
    const targets = this.offering(ids, kind);
    const first = targets.length ? offered(this.o.notes.get(targets[0])!, kind) : undefined;
    const want = on ?? !(first?.value ?? false);
    const report: ActReport = { kind, on: want, acted: [], failed: [] };
    await this.each(targets, report, (id) => this.perform(id, kind, want, (n) => withAction(n, kind, want)));
    await this.refetch(report.acted);
    return report;
  }

  /** Spam or trash: the notes hide at once and are sent when the undo window ends. */
  remove(ids: readonly number[], kind: RemoveKind): PendingRemoval | undefined {
    const targets = this.offering(ids, kind).filter((id) => offered(this.o.notes.get(id)!, kind)?.value !== true);
    if (targets.length === 0) return undefined;
    const list = this.o.notes.list;
    const ops = new Map(targets.map((id) => [id, list.begin(new Map([[key(id), () => undefined]]))]));
    const report: ActReport = { kind, on: true, acted: [], failed: [] };
    let state: 'waiting' | 'sent' | 'undone' = 'waiting';
    let resolve!: (r: ActReport) => void;
    const done = new Promise<ActReport>((r) => (resolve = r));
    const end = () => {
      this.timers.clear(timer);
      const i = this.removals.indexOf(removal);
      if (i >= 0) this.removals.splice(i, 1);
      this.changed.fire();
    };
    const removal = {
      kind,
      ids: targets,
      done,
      undo: (): boolean => {
        if (state !== 'waiting') return false;
        state = 'undone';
        end();
        for (const op of ops.values()) op.fail();
        resolve(report);
        return true;
      },
      sendNow: (): void => {
        if (state !== 'waiting') return;
        state = 'sent';
        end();
        void this.each(targets, report, async (id) => {
          const op = ops.get(id)!;
          try {
            await this.send(id, kind, true, this.actionOf(id, kind));
          } catch (err) {
            const error = asError(err);
            if (!outcomeUnknown(error)) {
              op.fail();
              return { kind: 'failed', error };
            }
            const now = await op.verify().catch(() => undefined);
            return { kind: 'unknown', error, now };
          }
          op.confirm();
          return { kind: 'done', result: undefined };
        })
          .then(() => this.refetch(report.acted))
          .then(() => resolve(report));
      },
    };
    const timer = this.timers.set(removal.sendNow, this.o.undoMs?.() ?? UNDO_MS);
    this.removals.push(removal);
    this.changed.fire();
    return removal;
  }

  /** Undoes the newest removal still in its window; false when there is none. */
  undoLast(): boolean {
    return this.removals.at(-1)?.undo() ?? false;
  }

  /** Sends every removal still in its window now, and resolves when they were answered. */
  async flush(): Promise<void> {
    const waiting = [...this.removals];
    for (const r of waiting) r.sendNow();
    await Promise.all(waiting.map((r) => r.done));
  }

  /**
   * Replies to the note's comment. Rejects with the service's refusal (comment_duplicate,
   * comments_closed, an empty reply…) as a sentence; on success the note is fetched again.
   */
  async reply(id: number, content: string): Promise<Comment> {
    const action = this.actionOf(id, 'reply');
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
        return n !== undefined && (offered(n, 'reply')?.value === true || n.status?.i_replied === true);
      };
      const before = replied();
      await this.refetch([id]).catch(() => undefined);
      const seen = !before && replied() ? ' The note now shows that you replied: check the comment before sending it again.' : '';
      throw new ContentSiteError({
        kind: error.kind,
        status: error.status,
        code: error.code,
        request: error.request,
        userMessage: `Whether your reply was posted is unknown: ${unknownBecause(error)}.${seen || ' Your draft is kept; check the comment before sending it again.'} ${error.userMessage}`,
      });
    }
    await this.refetch([id]);
    return comment;
  }

  dispose(): void {
    for (const r of [...this.removals]) r.sendNow();
    this.changed.dispose();
  }

  /** One note's action, shown at once and kept until a fetch after the answer has it. */
  private async perform(
    id: number,
    kind: ToggleKind,
    on: boolean,
    effect: Effect<Notification>,
  ): Promise<OperationOutcome<Notification, unknown>> {
    const action = this.actionOf(id, kind);
    return this.o.notes.list.perform(new Map([[key(id), effect]]), () => this.send(id, kind, on, action));
  }

  private send(id: number, kind: ToggleKind | RemoveKind, on: boolean, action: Action): Promise<unknown> {
    const api = this.o.client();
    const opts = this.options(id, action.site);
    switch (kind) {
      case 'approve':
        return api.comments.setStatus(action.site, action.comment!, on ? 'approved' : 'unapproved', opts);
      case 'spam':
        return api.comments.setStatus(action.site, action.comment!, on ? 'spam' : 'approved', opts);
      case 'trash':
        return api.comments.trash(action.site, action.comment!, opts);
      case 'like':
        return on ? api.comments.like(action.site, action.comment!, opts) : api.comments.unlike(action.site, action.comment!, opts);
      case 'likePost':
        return on ? api.posts.like(action.site, action.post!, opts) : api.posts.unlike(action.site, action.post!, opts);
      case 'follow':
        return on ? api.sites.follow(action.site, opts) : api.sites.unfollow(action.site, opts);
    }
  }

  /** Runs `act` for every note, PARALLEL_ACTIONS at a time, and fills the report. */
  private async each(
    ids: readonly number[],
    report: ActReport,
    act: (id: number) => Promise<OperationOutcome<Notification, unknown>>,
  ): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++];
        const outcome = await act(id);
        const confirmed =
          outcome.kind === 'done' ||
          (outcome.kind === 'unknown' && outcome.now !== undefined && confirms(outcome.now.get(key(id)), report));
        if (confirmed) report.acted.push(id);
        else {
          report.failed.push(id);
          if (!report.error)
            report.error = outcome.kind === 'unknown' ? unconfirmed(outcome.error, outcome.now !== undefined) : outcome.error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.o.parallel ?? PARALLEL_ACTIONS, ids.length) }, worker));
  }

  /** The service's copies of the notes acted on: one GET for one note, one list for several. */
  private async refetch(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const take = this.o.notes.list.beginFetch();
    let fresh: Notification[] = [];
    try {
      const api = this.o.client();
      fresh = ids.length === 1 ? [await api.notifications.get(ids[0], { fields: NOTE_FIELDS })] : await this.o.notes.fetchNotes(api, ids);
    } catch {
      // The list shows the action until the next refresh or poll brings the note.
    } finally {
      take(fresh);
    }
  }

  /** The note's action as shown, or a clear error when it no longer offers it. */
  private actionOf(id: number, kind: ActionKind): Action {
    const note = this.o.notes.get(id) ?? this.o.notes.list.serviceItems().find((n) => n.id === id);
    const action = note && offered(note, kind);
    if (!action)
      throw new ContentSiteError({
        kind: 'invalid_input',
        code: 'not_offered',
        userMessage: `This notification no longer offers ${VERB[kind]}. Refresh the notifications.`,
      });
    return action;
  }

  private options(id: number, site: number): ActOptions {
    const note = this.o.notes.get(id) ?? this.o.notes.list.serviceItems().find((n) => n.id === id);
    return { siteName: note ? siteHost(note, site) : undefined };
  }
}

const VERB: Record<ActionKind, string> = {
  approve: 'approving',
  spam: 'marking as spam',
  trash: 'trashing',
  like: 'liking',
  likePost: 'liking the post',
  follow: 'following',
  reply: 'replying',
};

function offered(note: Pick<Notification, 'body' | 'meta' | 'status'>, kind: ActionKind): Action | undefined {
  return noteActions(note)[kind];
}

/** A note read back after a lost answer shows the action done (or, for a removal, is gone or marked). */
function confirms(now: Notification | undefined, report: ActReport): boolean {
  if (!now) return report.kind === 'spam' || report.kind === 'trash';
  return offered(now, report.kind)?.value === report.on;
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
  return new ContentSiteError({
    kind: cause.kind,
    status: cause.status,
    code: cause.code,
    request: cause.request,
    userMessage: asked
      ? `The service did not confirm the change, and it still shows the notification as before. ${cause.userMessage}`
      : `Whether the change was made is unknown: ${unknownBecause(cause)}, and the service could not be asked. ${cause.userMessage}`,
  });
}
