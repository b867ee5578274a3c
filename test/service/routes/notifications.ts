/** GET /v1/notifications/ (and v1.1, as the service's own web client calls it), POST read and seen. */
import { ALL_COMMON, ApiError, bool, int, list, str, type Ctx, type Params } from '../http';
import type { Route } from '../router';
import { iso } from '../shapes';
import type { Note } from '../world';
import { noteReader, type NoteReader } from '../noteActions';

const AUTH_MESSAGE = 'An active access token must be used to retrieve notifications.';
/** The list applies `fields` to notes itself. */
const NOTES_COMMON = ALL_COMMON.filter((c) => c !== 'fields');
export const DEFAULT_NOTE_FIELDS = ['id', 'type', 'unread', 'noticon', 'body', 'subject', 'timestamp'];

function noteJson(note: Note, ctx: Ctx, reader: NoteReader, numItems: number, folded: boolean): Record<string, unknown> {
  const acted = reader.withActions(note);
  let body = acted.body;
  if (!Array.isArray(body) && Array.isArray(body.items)) body = { ...body, items: body.items.slice(0, numItems) };
  const links = Object.fromEntries(Object.entries(note.meta.links).map(([k, v]) => [k, `${ctx.origin}${v}`]));
  const json: Record<string, unknown> = {
    id: note.id,
    type: note.type,
    noticon: note.noticon,
    timestamp: note.legacyShape ? iso(note.timestamp) : note.timestamp,
    date: iso(note.timestamp),
    subject: folded ? {} : note.subject,
    body,
    meta: { ids: note.meta.ids, links },
    note_hash: reader.hash(note),
  };
  if (note.legacyShape) json.read = note.unread > 0 ? 0 : 1;
  else json.unread = note.unread;
  if (note.snippet !== undefined) json.snippet = note.snippet;
  if (note.header !== undefined) json.header = note.header;
  if (note.title !== undefined) json.title = note.title;
  if (acted.status) json.status = acted.status;
  return json;
}

/**
 * `fields` names note fields (default DEFAULT_NOTE_FIELDS); a note in the older shape answers a
 * request for `unread` with its `read` flag. `note_hash` comes whatever `fields` says, as on the
 * real service: clients compare it to know which notes changed.
 */
function shownFields(p: Params, notes: Array<Record<string, unknown>>, def: string[]): Array<Record<string, unknown>> {
  const fields =
    str(p, 'fields')
      ?.split(',')
      .map((f) => f.trim())
      .filter(Boolean) ?? def;
  return notes.map((n) =>
    Object.fromEntries(
      Object.entries(n).filter(([k]) => fields.includes(k) || k === 'note_hash' || (k === 'read' && fields.includes('unread'))),
    ),
  );
}

function list_(ctx: Ctx) {
  const p = ctx.params;
  const number = int(p, 'number', { min: 1, max: 99, def: 9 });
  const since = int(p, 'since', { min: 0 });
  const before = int(p, 'before', { min: 0 });
  const numItems = int(p, 'num_note_items', { min: 1, def: 9 });
  const unread = bool(p, 'unread');
  const read = bool(p, 'read');
  const trap = bool(p, 'trap');
  const type = str(p, 'type');
  const ids = list(p, 'ids')?.map((id) => {
    if (!/^\d+$/.test(id)) throw new ApiError(400, 'invalid_input', '"ids" must be note IDs.');
    return Number(id);
  });
  // Filtered first, then sorted: a page of 10,000 notes sorted whole at every request was most of its time.
  const wanted = ids && new Set(ids);
  let notes = ctx.world.notes.filter(
    (n) =>
      n.userId === ctx.user!.ID &&
      (!wanted || wanted.has(n.id)) &&
      (!type || n.type === type) &&
      (!unread || n.unread > 0) &&
      (!read || n.unread === 0) &&
      (since === undefined || n.timestamp >= since) &&
      (before === undefined || n.timestamp <= before),
  );
  notes = notes.sort((a, b) => b.timestamp - a.timestamp || b.id - a.id).slice(0, number);
  const seenGroups = new Set<string>();
  const reader = noteReader(ctx.world);
  const json = notes.map((n) => {
    const folded = trap && n.trapGroup !== undefined && seenGroups.has(n.trapGroup);
    if (n.trapGroup) seenGroups.add(n.trapGroup);
    return noteJson(n, ctx, reader, numItems, folded);
  });
  const shown = shownFields(p, json, DEFAULT_NOTE_FIELDS);
  return { body: { number: shown.length, last_seen_time: ctx.user!.lastSeenTime, notes: shown } };
}

function counts(p: Params): Array<[number, number]> {
  const raw = p.counts;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ApiError(400, 'bad_request', 'Incorrect Parameters.');
  const entries = Object.entries(raw);
  if (entries.length === 0) throw new ApiError(400, 'bad_request', 'Incorrect Parameters.');
  return entries.map(([id, n]) => {
    if (!/^\d+$/.test(id) || !/^-?\d+$/.test(n)) throw new ApiError(400, 'bad_request', 'Incorrect Parameters.');
    return [Number(id), Number(n)];
  });
}

function markRead(ctx: Ctx) {
  if (!ctx.user) throw new ApiError(403, 'authorization_required', AUTH_MESSAGE);
  const changes = counts(ctx.params);
  const mine = new Map(ctx.world.notes.filter((n) => n.userId === ctx.user!.ID).map((n) => [n.id, n]));
  for (const [id] of changes) if (!mine.has(id)) throw new ApiError(404, 'not_found', 'Not a valid URL.');
  const updated: number[] = [];
  for (const [id, k] of changes) {
    const note = mine.get(id)!;
    note.unread = Math.max(0, note.unread - k);
    if (note.unread > 0) updated.push(id);
  }
  return { body: { success: true, updated } };
}

function seen(ctx: Ctx) {
  const time = int(ctx.params, 'time', { min: 0 });
  if (time === undefined) throw new ApiError(400, 'bad_request', 'Incorrect Parameters.');
  ctx.user!.lastSeenTime = time;
  return { body: { success: true, last_seen_time: time } };
}

/** GET /v1.1/notifications/$id: one note again, whole (as the panel fetches it after an action). */
function getOne(ctx: Ctx) {
  const id = Number(ctx.route.note_ID);
  const note = ctx.world.notes.find((n) => n.id === id && n.userId === ctx.user!.ID);
  if (!note) throw new ApiError(404, 'unknown_note', 'Unknown notification.');
  const json = noteJson(note, ctx, noteReader(ctx.world), int(ctx.params, 'num_note_items', { min: 1, def: 9 }), false);
  return { body: { notes: shownFields(ctx.params, [json], Object.keys(json)) } };
}

export const notificationRoutes: Route[] = [
  {
    method: 'GET',
    versions: ['1.1'],
    pattern: '/notifications/:note_ID(\\d+)',
    accepted: NOTES_COMMON,
    auth: 'required',
    authMessage: AUTH_MESSAGE,
    handle: getOne,
  },
  {
    method: 'GET',
    versions: ['1', '1.1'],
    pattern: '/notifications/',
    accepted: NOTES_COMMON,
    auth: 'required',
    authMessage: AUTH_MESSAGE,
    handle: list_,
  },
  { method: 'POST', versions: ['1.1'], pattern: '/notifications/read', accepted: ALL_COMMON, auth: 'optional', handle: markRead },
  {
    method: 'POST',
    versions: ['1.1'],
    pattern: '/notifications/seen',
    accepted: ALL_COMMON,
    auth: 'required',
    authMessage: AUTH_MESSAGE,
    handle: seen,
  },
];
