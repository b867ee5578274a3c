import * as vscode from 'vscode';

/** Codicon per note type; unread notes are filled and coloured. */
export function noteIcon(type: string | undefined, unread: boolean): vscode.ThemeIcon {
  const color = unread ? new vscode.ThemeColor('notificationsInfoIcon.foreground') : new vscode.ThemeColor('disabledForeground');
  const base = type ?? '';
  let id: string;
  if (base.startsWith('comment')) id = unread ? 'comment-unresolved' : 'comment';
  else if (base.startsWith('like')) id = unread ? 'heart-filled' : 'heart';
  else if (base.startsWith('follow')) id = 'person-add';
  else id = unread ? 'bell-dot' : 'bell';
  return new vscode.ThemeIcon(id, color);
}

export function typeLabel(type: string | undefined): string {
  if (!type) return vscode.l10n.t('note');
  if (type.startsWith('comment')) return vscode.l10n.t('comment');
  if (type.startsWith('like')) return vscode.l10n.t('like');
  if (type.startsWith('follow')) return vscode.l10n.t('follow');
  return type.replace(/_/g, ' ');
}
