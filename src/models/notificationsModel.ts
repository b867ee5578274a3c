/**
 * Notifications as the view shows them: newest first, paged with `before` (inclusive, so pages are
 * de-duplicated by id), filtered by the service's presets. Mark read / unread are operations on the
 * list core: shown at once, kept over any refresh or poll until the service has them, dropped when
 * it refuses, checked with the service when the answer is lost or a 5xx. No vscode here.
 */
import { ContentSiteError, noteActions, type ContentSiteClient, type Notification, type NotificationsParams, type Prepared } from '../api';
import { asError, outcomeUnknown, unknownBecause } from './asError';
import { NOTE_FIELDS } from './noteFields';
import type { Effect, Page } from './listCore';
import { ListModel } from './listModel';
import { type NoteFilter, filterAccepts, filterId, filterQuery, localFilter } from './noteFilters';

export type { NoteFilter } from './noteFilters';

/** The most notes the service returns in one page. */
export const NOTES_PAGE_MAX = 99;
/** Notes marked in one POST by Mark All Read (the service documents no limit; this keeps a body near 25 KB). */
export const MARK_READ_CHUNK = 1000;
/** What the service's own web client sends to zero a count it does not know. */
export const MARK_ALL_UPDATES = 9999;

export interface NotificationsModelOptions {
  client: () => ContentSiteClient;
  pageSize: () => number;
}

/** What Mark All Read did, as the service confirmed it. */
export interface MarkAllReport {
  /** Notes the service confirmed as read. */
  marked: number;
  /** Notes that got new updates meanwhile and are still unread. */
  stillUnread: number;
  /** Notes the service did not mark (it refused, or it still shows them unread after an error), and why. */
  notMarked: number;
  /** Notes whose marking the service answered with an error or lost, and that could not be asked about. */
  unconfirmed: number;
  error?: ContentSiteError;
}

const key = (id: number) => String(id);

export class NotificationsModel extends ListModel<Notification, number> {
  private _filter: NoteFilter = { kind: 'all' };
  readonly seenTypes = new Set<string>();
  /**
   * Notes new to the list, however they came: a push, a poll that found them, the first page read
   * again after a reconnect (ListCore.onDidAdd: never the first load, another filter, or older pages).
   */
  readonly onDidArrive = this.list.onDidAdd;
  /** The ids of the notes the first page held and could not show (unreadable): the poll leaves them out too. */
  leftOut: readonly string[] = [];

  constructor(private readonly options: NotificationsModelOptions) {
    super(options.client);
  }

  get filter(): NoteFilter {
    return this._filter;
  }
  /** Newest first. */
  get notes(): readonly Notification[] {
    return this.list.items;
  }
  get unreadCount(): number {
    let n = 0;
    for (const note of this.list.items) if (note.unread > 0) n++;
    return n;
  }
  get(id: number): Notification | undefined {
    return this.list.get(key(id));
  }

  /** Whether a note belongs in the list under the current filter (a pushed note is added only then). */
  accepts(note: Notification): boolean {
    return filterAccepts(this._filter)(note);
  }

  setFilter(filter: NoteFilter): Promise<void> {
    this._filter = filter;
    return this.refresh();
  }

  protected keyOf(note: Notification): string {
    return key(note.id);
  }
  protected override compare(a: Notification, b: Notification): number {
    return b.timestamp - a.timestamp || b.id - a.id;
  }
  /** A filter picked here is not in the request: another one starts the list over. */
  protected override scope(): string {
    return filterId(this._filter);
  }
  protected override fetchItems(client: ContentSiteClient, keys: readonly string[]): Promise<Notification[]> {
    return this.fetchNotes(client, keys.map(Number));
  }
  /** Notes about a comment in the spam or the trash are not shown (the service's panel hides them too). */
  protected override isShown(note: Notification): boolean {
    const a = noteActions(note);
    return a.spam?.value !== true && a.trash?.value !== true;
  }
  protected pageRequest(client: ContentSiteClient, before: number | undefined): Prepared<Page<Notification, number>> {
    const query = this.query();
    const request = client.notifications.listRequest({ ...query, before });
    const accepts = localFilter(this._filter);
    return {
      spec: request.spec,
      parse: (body) => {
        const { notes, unreadable, leftOut } = request.parse(body);
        if (before === undefined) this.leftOut = leftOut;
        for (const n of notes) if (n.type) this.seenTypes.add(n.type);
        // A page picked here may hold fewer notes than asked: whether there are more is the service's page
        // (a note left out unread filled it too).
        const next = notes.length + unreadable >= (query.number ?? 0) ? notes.at(-1)?.timestamp : undefined;
        return { items: accepts ? notes.filter(accepts) : notes, next, unreadable };
      },
    };
  }

