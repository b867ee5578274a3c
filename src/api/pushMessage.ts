/**
 * The push channel's messages (../shared/spec/realtime.md): small JSON texts naming a note that was
 * added or changed (`push`) or removed (`delete`). Anything else is not one of them: the caller
 * ignores it (and logs why), never guesses.
 */

/** A note was added or changed: fetch it. The other fields are what the service says of it. */
export interface NotePushed {
  action: 'push';
  note_id: number;
  user_id?: number;
  /** Unix seconds. */
  newest_note_time?: number;
  newest_note_type?: string;
}

/** A note was removed. */
export interface NoteDeleted {
  action: 'delete';
  note_id: number;
}

export type PushMessage = NotePushed | NoteDeleted;

export type ParsedPush = { ok: true; message: PushMessage } | { ok: false; reason: string };

/** Reads one text frame; binary frames and anything not a push or a delete of a note id are refused with a reason. */
export function parsePushMessage(data: unknown): ParsedPush {
  if (typeof data !== 'string') return { ok: false, reason: 'a binary frame' };
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'not a JSON object' };
  const m = value as Record<string, unknown>;
  if (m.action !== 'push' && m.action !== 'delete') return { ok: false, reason: `an unknown action (${describe(m.action)})` };
  if (!isId(m.note_id)) return { ok: false, reason: `no note id (note_id ${describe(m.note_id)})` };
  if (m.action === 'delete') return { ok: true, message: { action: 'delete', note_id: m.note_id } };
  const message: NotePushed = { action: 'push', note_id: m.note_id };
  if (isId(m.user_id)) message.user_id = m.user_id;
  if (typeof m.newest_note_time === 'number' && Number.isFinite(m.newest_note_time)) message.newest_note_time = m.newest_note_time;
  if (typeof m.newest_note_type === 'string') message.newest_note_type = m.newest_note_type;
  return { ok: true, message };
}

function isId(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
}

/** A short, safe description of a value for a log line (never the whole of a long string). */
function describe(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (v === undefined) return 'missing';
  return typeof v === 'object' ? (v === null ? 'null' : 'an object') : String(v);
}
