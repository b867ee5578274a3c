import * as vscode from 'vscode';
import { loadRender } from '../lazy/loadRender';
import { markReadOnOpen } from '../config';
import { relativeTime } from '../models/relativeTime';
import { FeedPostNode } from '../views/following/feedPostNode';
import { NoteNode } from '../views/notifications/noteNode';
import { COMMANDS } from '../ids';
import { reportError, type CommandContext } from './commandContext';

/**
 * Clicking a note or a post shows it, sanitized, in the one detail panel; a note can be marked read.
 * The renderer (and its HTML sanitizer) loads on first use, not at activation.
 */
export function registerShowDetail(ctx: CommandContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.notifications.show, async (node?: vscode.TreeItem) => {
      if (!(node instanceof NoteNode)) return;
      const note = ctx.notifications.model.get(node.note.id) ?? node.note;
      const { noteHtml } = await loadRender();
      await ctx.detail.show(note.subjectText || vscode.l10n.t('Notification'), noteHtml(note, relativeTime(note.timestamp * 1000, Date.now(), vscode.env.language)));
      if (note.unread > 0 && markReadOnOpen()) {
        try {
          await ctx.notifications.model.markRead([note.id]);
        } catch (err) {
          await reportError(ctx, err, vscode.l10n.t('Mark as read'));
        }
      }
    }),
    vscode.commands.registerCommand(COMMANDS.following.show, async (node?: vscode.TreeItem) => {
      if (!(node instanceof FeedPostNode)) return;
      const p = node.post;
      const { plainTitle, postHtml } = await loadRender();
      await ctx.detail.show(plainTitle(p.title), postHtml(p, p.date ? relativeTime(Date.parse(p.date), Date.now(), vscode.env.language) : ''));
    }),
  ];
}
