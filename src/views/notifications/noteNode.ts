import * as vscode from 'vscode';
import type { Notification } from '../../api';
import { relativeTime } from '../../models/relativeTime';
import { COMMANDS } from '../../ids';
import { noteIcon, typeLabel } from './noteIcons';

export class NoteNode extends vscode.TreeItem {
  constructor(readonly note: Notification) {
    super(note.subjectText || vscode.l10n.t('(no subject)'), vscode.TreeItemCollapsibleState.None);
    const unread = note.unread > 0;
    this.id = `note-${note.id}`;
    this.description = `${unread ? '● ' : ''}${typeLabel(note.type)} · ${relativeTime(note.timestamp * 1000, Date.now(), vscode.env.language)}`;
    this.iconPath = noteIcon(note.type, unread);
    this.contextValue = unread ? 'note.unread' : 'note.read';
    this.command = { command: COMMANDS.notifications.show, title: vscode.l10n.t('Show Notification'), arguments: [this] };
    this.accessibilityInformation = { label: `${unread ? vscode.l10n.t('Unread') + ': ' : ''}${this.label as string}, ${this.description}` };
  }

  /** Built when the user hovers (resolveTreeItem). */
  buildTooltip(): vscode.MarkdownString {
    const n = this.note;
    const md = new vscode.MarkdownString(undefined, true);
    md.appendMarkdown(`**${escapeMd(n.subjectText)}**\n\n`);
    md.appendMarkdown(`$(${n.unread > 0 ? 'circle-filled' : 'check'}) ${n.unread > 0 ? vscode.l10n.t('{0} unread', n.unread) : vscode.l10n.t('Read')} · `);
    md.appendMarkdown(`${escapeMd(typeLabel(n.type))} · ${new Date(n.timestamp * 1000).toLocaleString()}`);
    if (n.status?.approval_status) md.appendMarkdown(`\n\n${vscode.l10n.t('Status: {0}', escapeMd(n.status.approval_status))}`);
    if (n.url) md.appendMarkdown(`\n\n[${vscode.l10n.t('Open in browser')}](${n.url})`);
    return md;
  }
}

export function escapeMd(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>$]/g, '\\$&');
}
