/**
 * How a Reader post's row shows what the reader did (Following, Freshly Pressed and a tag's posts
 * alike): an unseen post has a filled dot for its icon, the row's description says liked; the hover
 * (readerPostHover.ts, loaded with the first) says what the catalog's `doneSentence`s say, and why
 * the post offers less (an external feed, closed comments).
 */
import * as vscode from 'vscode';
import { localized } from '../../localize';
import { READER_ACTIONS, type ReaderPost } from '../../models/readerActionCatalog';

/** Unseen: the dot the notifications give an unread note; seen (or not said, on older answers): the list's own icon. */
export function readerPostIcon(p: ReaderPost, seenIcon: string): vscode.ThemeIcon {
  return p.is_seen === false
    ? new vscode.ThemeIcon('circle-filled', new vscode.ThemeColor('notificationsInfoIcon.foreground'))
    : new vscode.ThemeIcon(seenIcon);
}

/** The words a row adds to its description for the toggles that are on (liked). */
export function readerRowStates(p: ReaderPost): string[] {
  const words: string[] = [];
  for (const e of READER_ACTIONS.shown) if (e.rowState && e.value?.(p) === e.rowState.when) words.push(localized(e.rowState.text));
  if (p.is_seen === false) words.unshift(vscode.l10n.t('unseen'));
  return words;
}
