import { badResponse, parseSkipping, parseWith } from './decode';
import { invalidInput } from './errors';
import { hasEmptySubject, normalizeNotification, type Notification } from './notificationShape';
import type { CallOptions, CommonParams, Prepared, Transport } from './request';
import { schemas } from './schemasLoad';
import { intInRange, LIMITS, positiveInt, unixTime } from './validate';

export interface NotificationsParams extends Omit<CommonParams, 'fields'> {
  /** Note fields to return; default id,type,unread,noticon,body,subject,timestamp. */
  fields?: string | readonly string[];
  ids?: readonly number[];
  type?: string;
  unread?: boolean;
  read?: boolean;
  number?: number;
  /** UNIX seconds. */
  since?: number;
  /** Notes updated on or before this UNIX time (inclusive). */
  before?: number;
  num_note_items?: number;
  trap?: boolean;
}

export interface NotificationsPage {
  number?: number;
  last_seen_time?: number;
  notes: Notification[];
  /** Notes the answer held that could not be read: left out of `notes` (the log names each). */
  unreadable: number;
  /** Their ids (as strings), where they said one. */
  leftOut: string[];
}

export interface MarkReadResult {
  success: boolean;
  /** Operated-on notes that still have unread updates. */
  updated: number[];
}

export class NotificationsApi {
  constructor(private readonly t: Transport) {}

  /** GET /v1/notifications/, newest first. */
  async list(params: NotificationsParams = {}, opts: CallOptions = {}): Promise<NotificationsPage> {
    return this.t.run(this.listRequest(params), opts.signal);
  }

  /** The same request, prepared (checked now, sent alone or inside a batch). */
  listRequest(params: NotificationsParams = {}): Prepared<NotificationsPage> {
    const { ids, type, unread, read, number, since, before, num_note_items, trap, ...common } = params;
    intInRange('number', number, 1, LIMITS.notificationsNumber);
    unixTime('since', since);
    unixTime('before', before);
    positiveInt('num_note_items', num_note_items);
    for (const id of ids ?? []) positiveInt('ids', id);
    if (unread && read) throw invalidInput('Ask for unread or read notes, not both.');
    return {
      spec: {
        method: 'GET',
        version: '1',
        path: '/notifications/',
        query: { ids, type, unread: flag(unread), read: flag(read), number, since, before, num_note_items, trap: flag(trap) },
        common,
      },
      parse: (body) => {
        const { value: page, skipped } = parseSkipping(schemas().notificationsListSchema, body, { request: 'GET /v1/notifications/' });
        // A note without a field asked for is left out, as one the schema could not read (noteChecks.ts).
        const { notes, unreadable, leftOut } = schemas().notesAsAsked(page.notes, common.fields, skipped);
        // With trap, the notes folded into another come back with empty subjects: the spec has
        // clients delete them, so they never reach a list.
        const kept = trap ? notes.filter((n) => !hasEmptySubject(n)) : notes;
        return {
          number: page.number,
          last_seen_time: page.last_seen_time,
          notes: kept.map(normalizeNotification),
          unreadable,
          leftOut,
        };
      },
    };
  }

  /**
   * POST /v1.1/notifications/read: decrement each note's unread count by its value; a negative
   * value marks a note unread again. One request for any number of notes.
   */
  async markRead(counts: Readonly<Record<number, number>>, common: CommonParams = {}, opts: CallOptions = {}): Promise<MarkReadResult> {
    const entries = Object.entries(counts);
    if (entries.length === 0) throw invalidInput('Choose at least one notification to mark.');
    for (const [id, n] of entries) {
      positiveInt('note ID', Number(id));
      if (!Number.isInteger(n) || n === 0)
        throw invalidInput(`The count for note ${id} must be a non-zero whole number (got ${String(n)}).`);
    }
    const body = await this.t.send({
      method: 'POST',
      version: '1.1',
      path: '/notifications/read',
      form: { counts: Object.fromEntries(entries) },
      common,
      signal: opts.signal,
    });
    const result = parseWith(schemas().markReadSchema, body, { request: 'POST /v1.1/notifications/read' });
    if (!result.success) throw badResponse({ request: 'POST /v1.1/notifications/read' }, 'the service answered success: false');
    return { success: true, updated: result.updated ?? [] };
  }

  /** GET /v1.1/notifications/$id: one note again, whole (after acting on it, to show the service's state). */
  async get(noteId: number, common: Pick<CommonParams, 'fields'> = {}, opts: CallOptions = {}): Promise<Notification> {
    positiveInt('note ID', noteId);
    const request = `GET /v1.1/notifications/${noteId}`;
    const body = await this.t.send({ method: 'GET', version: '1.1', path: `/notifications/${noteId}`, common, signal: opts.signal });
    const { notes } = this.t.read(request, () => parseWith(schemas().oneNoteSchema, body, { request }));
    const note = notes.find((n) => n.id === noteId);
    if (!note) throw badResponse({ request }, `the answer did not hold note ${noteId}`);
    const problem = schemas().missingFromNote(note, common.fields);
    if (problem) throw badResponse({ request }, `note ${noteId}: ${problem}`);
    return normalizeNotification(note);
  }

  /** POST /v1.1/notifications/seen: records when the user last looked at notes. */
  async seen(time: number, opts: CallOptions = {}): Promise<number | undefined> {
    unixTime('time', time);
    const body = await this.t.send({ method: 'POST', version: '1.1', path: '/notifications/seen', form: { time }, signal: opts.signal });
    return parseWith(schemas().seenSchema, body, { request: 'POST /v1.1/notifications/seen' }).last_seen_time;
  }
}

function flag(value: boolean | undefined): 1 | undefined {
  return value ? 1 : undefined;
}
