import type * as vscode from 'vscode';
import { registerAuthCommands } from './authCommands';
import type { CommandContext } from './commandContext';
import { registerFollowingCommands } from './followingCommands';
import { registerMarkNotes } from './markNotes';
import { registerNoteActions } from './noteActions';
import { registerKeyboardShortcuts } from './noteActionsKeys';
import { registerNotificationListCommands } from './notificationListCommands';
import { registerRestoreCommands } from './restorePosts';
import { registerSelectSite } from './selectSite';
import { registerShowDetail } from './showDetail';
import { registerRefreshAll } from './refreshAll';
import { registerShowSiteInfo } from './showSiteInfo';
import { registerShowInsights } from './showInsights';
import { registerReaderCommands } from './readerCommands';

export type { CommandContext } from './commandContext';

export function registerCommands(ctx: CommandContext): vscode.Disposable[] {
  return [
    ...registerAuthCommands(ctx),
    ...registerNotificationListCommands(ctx),
    ...registerMarkNotes(ctx),
    ...registerFollowingCommands(ctx),
    ...registerSelectSite(ctx),
    ...registerRestoreCommands(ctx),
    ...registerShowDetail(ctx),
    ...registerRefreshAll(ctx),
    ...registerShowSiteInfo(ctx),
    ...registerShowInsights(ctx, ctx.extensionUri),
    ...registerReaderCommands(ctx),
    ...registerNoteActions(ctx),
    ...registerKeyboardShortcuts(),
  ];
}
