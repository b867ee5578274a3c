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

/** Each word as the contextValue spells it, done and not done (the same for a word without a state). */
const SPELLED: ReadonlyArray<readonly [on: string, off: string]> = WORDS.map((w) => (STATEFUL.has(w) ? [` ${w}:on`, ` ${w}:off`] : [` ${w}`, ` ${w}`]));

/** The row's contextValue for a note as it is shown (built for every row of a render: no arrays, no joins). */
export function noteContextValue(note: Pick<Notification, 'unread' | 'body' | 'meta' | 'status'>): string {
  const actions = noteActions(note);
  let value = note.unread > 0 ? 'note unread' : 'note read';
  for (let i = 0; i < WORDS.length; i++) {
    const action = actionFor(actions, WORDS[i]);
    if (action) value += SPELLED[i][action.value === true ? 0 : 1];
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