  /**
   * One POST for all the notes. Each note's count is decremented by the updates the user was shown,
   * so updates that arrived since come back in `updated` and stay unread; a note that gave no count
   * gets the web client's "all of them". Rejects with a sentence when the service refused or when
   * it could not confirm.
   */
  markRead(ids: readonly number[]): Promise<void> {
    const counts: Record<number, number> = {};
    for (const id of new Set(ids)) {
      const note = this.get(id);
      if (note && note.unread > 0) counts[id] = decrementFor(note);
    }
    return this.mark(counts, 0);
  }

  /** Marks read notes unread again (`counts` of -1). */
  markUnread(ids: readonly number[]): Promise<void> {
    const counts: Record<number, number> = {};
    for (const id of new Set(ids)) {
      const note = this.get(id);
      if (note && note.unread === 0) counts[id] = -1;
    }
    return this.mark(counts, 1);
  }

  /**
   * Every unread note the service has, not only those loaded: their ids page by page (99 a page),
   * then marked MARK_READ_CHUNK at a time. What it reports is what the service confirmed.
   */
  async markAllRead(): Promise<MarkAllReport> {
    const client = this.options.client();
    const loaded = new Map<string, Effect<Notification>>();
    for (const note of this.notes) if (note.unread > 0) loaded.set(key(note.id), readEffect(0));
    const op = this.list.begin(loaded);
    let counts: Map<number, number>;
    try {
      counts = await unreadOnService(client);
    } catch (err) {
      op.fail();
      throw asError(err);
    }
    for (const note of this.notes) if (note.unread > 0 && !counts.has(note.id)) counts.set(note.id, decrementFor(note));
    const report: MarkAllReport = { marked: 0, stillUnread: 0, notMarked: 0, unconfirmed: 0 };
    const confirmed = new Map<string, Effect<Notification>>();
    const ids = [...counts.keys()];
    for (let i = 0; i < ids.length; i += MARK_READ_CHUNK) {
      const chunk = ids.slice(i, i + MARK_READ_CHUNK);
      if (report.error?.kind === 'auth') {
        report.notMarked += chunk.length;
        continue;
      }
      try {
        const result = await client.notifications.markRead(Object.fromEntries(chunk.map((id) => [id, counts.get(id)!])));
        const updated = new Set(result.updated.map(Number));
        for (const id of chunk) {
          if (updated.has(id)) report.stillUnread++;
          else report.marked++;
          confirmed.set(key(id), updated.has(id) ? stillUnreadEffect : readEffect(0));
        }
      } catch (err) {
        report.error = asError(err);
        // An answer lost or a 5xx: the chunk may be marked all the same. The service says.
        const unknown = outcomeUnknown(report.error);
        const now = unknown ? await this.askService(client, chunk) : undefined;
        for (const id of chunk) {
          const n = now?.get(id);
          if (!unknown) report.notMarked++;
          else if (!now) report.unconfirmed++;
          else if (n && n.unread === 0) {
            report.marked++;
            confirmed.set(key(id), readEffect(0));
          } else report.notMarked++;
        }
      }
    }
    op.confirm(confirmed);
    if (report.unconfirmed > 0) void this.list.refresh();
    return report;
  }

  /** The service's copies of these notes, shown in the list as it has them; undefined when it cannot be asked. */
  private async askService(client: ContentSiteClient, ids: readonly number[]): Promise<Map<number, Notification> | undefined> {
    const take = this.list.beginFetch();
    let fresh: Notification[] | undefined;
    try {
      fresh = await this.fetchNotes(client, ids);
    } catch {
      fresh = undefined;
    } finally {
      take(fresh ?? []);
    }
    return fresh && new Map(fresh.map((n) => [n.id, n]));
  }

  /** The service's current copies of these notes (NOTES_PAGE_MAX a request); a deleted note is absent. */
  async fetchNotes(client: ContentSiteClient, ids: readonly number[]): Promise<Notification[]> {
    const out: Notification[] = [];
    for (let i = 0; i < ids.length; i += NOTES_PAGE_MAX) {
      const chunk = ids.slice(i, i + NOTES_PAGE_MAX);
      out.push(...(await client.notifications.list({ ids: chunk, number: chunk.length, fields: NOTE_FIELDS })).notes);
    }
    return out;
  }

