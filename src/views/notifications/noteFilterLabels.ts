import * as vscode from 'vscode';
import type { NoteFilter } from '../../models/noteFilters';
import { filterId } from '../../models/noteFilters';
import { typeLabel } from './noteIcons';

/** The presets' names and what an empty list says under each. */
const PRESET_TEXT: Record<string, () => { label: string; empty: string }> = {
  all: () => ({ label: vscode.l10n.t('All'), empty: vscode.l10n.t('No notifications yet.') }),
  unread: () => ({ label: vscode.l10n.t('Unread'), empty: vscode.l10n.t("You're all caught up!") }),
  comment: () => ({ label: vscode.l10n.t('Comments'), empty: vscode.l10n.t('No comments yet.') }),
  follow: () => ({ label: vscode.l10n.t('Follows'), empty: vscode.l10n.t('No new followers yet.') }),
  like: () => ({ label: vscode.l10n.t('Likes'), empty: vscode.l10n.t('No likes yet.') }),
};

function textOf(filter: NoteFilter): { label: string; empty: string } {
  const id = filterId(filter);
  if (Object.hasOwn(PRESET_TEXT, id)) return PRESET_TEXT[id]();
  const label = typeLabel(id, 'plural');
  return { label, empty: vscode.l10n.t('No notifications of this kind: {0}.', label) };
}

/** What the filter picker and the view's header call a filter. */
export function filterLabel(filter: NoteFilter): string {
  return textOf(filter).label;
}

/** What an empty list says under a filter. */
export function emptyMessage(filter: NoteFilter): string {
  return textOf(filter).empty;
}
