/**
 * Every action on a comment of the Comments view, said once (the shape is actionCatalog.ts's): its
 * labels, icons, key, command, menus and context word, and how a comment offers it, shows it and
 * confirms it (`offers`, `value`, `status`, `confirms`). The rows (commentNodes.ts), the commands
 * (commentCommands.ts, by kind), their work (commentCommands.work.ts), the model (commentsModel.ts), the
 * manifest and the shortcut list read this table. No vscode here.
 */
import type { Comment } from '../api';
import { CONTEXT_KEYS, VIEWS } from '../ids';
import { actionTable, type ActionEntry, type ActionTable, type Written } from './actionCatalog';

export interface CommentEntry extends ActionEntry {
  /** Whether it applies to the comment as shown (`on`: only a toggle that goes that way). */
  offers?(c: Comment, on?: boolean): boolean;
  /** A toggle's state on the comment (approved, liked). */
  value?(c: Comment): boolean;
  /** The status the comment moves to (a move: approve, restore, spam, trash). */
  status?(c: Comment, on: boolean): string;
  /** Whether the comment as the service has it now (read back after a lost answer; none: gone) shows it done. */
  confirms?(now: Comment | undefined, on: boolean): boolean;
}

const moderator = (c: Comment) => c.can_moderate !== false;
const live = (c: Comment) => c.status === 'approved' || c.status === 'unapproved';
const binned = (c: Comment) => c.status === 'trash' || c.status === 'spam';
/** A toggle offered one way or the other (`on` undefined), or only the way that changes it. */
const goes = (value: boolean, on?: boolean) => on === undefined || value !== on;
/** Where a comment goes back to when restored: a trashed one waits in Pending; a spam one is approved ("Not spam"). */
const RESTORED: Readonly<Record<string, string>> = { trash: 'unapproved', spam: 'approved' };

