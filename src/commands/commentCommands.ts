/**
 * The Comments view's commands: the note actions' (approve, like, spam and trash with Undo, reply,
 * edit, undo) and the queue's own (restore, delete for good, the conversation, Load more of one
 * status). Each takes (a row, the selection); a key gives `[focused row, 'key']`; with neither it
 * acts on the view's selection. Their work loads with the first of them (dist/comments.js,
 * commentActions.ts); undo and Load more are here.
 */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import type { CommentGroup } from '../models/commentQueue';
import type { CommentsModel } from '../models/commentsModel';
import type { DetailPanel } from '../views/detail/detailPanel';
import type { CommentsProvider } from '../views/comments/commentsProvider';
import { withViewProgress } from '../views/common/viewProgress';
import { reportFailure } from '../report';
import { requireSignIn, type CommandAuth } from './common';
import type { CommentWork } from './commentActions';
import { loadComments } from './lazy/loadComments';

export interface CommentCommandsDeps {
  model: CommentsModel;
  provider: CommentsProvider;
  detail: Pick<DetailPanel, 'show'>;
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
}

type Row = vscode.TreeItem | null | undefined;
/** A key's binding gives `[focused row, 'key']`; a menu gives (row, selection). */
type Arg = Row | readonly [Row, string];

const GROUPS: readonly string[] = ['unapproved', 'approved', 'spam', 'trash'];
const WORK = ['approve', 'unapprove', 'like', 'unlike', 'spam', 'trash', 'restore', 'delete', 'reply', 'edit', 'show'] as const;

export function registerCommentCommands(deps: CommentCommandsDeps): vscode.Disposable[] {
  const c = COMMANDS.comments;
  let work: Promise<CommentWork> | undefined;
  // Made once, with the main file's parts; a part that did not load is loaded again next time.
  const load = () =>
    (work ??= loadComments().then(
      (m) =>
        m.commentWork({
          model: deps.model,
          detail: deps.detail,
          log: deps.log,
          viewId: deps.provider.viewId,
          report: (err, what) => reportFailure(deps, err, what),
        }),
      (err: unknown) => {
        work = undefined;
        throw err;
      },
    ));
  return [
    ...WORK.map((name) =>
      vscode.commands.registerCommand(c[name], async (clicked?: Arg, selected?: readonly vscode.TreeItem[]) => {
        const ids = chosen(deps, clicked, selected);
        if (ids.length === 0) return;
        try {
          await (await load())[name](ids);
        } catch (err) {
          await reportFailure(deps, err, name);
        }
      }),
    ),
    vscode.commands.registerCommand(c.undo, () => {
      if (deps.model.undo() !== 'undone') vscode.window.setStatusBarMessage(vscode.l10n.t('Nothing to undo.'), 4000);
    }),
    vscode.commands.registerCommand(c.loadMoreIn, (group?: unknown) =>
      typeof group === 'string' && GROUPS.includes(group)
        ? withViewProgress(deps.provider.viewId, () => deps.model.loadMoreOf(group as CommentGroup))
        : deps.provider.loadMore(),
    ),
  ];
}

/** The comments chosen, when signed in. */
function chosen(deps: CommentCommandsDeps, clicked?: Arg, selected?: readonly vscode.TreeItem[]): number[] {
  const row = Array.isArray(clicked) ? (clicked as readonly [Row, string])[0] : (clicked as Row);
  const ids = deps.provider.targets(row ?? undefined, Array.isArray(selected) ? selected : undefined);
  return ids.length > 0 && requireSignIn(deps) ? ids : [];
}