  /**
   * The notes about a comment another view moderated, read again so their actions show what the
   * service now has (their rows and detail pages follow); nothing when no loaded note is about it.
   */
  async rereadAbout(comment: { siteId?: number; id: number }): Promise<void> {
    const ids: number[] = [];
    for (const n of this.list.sent()) {
      const a = noteActions(n).approve;
      if (a && a.comment === comment.id && (comment.siteId === undefined || a.site === comment.siteId)) ids.push(n.id);
    }
    if (ids.length === 0) return;
    const take = this.list.beginFetch();
    let fresh: Notification[] = [];
    try {
      fresh = await this.fetchNotes(this.options.client(), ids);
    } finally {
      take(fresh);
    }
  }

  /** The first page's query with the current filter, for the poller (which picks its own fields). */
  pollQuery(): NotificationsParams {
    return this.query();
  }

  /** The notes of a polled page the list keeps, when the filter is applied here rather than by the service. */
  pollFilter(): ((note: { type?: string }) => boolean) | undefined {
    return localFilter(this._filter);
  }

  /** Notes exactly as the service last sent them, newest first (what a poll is compared with). */
  serviceNotes(): Notification[] {
    return this.list.serviceItems();
  }

  private async mark(counts: Record<number, number>, unread: number): Promise<void> {
    const ids = Object.keys(counts).map(Number);
    if (ids.length === 0) return;
    const effects = new Map(ids.map((id) => [key(id), readEffect(unread)]));
    const outcome = await this.list.perform(
      effects,
      () => this.options.client().notifications.markRead(counts),
      (result) => {
        const updated = new Set(result.updated.map(Number));
        return new Map(ids.map((id) => [key(id), updated.has(id) ? stillUnreadEffect : readEffect(unread)]));
      },
    );
    if (outcome.kind === 'failed') throw outcome.error;
    if (outcome.kind === 'unknown') {
      const wrong = outcome.now
        ? ids.filter((id) => {
            const n = outcome.now!.get(key(id));
            return n !== undefined && n.unread > 0 !== unread > 0;
          }).length
        : ids.length;
      if (wrong > 0) throw unconfirmed(outcome.error, wrong, unread > 0 ? 'unread' : 'read', outcome.now !== undefined);
    }
  }

  private query(): NotificationsParams {
    // Types picked here are picked from the largest pages the service gives.
    const number = localFilter(this._filter) ? NOTES_PAGE_MAX : this.options.pageSize();
    return { number, fields: NOTE_FIELDS, ...filterQuery(this._filter) };
  }
}

function readEffect(unread: number): Effect<Notification> {
  return (n) => ({ ...n, unread });
}

/** The service said the note has new updates: unread, with its count if the shown one is larger. */
const stillUnreadEffect: Effect<Notification> = (n) => (n.unread > 0 ? n : { ...n, unread: 1 });

function decrementFor(note: Notification): number {
  return note.unreadIsCount ? note.unread : MARK_ALL_UPDATES;
}

/** Every unread note's id and count on the service, paged with an inclusive `before`. */
async function unreadOnService(client: ContentSiteClient): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  let before: number | undefined;
  for (;;) {
    const page = await client.notifications.list({ unread: true, number: NOTES_PAGE_MAX, fields: 'id,unread,timestamp', before });
    let added = 0;
    for (const n of page.notes) {
      if (n.unread > 0 && !counts.has(n.id)) {
        counts.set(n.id, decrementFor(n));
        added++;
      }
    }
    const oldest = page.notes.at(-1)?.timestamp;
    if (page.notes.length < NOTES_PAGE_MAX || oldest === undefined) return counts;
    // A full page of one second (nothing new): step past that second.
    before = added > 0 ? oldest : oldest - 1;
    if (before < 0) return counts;
  }
}

function unconfirmed(cause: ContentSiteError, count: number, wanted: 'read' | 'unread', asked: boolean): ContentSiteError {
  const what = count === 1 ? 'notification' : `${count} notifications`;
  const userMessage = asked
    ? `The ${what} could not be marked ${wanted}: ${unknownBecause(cause)}, and it still shows ${count === 1 ? 'it' : 'them'} as before. ${cause.userMessage}`
    : `Whether the ${what} ${count === 1 ? 'was' : 'were'} marked ${wanted} is unknown: ${unknownBecause(cause)}, and it could not be asked. ${cause.userMessage}`;
  return cause.reworded(userMessage);
}