const WRITTEN: readonly Written<CommentEntry>[] = [
  {
    id: 'approve',
    kind: 'toggle',
    labels: {
      title: 'Approve Comment',
      on: 'Approve',
      off: 'Unapprove',
      done: 'Approved',
      hint: ['Approve', 'Unapprove'],
      key: 'Approve or unapprove the comment',
    },
    offTitle: 'Unapprove Comment',
    icons: ['pass', 'circle-slash'],
    key: 'a',
    inline: 1,
    inlineOff: true,
    menu: '3_act@1',
    context: true,
    offers: (c, on) => moderator(c) && live(c) && goes(c.status === 'approved', on),
    value: (c) => c.status === 'approved',
    status: (_c, on) => (on ? 'approved' : 'unapproved'),
    confirms: (now, on) => now?.status === (on ? 'approved' : 'unapproved'),
  },
  {
    id: 'like',
    kind: 'toggle',
    labels: {
      title: 'Like Comment',
      on: 'Like',
      off: 'Unlike',
      done: 'Liked',
      hint: ['Like the comment', 'Unlike the comment'],
      key: 'Like or unlike the comment',
    },
    offTitle: 'Unlike Comment',
    icons: ['heart', 'heart-filled'],
    key: 'l',
    menu: '3_act@2',
    context: true,
    doneSentence: { icon: 'heart-filled', text: 'You liked this comment.' },
    offers: (c, on) => c.status === 'approved' && goes(c.i_like === true, on),
    value: (c) => c.i_like === true,
    confirms: (now, on) => now?.i_like === on,
  },
  // A comment in the spam or the trash is restored or deleted for good, as in WordPress: trashing
  // a spam comment would delete it for good (the service does), behind an Undo that looks harmless.
  {
    id: 'spam',
    kind: 'remove',
    labels: {
      title: 'Mark Comment as Spam',
      on: 'Mark as Spam',
      off: 'Mark as Spam',
      done: 'Spam',
      hint: ['Mark as spam', 'Mark as spam'],
      key: 'Mark the comment as spam (with Undo)',
    },
    icons: ['report'],
    key: 's',
    menu: '4_remove@2',
    context: true,
    offers: (c) => moderator(c) && !binned(c),
    status: () => 'spam',
    confirms: (now) => now?.status === 'spam',
    removed: {
      one: 'Comment marked as spam.',
      many: '{0} comments marked as spam.',
      failed: '{0} of the comments could not be marked as spam; they are back in the list.',
    },
  },
  {
    id: 'trash',
    kind: 'remove',
    labels: {
      title: 'Trash Comment',
      on: 'Trash',
      off: 'Trash',
      done: 'Trash',
      hint: ['Move to the trash', 'Move to the trash'],
      key: 'Trash the comment (with Undo)',
    },
    icons: ['trash'],
    key: 't',
    menu: '4_remove@3',
    context: true,
    offers: (c) => moderator(c) && !binned(c),
    status: () => 'trash',
    confirms: (now) => now?.status === 'trash',
    removed: {
      one: 'Comment trashed.',
      many: '{0} comments trashed.',
      failed: '{0} of the comments could not be trashed; they are back in the list.',
    },
  },
  {
    id: 'restore',
    kind: 'act',
    labels: {
      title: 'Restore Comment',
      on: 'Restore',
      off: 'Restore',
      done: 'Restored',
      hint: ['Restore the comment', 'Restore the comment'],
      key: 'Restore the comment from Spam or Trash',
    },
    icons: ['discard'],
    key: 'o',
    inline: 2,
    menu: '4_remove@1',
    context: true,
    offers: (c) => moderator(c) && binned(c),
    status: (c) => RESTORED[c.status] ?? c.status,
    confirms: (now) => now !== undefined && !binned(now),
  },
  {
    id: 'delete',
    kind: 'act',
    labels: {
      title: 'Delete Comment Permanently',
      on: 'Delete Permanently',
      off: 'Delete Permanently',
      done: 'Deleted',
      hint: ['Delete the comment permanently', 'Delete the comment permanently'],
      key: 'Delete the comment permanently (asks first)',
    },
    icons: ['close'],
    key: 'delete',
    menu: '4_remove@4',
    context: true,
    confirm: {
      one: 'Delete this comment permanently? This cannot be undone.',
      many: 'Delete {0} comments permanently? This cannot be undone.',
      yes: 'Delete Permanently',
    },
    offers: (c) => moderator(c) && binned(c),
    // Gone is done: only a 404 says so (the model asks; another failure leaves it unknown).
    confirms: (now) => now === undefined,
  },
  {
    id: 'reply',
    kind: 'reply',
    labels: { title: 'Reply to Comment…', on: 'Reply', off: 'Reply', done: 'Reply', hint: ['Reply', 'Reply'], key: 'Reply…' },
    icons: ['reply'],
    key: 'r',
    inline: 3,
    menu: '3_act@3',
    context: true,
    offers: live,
  },
  {
    id: 'edit',
    kind: 'edit',
    labels: {
      title: 'Edit Comment…',
      on: 'Edit Comment',
      off: 'Edit Comment',
      done: 'Edit Comment',
      hint: ['Edit the comment', 'Edit the comment'],
      key: 'Edit the comment…',
    },
    icons: ['edit'],
    key: 'e',
    menu: '3_act@4',
    context: true,
    offers: moderator,
  },
  {
    id: 'undo',
    kind: 'local',
    labels: {
      title: 'Undo Comment Spam or Trash',
      on: 'Undo',
      off: 'Undo',
      done: 'Undo',
      hint: ['Undo', 'Undo'],
      key: 'Undo the last spam or trash',
    },
    icons: ['discard'],
    undoes: true,
    key: 'u',
    palette: `${CONTEXT_KEYS.signedIn} && ${CONTEXT_KEYS.siteChosen}`,
  },
];

/** The Comments view's table: commands `contentSite.comments.<id>`, shown only on rows (the palette has Undo). */
export const COMMENT_ACTIONS: ActionTable<CommentEntry> = actionTable({
  label: 'Comments',
  item: 'comment',
  prefix: VIEWS.comments,
  views: [VIEWS.comments],
  palette: 'false',
  written: WRITTEN,
});

/** Whether the entry `id` applies to the comment as shown (`on`: only the toggles that go that way). */
export function offers(c: Comment, id: string, on?: boolean): boolean {
  return COMMENT_ACTIONS.entry(id).offers?.(c, on) ?? false;
}
