/**
 * The Comments view's commands: one per entry of the comment-action catalog (approve, like, spam
 * and trash with Undo, restore, delete for good, reply, edit, undo; commentActionCatalog.ts), run by
 * the entry's kind, and the conversation and Load more of one status. Each takes (a row, the
 * selection); a key gives `[focused row, 'key']`; with neither it acts on the view's selection.
 * Their work loads with the first of them (a chunk of its own, commentCommands.work.ts); undo and Load more are here.
 */
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import type { CommentGroup } from '../models/commentQueue';
import type { CommentsModel } from '../models/commentsModel';
import type { DetailWebview } from '../views/detail/detailWebview';
import type { CommentsProvider } from '../views/comments/commentsProvider';
import { withViewProgress } from '../views/common/viewProgress';
import { reportFailure } from '../report';
import { localized } from '../localize';
import { COMMENT_ACTIONS } from '../models/commentActionCatalog';
import { requireSignIn, type CommandAuth } from './common';
import type { CommentWork } from './commentCommands.work';

export interface CommentCommandsDeps {
  model: CommentsModel;
  provider: CommentsProvider;
  detail: Pick<DetailWebview, 'show'>;
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
}

type Row = vscode.TreeItem | null | undefined;
/** A key's binding gives `[focused row, 'key']`; a menu gives (row, selection). */
type Arg = Row | readonly [Row, string];

const GROUPS: readonly string[] = ['unapproved', 'approved', 'spam', 'trash'];

export function registerCommentCommands(deps: CommentCommandsDeps): vscode.Disposable[] {
  const c = COMMANDS.comments;
  let work: Promise<CommentWork> | undefined;
  // Made once; work that did not load is loaded again next time.
  const load = () =>
    (work ??= import('./commentCommands.work').then(
      (m) =>
        m.commentWork({
          model: deps.model,
          detail: deps.detail,
          log: deps.log,
          viewId: deps.provider.viewId,
          auth: deps.auth,
        }),
      (err: unknown) => {
        work = undefined;
        throw err;
      },
    ));
  /** A command on the chosen comments, its work loaded with the first. */
  const on = (id: string, name: string, run: (work: CommentWork, ids: number[]) => unknown) =>
    vscode.commands.registerCommand(id, async (clicked?: Arg, selected?: readonly vscode.TreeItem[]) => {
      const ids = chosen(deps, clicked, selected);
      if (ids.length === 0) return;
      try {
        await run(await load(), ids);
      } catch (err) {
        await reportFailure(deps, err, name);
      }
    });
  const undo = () => {
    if (deps.model.undo() !== 'undone') vscode.window.setStatusBarMessage(vscode.l10n.t('Nothing to undo.'), 4000);
  };
  return [
    // One command per entry of the catalog (and a toggle's partner), run by its kind.
    ...COMMENT_ACTIONS.shown.flatMap((e): vscode.Disposable[] => {
      const name = localized(e.labels.on);
      switch (e.kind) {
        case 'toggle':
          return [on(e.command!, name, (w, ids) => w.toggle(e, ids)), on(e.offCommand!, name, (w, ids) => w.toggle(e, ids, false))];
        case 'remove':
        case 'act':
        case 'reply':
        case 'edit':
          return [on(e.command!, name, (w, ids) => w[e.kind as 'remove' | 'act' | 'reply' | 'edit'](e, ids))];
        case 'local':
          return e.undoes ? [vscode.commands.registerCommand(e.command!, undo)] : [];
        default:
          return [];
      }
    }),
    on(c.show, vscode.l10n.t('Show Conversation'), (w, ids) => w.show(ids)),
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
