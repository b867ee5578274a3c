import * as vscode from 'vscode';
import type { Notification } from '../api';
import { markReadOnOpen } from '../config';
import { relativeTime } from '../models/relativeTime';
import { NoteNode } from '../views/notifications/noteNode';
import type { DetailWebview } from '../views/detail/detailWebview';
import type { MentionSource } from '../models/mentionSource';
import type { NotificationsModel } from '../models/notificationsModel';
import type { NoteDeps } from '../render/noteSession';
import { COMMANDS } from '../ids';
import type { CommandAuth } from './common';
import { reportFailure } from '../report';

export interface ShowNoteDeps {
  /** The panel notes show in. */
  detail: Pick<DetailWebview, 'showNote'>;
  notes: NotificationsModel;
  /** Acting on the shown note, and its reply draft. */
  noteActions: NoteDeps['actions'];
  drafts: NoteDeps['drafts'];
  /** The @mention suggestions of the reply box. */
  mentions: Pick<MentionSource, 'suggest'>;
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
}

/**
 * Clicking a note shows it, sanitized, in the one detail panel; opening a note marks it read. A
 * note's page has its actions (the tree's commands), the reply box with @-mentions from the note's
 * site, and previous/next through the notes the view shows. (A post of Following or the Reader is
 * shown by its list's command.) The renderer (and its HTML sanitizer) loads on first use, not at activation.
 */
export function registerShowNote(deps: ShowNoteDeps): vscode.Disposable[] {
  const when = (note: Notification) => relativeTime(note.timestamp * 1000, Date.now(), vscode.env.language);

  const { detail, notes, log } = deps;
  const noteDeps: NoteDeps = {
    notes,
    actions: deps.noteActions,
    drafts: deps.drafts,
    // The extension's one mention source (its cache and refusals shared with Markdown), asked for the note's site.
    suggest: async (site, letters) =>
      (await deps.mentions.suggest(letters, undefined, String(site))).map((u) => ({ login: u.user_login, name: u.display_name })),
    run: (command, id) => vscode.commands.executeCommand(command, id),
    open: (id) => {
      const shown = notes.get(id);
      return shown ? openNote(shown) : Promise.resolve();
    },
    log: (m) => log.warn(m),
  };

  async function openNote(note: Notification): Promise<void> {
    await import('../render/index');
    await detail.showNote(note, noteDeps, note.subjectText || vscode.l10n.t('Notification'), when);
    if (note.unread > 0 && markReadOnOpen()) {
      try {
        await notes.markRead([note.id]);
      } catch (err) {
        await reportFailure(deps, err, vscode.l10n.t('Mark as read'));
      }
    }
  }

  return [
    // A row, or a note's id (the message about a new note).
    vscode.commands.registerCommand(COMMANDS.notifications.show, async (node?: vscode.TreeItem | number) => {
      const note =
        typeof node === 'number' ? notes.get(node) : node instanceof NoteNode ? (notes.get(node.note.id) ?? node.note) : undefined;
      if (note) await openNote(note);
    }),
  ];
}
