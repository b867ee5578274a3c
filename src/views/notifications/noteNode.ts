import { dateText } from '../../models/relativeTime';
import * as vscode from 'vscode';
import type { Notification } from '../../api';
import { noteActions } from '../../api/noteActions';
import { COMMANDS } from '../../ids';
import { localized } from '../../localize';
import { offeredOn, SHOWN_ENTRIES } from '../../models/noteActionCatalog';
import { noteContextValue } from './noteContext';
import { hover } from '../common/hover';
import { icon, md, mdLink } from '../common/markdown';
import { noteIcon, typeLabel } from './noteIcons';

const ROW_STATES = SHOWN_ENTRIES.filter((e) => e.rowState);

/**
 * What every row of one render says alike, read once per render instead of once per row: the
 * l10n strings, the type names, the icons (one ThemeIcon per type and read state, shared by the
 * rows), the clock and the editor's language.
 */
export class RowText {
  /** The clock and the language a row's relative time is read with (`relativeTime(ms, now, locale)`). */
  readonly now = Date.now();
  readonly locale = vscode.env.language;
  readonly noSubject = vscode.l10n.t('(no subject)');
  readonly show = vscode.l10n.t('Show Notification');
  readonly unread = `${vscode.l10n.t('Unread')}: `;
  /** What a row says of an action's state beside its type (the catalog's rowState: pending, liked). */
  readonly states = ROW_STATES.map((e) => ({ entry: e, when: e.rowState!.when, text: ` · ${localized(e.rowState!.text)}` }));
  /** Per note type: its name and its icons when read and unread (looked up once per row). */
  readonly kinds = new Map<string | undefined, Kind>();

  kind(type: string | undefined): Kind {
    const kind: Kind = { label: typeLabel(type), icons: [noteIcon(type, false), noteIcon(type, true)] };
    this.kinds.set(type, kind);
    return kind;
  }
}

interface Kind {
  label: string;
  icons: [read: vscode.ThemeIcon, unread: vscode.ThemeIcon];
}

/** Read once: the bundle reaches every `vscode.X` through a getter. */
const NONE = vscode.TreeItemCollapsibleState.None;

export class NoteNode extends vscode.TreeItem {
  // Declared, not class fields: a field is defined on every new row before the constructor sets it.
  declare readonly note: Notification;
  /** The note's relative time as this row shows it (read with RowText's clock and language). */
  declare readonly when: string;

  constructor(note: Notification, when: string, text: RowText) {
    super(note.subjectText || text.noSubject, NONE);
    this.note = note;
    this.when = when;
    const unread = note.unread > 0;
    this.id = `note-${note.id}`;
    // What the row says of the note's state beside its type: pending (a comment awaiting approval), liked.
    const actions = noteActions(note);
    let state = '';
    for (const r of text.states) if (offeredOn(actions, r.entry)?.action.value === r.when) state += r.text;
    const kind = text.kinds.get(note.type) ?? text.kind(note.type);
    const description = `${unread ? '● ' : ''}${kind.label}${state} · ${when}`;
    this.description = description;
    this.iconPath = kind.icons[unread ? 1 : 0];
    this.contextValue = noteContextValue(note, actions);
    this.command = { command: COMMANDS.notifications.show, title: text.show, arguments: [this] };
    this.accessibilityInformation = { label: `${unread ? text.unread : ''}${this.label as string}, ${description}` };
  }

  /** Built when the user hovers (resolveTreeItem). The note's text is escaped, its link checked (common/markdown.ts). */
  buildTooltip(): vscode.MarkdownString {
    const n = this.note;
    // What the user did (the catalog's `done` sentences: liked the comment or the post, replied).
    const actions = noteActions(n);
    const done = SHOWN_ENTRIES.map((e) => {
      const offered = e.doneSentence || e.fallback ? offeredOn(actions, e) : undefined;
      const sentence = offered?.action.value === true ? offered.entry.doneSentence : undefined;
      return sentence && md`\n\n${icon(sentence.icon)} ${localized(sentence.text)}`;
    });
    const open = mdLink(vscode.l10n.t('Open in browser'), n.url);
    return hover`**${n.subjectText}**\n\n${icon(n.unread > 0 ? 'circle-filled' : 'check')} ${n.unread > 0 ? vscode.l10n.t('{0} unread', n.unread) : vscode.l10n.t('Read')} · ${typeLabel(n.type)}${dateText(n.timestamp * 1000) && md` · ${dateText(n.timestamp * 1000)}`}${n.status?.approval_status && md`\n\n${vscode.l10n.t('Status: {0}', n.status.approval_status)}`}${done}${open.value && md`\n\n${open}`}`;
  }
}
