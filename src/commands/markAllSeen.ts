import * as vscode from 'vscode';
import type { FeedPost } from '../api';
import type { ReaderList, LoadedActions } from '../models/readerPostActions';
import { reportFailure } from '../report';
import { withViewProgress } from '../views/common/viewProgress';
import { requireSignIn, type CommandAuth } from './common';

/**
 * Mark All as Seen of one list (its view's title bar): every post it shows that is not seen, one
 * request per site or feed; the rows change at once, and a refusal says why (those rows come back).
 */
export function registerMarkAllSeen(deps: {
  command: string;
  list: ReaderList;
  provider: { readonly viewId: string };
  /** The Reader posts' actions (loaded with the first). */
  actions: () => LoadedActions<'markAllSeen'>;
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
}): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(deps.command, async () => {
      if (!requireSignIn(deps)) return;
      const unseen = deps.list.items.filter((p) => p.is_seen === false).length;
      if (unseen === 0) {
        vscode.window.setStatusBarMessage(vscode.l10n.t('Every post here is seen.'), 4000);
        return;
      }
      const report = await withViewProgress(deps.provider.viewId, async () => (await deps.actions()).markAllSeen(deps.list));
      if (report.error) await reportFailure(deps, report.error, vscode.l10n.t('Mark All as Seen'));
      else
        vscode.window.setStatusBarMessage(
          report.acted.length === 1 ? vscode.l10n.t('1 post marked seen.') : vscode.l10n.t('{0} posts marked seen.', report.acted.length),
          4000,
        );
    }),
  ];
}

/** Opening a post marks it seen, as the service's apps do (the service's seen state, not a guess): quietly; a failure only logs. */
export function markSeenOnOpen(actions: () => LoadedActions<'seen'>, post: FeedPost): void {
  if (post.is_seen !== false) return;
  void Promise.resolve()
    .then(async () => (await actions()).seen([post], true))
    .catch(() => undefined);
}
