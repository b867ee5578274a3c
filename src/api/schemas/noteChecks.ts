/**
 * Checks of a notes answer beyond its schema, built with the schemas (a chunk of its own): they run
 * only on an answer.
 */
import type { Notification } from '../notificationShape';
import { leaveOut, type SkippedItem } from './common';
import type { RawNotification } from './notification';

/**
 * The fields the service always sends when asked for (a note in the older shape says `read` and
 * `date` instead): a note that comes without one it was asked for is not a note to show, never a
 * note with no time, no text or no read state.
 */
const ASKED_FIELDS: ReadonlyArray<[asked: string, carriedAs: ReadonlyArray<keyof RawNotification>]> = [
  ['type', ['type']],
  ['unread', ['unread', 'read']],
  ['timestamp', ['timestamp', 'date']],
  ['subject', ['subject']],
  ['body', ['body']],
];

/** The first field asked for (`fields`) that the note came without, said as a problem, or undefined. */
export function missingFromNote(note: RawNotification, fields: string | readonly string[] | undefined): string | undefined {
  if (fields === undefined) return undefined;
  const asked = new Set((typeof fields === 'string' ? fields.split(',') : fields).map((f) => f.trim()));
  for (const [field, carriedAs] of ASKED_FIELDS)
    if (asked.has(field) && carriedAs.every((k) => note[k] === undefined)) return `${field}: asked for, not sent`;
  return undefined;
}

/**
 * The notes of a list answer that carry each field asked for; every other one is left out and told
 * to the request's log, as an item lenientArray could not read is. `leftOut` names all the notes
 * the answer held and the list does not (these, and `skipped`, which the schema left out), by their
 * ids as the list keys them: the poll leaves them out too (pollChanges).
 *
 * `note_hash` is not one of those fields: a note without it is shown like any other (the poll counts
 * it as changed, see pollChanges). The service sends it with every note, whatever `fields` says.
 */
export function notesAsAsked(
  notes: readonly RawNotification[],
  fields: string | readonly string[] | undefined,
  skipped: readonly SkippedItem[],
): { notes: RawNotification[]; unreadable: number; leftOut: string[] } {
  const kept: RawNotification[] = [];
  const left = [...skipped];
  for (const note of notes) {
    const problem = missingFromNote(note, fields);
    if (problem === undefined) kept.push(note);
    else {
      const item = { where: 'notes', id: note.id, problem };
      left.push(item);
      leaveOut(item);
    }
  }
  return { notes: kept, unreadable: left.length, leftOut: left.flatMap((s) => (s.id === undefined ? [] : [String(s.id)])) };
}

/**
 * Which notes of a poll's page changed since the service last sent them (`known`, newest first), by
 * their hashes; undefined when the page's notes are not the ones known (one came or went: the first
 * page is read again). The notes the list left out unread (`leftOut`) are left out of the page first,
 * or every poll would find them new.
 *
 * A note without its `note_hash` cannot be compared: it counts as changed (fetched again at every
 * poll), told to `log` once per note (`told` holds the ones told). A page of several notes none of
 * which carries a hash is refused whole (the poll fails and backs off): compared, every note would
 * count as changed at every poll.
 */
export function pollChanges(
  polled: readonly Pick<Notification, 'id' | 'note_hash'>[],
  known: readonly Pick<Notification, 'id' | 'note_hash'>[],
  leftOut: readonly string[],
  told: Set<number>,
  log?: (message: string) => void,
): number[] | undefined {
  const page = polled.filter((n) => !leftOut.includes(String(n.id)));
  if (page.length > 1 && page.every((n) => n.note_hash === undefined))
    throw new Error(`none of the ${page.length} notes of the poll came with its note_hash`);
  const was = known.slice(0, page.length);
  if (was.length !== page.length || was.some((n, i) => n.id !== page[i].id)) return undefined;
  for (const n of page)
    if (n.note_hash === undefined && !told.has(n.id)) {
      told.add(n.id);
      log?.(`Note ${n.id} came without its note_hash: each poll loads it again.`);
    }
  return page.filter((n, i) => n.note_hash === undefined || String(n.note_hash) !== String(was[i].note_hash)).map((n) => n.id);
}
