import * as vscode from 'vscode';
import type { Notification } from '../../api';
import { noteActions } from '../../api/noteActions';
import { relativeTime } from '../../models/relativeTime';
import { COMMANDS } from '../../ids';
import { actionFor, noteContextValue } from './noteContext';
import { noteIcon, typeLabel } from './noteIcons';

export class NoteNode extends vscode.TreeItem {
  constructor(readonly note: Notification) {
    super(note.subjectText || vscode.l10n.t('(no subject)'), vscode.TreeItemCollapsibleState.None);
    const unread = note.unread > 0;
    this.id = `note-${note.id}`;
    const state = noteState(note);
    this.description = `${unread ? '● ' : ''}${typeLabel(note.type)}${state.map((s) => ` · ${s}`).join('')} · ${relativeTime(note.timestamp * 1000, Date.now(), vscode.env.language)}`;
    this.iconPath = noteIcon(note.type, unread);
    this.contextValue = noteContextValue(note);
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
    const actions = noteActions(n);
    if (actionFor(actions, 'like')?.value) md.appendMarkdown(`\n\n$(heart-filled) ${actions.like ? vscode.l10n.t('You liked this comment.') : vscode.l10n.t('You liked this post.')}`);
    if (actions.reply?.value) md.appendMarkdown(`\n\n$(reply) ${vscode.l10n.t('You replied.')}`);
    if (n.url) md.appendMarkdown(`\n\n[${vscode.l10n.t('Open in browser')}](${n.url})`);
    return md;
  }
}

/** What the row says of the note's state beside its type: pending (a comment awaiting approval), liked. */
function noteState(note: Notification): string[] {
  const actions = noteActions(note);
  const out: string[] = [];
  if (actions.approve?.value === false) out.push(vscode.l10n.t('pending'));
  if (actionFor(actions, 'like')?.value) out.push(vscode.l10n.t('liked'));
  return out;
}

export function escapeMd(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>$]/g, '\\$&');
}
