import * as vscode from 'vscode';
import { localized } from '../localize';
import { ContentSiteError, type ContentSiteClient } from '../api';
import type { AuthService } from '../auth';
import type { ChosenSite } from '../models/chosenSite';
import type { FollowingModel } from '../models/followingModel';
import type { MentionSource } from '../models/mentionSource';
import type { NoteActionsModel } from '../models/noteActionsModel';
import type { NotificationsModel } from '../models/notificationsModel';
import type { ReaderModel } from '../models/readerModel';
import type { ReplyDrafts } from '../models/replyDrafts';
import type { TrashModel } from '../models/trashModel';
import type { DetailPanel } from '../views/detail/detailPanel';
import type { FollowingProvider } from '../views/following/followingProvider';
import type { NotificationsProvider } from '../views/notifications/notificationsProvider';
import type { ReaderProvider } from '../views/reader/readerProvider';
import type { TrashProvider } from '../views/trash/trashProvider';
import { errorDetail } from '../views/common/messageNode';
import { COMMANDS } from '../ids';

/** What every command may use. Commands call models (and the api for one-off reads); they never build URLs. */
export interface CommandContext {
  auth: AuthService;
  client: () => ContentSiteClient;
  log: vscode.LogOutputChannel;
  site: ChosenSite;
  /** Remembers a site the user chose (the setting and the recent list). */
  chooseSite(site: string): Promise<void>;
  recentSites(): string[];
  notifications: { model: NotificationsModel; provider: NotificationsProvider };
  following: { model: FollowingModel; provider: FollowingProvider };
  trash: { model: TrashModel; provider: TrashProvider };
  reader: { model: ReaderModel; provider: ReaderProvider };
  detail: DetailPanel;
  /** Acting on notes: approve, spam, trash (with undo), like, follow, reply. */
  noteActions: NoteActionsModel;
  /** Reply drafts per note, kept for a day. */
  drafts: ReplyDrafts;
  /** @mention suggestions (users/suggest), for the chosen site or a given one. */
  mentions: MentionSource;
  extensionUri: vscode.Uri;
}

/** Every tree provider, for the commands that act on all views. */
export function allProviders(ctx: CommandContext) {
  return [ctx.notifications.provider, ctx.following.provider, ctx.trash.provider, ctx.reader.provider];
}

/** One way to tell the user about a failure: auth failures sign out once, the rest get a sentence. */
export async function reportError(ctx: CommandContext, err: unknown, what: string): Promise<void> {
  if (err instanceof ContentSiteError) {
    const detail = errorDetail(err);
    ctx.log.error(`${what}: ${err.kind}${detail ? ` ${detail}` : ''}`);
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

/** Opens a web page; anything but http(s) is refused. */
export function openExternal(url: string | undefined): void {
  if (url && /^https?:\/\//i.test(url)) void vscode.env.openExternal(vscode.Uri.parse(url, true));
}

/** True when signed in; otherwise says so, with a Sign In button, and nothing is asked of the service. */
export function requireSignIn(ctx: CommandContext): boolean {
  if (ctx.auth.current()) return true;
  const signIn = vscode.l10n.t('Sign In');
  void vscode.window.showInformationMessage(vscode.l10n.t('Sign in to Content Site first.'), signIn).then((pick) => {
    if (pick === signIn) void vscode.commands.executeCommand(COMMANDS.signIn);
  });
  return false;
}
