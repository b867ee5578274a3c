/**
 * Checks of a notes answer beyond its schema, built with the schemas (dist/schemas.js): they run
 * only on an answer.
 */
import type { RawNotification } from './notification';

/**
 * The fields the service always sends when asked for (a note in the older shape says `read` and
 * `date` instead): a note that comes without one it was asked for is an answer the client cannot
 * read, never a note with no time, no text or no read state.
 */
const ASKED_FIELDS: ReadonlyArray<[asked: string, carriedAs: ReadonlyArray<keyof RawNotification>]> = [
  ['type', ['type']],
  ['unread', ['unread', 'read']],
  ['timestamp', ['timestamp', 'date']],
  ['subject', ['subject']],
  ['body', ['body']],
];

/** What the notes of an answer lack that the service always sends (`note_hash`, and each field asked for), or undefined. */
export function missingFromNotes(notes: readonly RawNotification[], fields: string | readonly string[] | undefined): string | undefined {
  // The service sends `note_hash` with every note, whatever `fields` says, and the poll compares
  // hashes only: an answer without one is the service's fault, not one odd note (which a list
  // would leave out, and a poll would then read as gone).
  for (const note of notes) if (note.note_hash === undefined) return `note ${note.id} came without its note_hash`;
  if (fields === undefined) return undefined;
  const asked = new Set((typeof fields === 'string' ? fields.split(',') : fields).map((f) => f.trim()));
  for (const note of notes)
    for (const [field, carriedAs] of ASKED_FIELDS)
      if (asked.has(field) && carriedAs.every((k) => note[k] === undefined))
        return `note ${note.id} came without its ${field}, which was asked for`;
  return undefined;
}
