/**
 * What a notification row tells package.json's `when` clauses (its `contextValue`), and the keys of
 * the Notifications view, both read from the note-action catalog. Pure (no vscode), so both are
 * unit-tested against package.json.
 *
 * The contextValue is space-separated words: `note`, `unread` or `read`, then one word per action
 * the note offers (the catalog's entries with `context`, in its order), with `:on` / `:off` for
 * toggles: `note unread approve:off spam trash like:off reply`. Menus match words with regexes,
 * e.g. `viewItem =~ /\bapprove:off\b/` (Approve) and `viewItem =~ /\bapprove:on\b/` (Unapprove).
 */
import type { Notification } from '../../api';
import { noteActions, type NoteActions } from '../../api/noteActions';
import { VIEWS } from '../../ids';
import { BY_KEY, contextWord, keyArgs, keysWhen, tableKeys, type ActionKey } from '../../models/actionCatalog';
import { NOTE_ACTIONS, offeredOn, SHOWN_ENTRIES, type CatalogEntry } from '../../models/noteActionCatalog';

/** The entries a row's contextValue names, in order; entry i has bit 1 + 2i (offered) and 2 + 2i (on). */
export const CONTEXT_ENTRIES: readonly CatalogEntry[] = SHOWN_ENTRIES.filter((e) => e.context);

export { contextWord };

/**
 * The contextValue of each read state and set of offered actions, by a bit mask of them. There are
 * a few dozen in practice: a row looks its string up instead of building one.
 */
const byMask = new Map<number, string>();

/** The row's contextValue for a note as it is shown (`actions`: its noteActions, when the caller has them). */
export function noteContextValue(
  note: Pick<Notification, 'unread' | 'body' | 'meta' | 'status'>,
  actions: NoteActions = noteActions(note),
): string {
  let mask = note.unread > 0 ? 1 : 0;
  for (let i = 0; i < CONTEXT_ENTRIES.length; i++) {
    const offered = offeredOn(actions, CONTEXT_ENTRIES[i]);
    if (offered) mask |= (offered.action.value === true ? 3 : 1) << (1 + 2 * i);
  }
  let value = byMask.get(mask);
  if (value === undefined) {
    value = mask & 1 ? 'note unread' : 'note read';
    CONTEXT_ENTRIES.forEach((e, i) => {
      if (mask & (1 << (1 + 2 * i))) value += ` ${contextWord(e, (mask & (1 << (2 + 2 * i))) !== 0)}`;
    });
    byMask.set(mask, value);
  }
  return value;
}

/** The Notifications view's keys (package.json's keybindings; a unit test checks they agree). */
export const NOTE_KEYS: ReadonlyArray<ActionKey<CatalogEntry>> = tableKeys(NOTE_ACTIONS);

/** When the keys work: the Notifications tree has the focus, and no text input (nor its find box) has. */
export const NOTE_KEYS_WHEN = keysWhen(VIEWS.notifications);

/** A key binding's argument: `[focused row, BY_KEY]` (actionCatalog.ts's keyArgs). */
export const KEY_ARGS = keyArgs(VIEWS.notifications);

/** The tree's focused row, as a key's binding names it. */
export const FOCUSED_ROW_ARG = KEY_ARGS[0];

export { BY_KEY };
