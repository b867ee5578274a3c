/**
 * What the notes say of their comments' status, told to SiteChanges as the service sent it: a new
 * note about a comment (pushed, polled, or in a first page read again) tells its status, and a note
 * the service sent again with its approve state changed (the comment moderated elsewhere) tells the
 * new one. Notes seen for the first time in a load are only remembered. Reads what the service
 * sent (`sent`), never the user's pending operations. No vscode here.
 */
import { noteActions, type Notification } from '../api';
import type { CommentChange } from './siteChanges';

interface WatchedList {
  sent(): Iterable<Notification>;
  onDidChange(listener: () => void): { dispose(): void };
  onDidAdd(listener: (notes: readonly Notification[]) => void): { dispose(): void };
}

type Approve = { site: number; comment: number; value: boolean } | undefined;

export function watchNoteComments(list: WatchedList, tell: (change: CommentChange) => void): { dispose(): void } {
  /** Each note object's approve action (a note the service sent again is a new object). */
  const read = new WeakMap<Notification, Approve>();
  /** The approve state last seen of each comment, by site and comment. */
  const seen = new Map<string, boolean>();
  const approveOf = (n: Notification): Approve => {
    if (read.has(n)) return read.get(n);
    const a = noteActions(n).approve;
    const v = a && a.value !== undefined ? { site: a.site, comment: a.comment, value: a.value } : undefined;
    read.set(n, v);
    return v;
  };
  const told = (a: NonNullable<Approve>) => tell({ siteId: a.site, id: a.comment, status: a.value ? 'approved' : 'unapproved' });

  const subs = [
    list.onDidChange(() => {
      for (const n of list.sent()) {
        const a = approveOf(n);
        if (!a) continue;
        const key = `${a.site}:${a.comment}`;
        const before = seen.get(key);
        seen.set(key, a.value);
        if (before !== undefined && before !== a.value) told(a);
      }
    }),
    list.onDidAdd((notes) => {
      for (const n of notes) {
        const a = approveOf(n);
        if (!a) continue;
        seen.set(`${a.site}:${a.comment}`, a.value);
        told(a);
      }
    }),
  ];
  return { dispose: () => subs.forEach((s) => s.dispose()) };
}
