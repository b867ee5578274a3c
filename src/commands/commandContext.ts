import * as vscode from 'vscode';
import { localized } from '../localize';
import { ContentSiteError, type ContentSiteClient } from '../api';
import type { AuthService } from '../auth';
import type { FollowingModel } from '../models/followingModel';
import type { NotificationsModel } from '../models/notificationsModel';
import type { TrashModel } from '../models/trashModel';
import type { FollowingProvider } from '../views/following/followingProvider';
import type { NotificationsProvider } from '../views/notifications/notificationsProvider';
import type { TrashProvider } from '../views/trash/trashProvider';
import type { DetailPanel } from '../views/detail/detailPanel';
import type { ReaderModel } from '../models/readerModel';
import type { ReaderProvider } from '../views/reader/readerProvider';

/** What every command may use. Commands call the api and update models; they never build URLs. */
export interface CommandContext {
  auth: AuthService;
  client: () => ContentSiteClient;
  log: vscode.LogOutputChannel;
  notifications: { model: NotificationsModel; provider: NotificationsProvider };
  following: { model: FollowingModel; provider: FollowingProvider };
  trash: { model: TrashModel; provider: TrashProvider };
  reader: { model: ReaderModel; provider: ReaderProvider };
  detail: DetailPanel;
  extensionUri: vscode.Uri;
}

/** One way to tell the user about a failure: auth failures sign out once, the rest get a sentence. */
export async function reportError(ctx: CommandContext, err: unknown, what: string): Promise<void> {
  if (err instanceof ContentSiteError) {
    ctx.log.error(`${what}: ${err.kind}${err.status ? ` ${err.status}` : ''}${err.code ? ` ${err.code}` : ''}${err.serviceMessage ? ` "${err.serviceMessage}"` : ''}`);
    if (err.kind === 'auth') {
      await ctx.auth.handleUnauthorized();
      return;
    }
    void vscode.window.showErrorMessage(localized(err.userMessage));
    return;
  }
  ctx.log.error(`${what}: ${String(err)}`);
  void vscode.window.showErrorMessage(vscode.l10n.t('{0} failed: {1}', what, err instanceof Error ? err.message : String(err)));
}

export function openExternal(url: string | undefined): void {
  if (url && /^https?:\/\//i.test(url)) void vscode.env.openExternal(vscode.Uri.parse(url, true));
}
