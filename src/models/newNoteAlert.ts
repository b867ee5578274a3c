/**
 * "Notify me of new notes" (`off | mentions | all`): whether a note that just arrived deserves a
 * message, however it arrived (new to the list: NotificationsModel.onDidArrive, from a push, a poll
 * or the re-read after a reconnect), and each note told once (NewNoteTeller). No vscode here.
 *
 * `all`: every new note still unread (one read elsewhere before it arrived was already seen).
 * `mentions`: only the new unread notes addressed to the user, as the note shapes tell it
 * (content-site-api.md, note-actions.md and the seed's notes):
 * - a note of type `mention`;
 * - a comment that names the user: a block of type `comment` whose ranges hold a `user` range with
 *   the user's id (the block shape real notes use for "@demo …", as the seed's mention notes do);
 * - a comment in a conversation the user took part in: `status.i_replied`, or `meta.ids.reply_comment`
 *   (the two fields the spec has for "the user replied here"), so the new comment answers them.
 * A comment on the user's own post that neither names them nor follows their reply is not "to them":
 * it shows under `all` only. Likes, follows and achievements are never mentions.
 */
import type { Notification } from '../api';
import type { SETTINGS, ValueOf } from '../settings';

/** The setting's values are its catalog entry's enum (settings.ts), read and checked by config.ts. */
export type NewNoteAlert = ValueOf<typeof SETTINGS.notifyNew>;

/** Whether to show a message for `note`, new to the list, under `setting`; `me` is the signed-in user's ID. */
export function shouldAlert(note: Notification, setting: NewNoteAlert, me: number | undefined): boolean {
  if (setting === 'off' || note.unread <= 0) return false;
  return setting === 'all' || addressedTo(note, me);
}

export interface NewNoteTellerOptions {
  setting(): NewNoteAlert;
  /** The signed-in user's ID. */
  me(): number | undefined;
  /** Shows the message for these notes (one or more). */
  tell(notes: readonly Notification[]): void;
}

/**
 * Tells the notes that arrived and deserve a message, each at most once per sign-in, whichever way
 * (or ways, when a push and a poll race) it arrived: a note is judged the first time it arrives.
 */
export class NewNoteTeller {
  private readonly seen = new Set<number>();

  constructor(private readonly o: NewNoteTellerOptions) {}

  arrived(notes: readonly Notification[]): void {
    const setting = this.o.setting();
    const me = this.o.me();
    const told = notes.filter((n) => !this.seen.has(n.id) && shouldAlert(n, setting, me));
    for (const n of notes) this.seen.add(n.id);
    if (told.length > 0) this.o.tell(told);
  }

  /** Signed out or in as someone else. */
  reset(): void {
    this.seen.clear();
  }
}

/** Whether a note mentions the user or answers them (see the top of this file). */
export function addressedTo(note: Notification, me: number | undefined): boolean {
  if (note.type === 'mention') return true;
  if (note.type !== 'comment') return false;
  if (note.status?.i_replied === true || idOf(note.meta, 'reply_comment') !== undefined) return true;
  return me !== undefined && namesUser(note.body, me);
}

function namesUser(body: Notification['body'], me: number): boolean {
  if (!Array.isArray(body)) return false;
  return body.some((block) => block.type === 'comment' && (block.ranges ?? []).some((r) => r.type === 'user' && Number(r.id) === me));
}

function idOf(meta: unknown, name: string): number | undefined {
  const v = (meta as { ids?: Record<string, unknown> } | undefined)?.ids?.[name];
  return typeof v === 'number' && v > 0 ? v : undefined;
}
