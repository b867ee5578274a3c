/**
 * What a notification row tells package.json's `when` clauses (its `contextValue`), and the keys of
 * the Notifications view. Pure (no vscode), so both are unit-tested against package.json.
 *
 * The contextValue is space-separated words: `note`, `unread` or `read`, then one word per action
 * the note offers, with `:on` / `:off` for those that have a state:
 * `note unread approve:off spam trash like:off reply`. Menus match words with regexes, e.g.
 * `viewItem =~ /\bapprove:off\b/` (Approve) and `viewItem =~ /\bapprove:on\b/` (Unapprove).
 */
import type { Notification } from '../../api';
import { noteActions, type NoteActions } from '../../api/noteActions';
import { COMMANDS } from '../../ids';

/** A word of the contextValue per offered action. `like` is the comment's like, or else the post's. */
export type ContextWord = 'approve' | 'spam' | 'trash' | 'like' | 'follow' | 'reply' | 'edit';

/** Words with an on/off state, in the order they appear. */
const STATEFUL: ReadonlySet<ContextWord> = new Set(['approve', 'like', 'follow']);

/** The action of `word` on a note (like falls back to the post's like). */
export function actionFor(actions: NoteActions, word: ContextWord) {
  if (word === 'like') return actions.like ?? actions.likePost;
  return actions[word];
}

const WORDS: readonly ContextWord[] = ['approve', 'spam', 'trash', 'like', 'follow', 'reply', 'edit'];

/**
 * The contextValue of each read state and set of offered actions, by a bit mask of them (bit 0:
 * unread; per word i of WORDS, bit 1 + 2i: offered, bit 2 + 2i: on). There are a few dozen in
 * practice: a row looks its string up instead of building one.
 */
const byMask = new Map<number, string>();

/** The row's contextValue for a note as it is shown (`actions`: its noteActions, when the caller has them). */
export function noteContextValue(
  note: Pick<Notification, 'unread' | 'body' | 'meta' | 'status'>,
  actions: NoteActions = noteActions(note),
): string {
  // One line per word of WORDS, in its order: bit 1 + 2i when offered, and bit 2 + 2i too when on
  // (written out, not a call per word: this runs for every row of a first render).
  const { approve, spam, trash, follow, reply, edit } = actions;
  const like = actions.like ?? actions.likePost;
  let mask = note.unread > 0 ? 1 : 0;
  if (approve) mask |= approve.value === true ? 3 << 1 : 1 << 1;
  if (spam) mask |= spam.value === true ? 3 << 3 : 1 << 3;
  if (trash) mask |= trash.value === true ? 3 << 5 : 1 << 5;
  if (like) mask |= like.value === true ? 3 << 7 : 1 << 7;
  if (follow) mask |= follow.value === true ? 3 << 9 : 1 << 9;
  if (reply) mask |= reply.value === true ? 3 << 11 : 1 << 11;
  if (edit) mask |= edit.value === true ? 3 << 13 : 1 << 13;
  let value = byMask.get(mask);
  if (value === undefined) {
    value = mask & 1 ? 'note unread' : 'note read';
    WORDS.forEach((word, i) => {
      if (mask & (1 << (1 + 2 * i))) value += STATEFUL.has(word) ? ` ${word}:${mask & (1 << (2 + 2 * i)) ? 'on' : 'off'}` : ` ${word}`;
    });
    byMask.set(mask, value);
  }
  return value;
}

/** The Notifications view's keys (package.json's keybindings; a unit test checks they agree). */
export const NOTE_KEYS: ReadonlyArray<{ key: string; command: string }> = [
  { key: 'a', command: COMMANDS.notifications.approve },
  { key: 's', command: COMMANDS.notifications.spam },
  { key: 't', command: COMMANDS.notifications.trash },
  { key: 'l', command: COMMANDS.notifications.like },
  { key: 'r', command: COMMANDS.notifications.reply },
  { key: 'u', command: COMMANDS.notifications.undo },
  { key: 'm', command: COMMANDS.notifications.toggleRead },
  { key: 'e', command: COMMANDS.notifications.edit },
];

/** When the keys work: the Notifications tree has the focus, and no text input (nor its find box) has. */
export const NOTE_KEYS_WHEN = 'focusedView == contentSite.notifications && listFocus && !inputFocus && !treeFindOpen';
