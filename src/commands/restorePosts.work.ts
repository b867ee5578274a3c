/**
 * The work of restoring posts (in a chunk of its own, loaded with the first restore; registered
 * by restorePosts.ts): restore the given posts and tell the user what happened to each, or pick
 * them from the trash in the palette first.
 */
import { dateText } from '../models/relativeTime';
import * as vscode from 'vscode';
import { localized } from '../localize';
import type { PostV11 } from '../api';
import { stripHtml } from '../api/notificationShape';
import type { ChosenSite } from '../models/chosenSite';
import type { RestoreReport, TrashModel } from '../models/trashModel';
import type { TrashProvider } from '../views/trash/trashProvider';
import { openExternal, requireSignIn, type CommandAuth } from './common';
import { report, reportFailure } from '../report';
import { isProblem, showProblem, type ProblemItem } from '../views/common/quickPickProblem';

export interface RestoreDeps {
  model: Pick<TrashModel, 'restore' | 'listForPicker'>;
  provider: TrashProvider;
  /** Whose trash. */
  site: Pick<ChosenSite, 'site' | 'label'>;
  /** Asks for a site when none is chosen; undefined when the user gave up. */
  selectSite(): Promise<unknown>;
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
}

const statusName = (status: string | undefined): string => {
  switch (status) {
    case 'publish':
      return vscode.l10n.t('published');
    case 'draft':
      return vscode.l10n.t('a draft');
    case 'pending':
      return vscode.l10n.t('pending review');
    case 'private':
      return vscode.l10n.t('private');
    case 'future':
      return vscode.l10n.t('scheduled');
    default:
      return status ?? vscode.l10n.t('unknown');
  }
};

const titleOf = (p: PostV11) => stripHtml(p.title ?? '') || vscode.l10n.t('(no title)');

/** Restores the given posts of the chosen site and tells the user what happened to each, as the service has it. */
export async function restoreAndReport(deps: RestoreDeps, ids: readonly number[]): Promise<RestoreReport | undefined> {
  if (ids.length === 0) return undefined;
  const site = deps.site.site ?? '';
  let outcome: RestoreReport;
  try {
    outcome = await vscode.window.withProgress({ location: { viewId: deps.provider.viewId } }, () => deps.model.restore(ids));
  } catch (err) {
    await reportFailure(deps, err, vscode.l10n.t('Restore'));
    return undefined;
  }
  for (const f of [...outcome.failed, ...outcome.unconfirmed])
    deps.log.error(
      `Restore ${site} #${f.id}: ${f.error.kind} ${f.error.status ?? ''} ${f.error.code ?? ''} "${f.error.serviceMessage ?? ''}"`,
    );
  const authFailure = outcome.failed.find((f) => f.error.kind === 'auth');
  if (authFailure) await reportFailure(deps, authFailure.error, vscode.l10n.t('Restore'));
  const done = [
    ...outcome.restored.map((p) => ({ title: titleOf(p), post: p as PostV11 | undefined, already: false })),
    ...outcome.alreadyGone.map((g) => ({ title: g.post ? titleOf(g.post) : g.title, post: g.post, already: true })),
  ];
  const describe = (d: (typeof done)[number]) =>
    d.already
      ? d.post
        ? vscode.l10n.t('"{0}" was already restored ({1})', d.title, statusName(d.post.status))
        : vscode.l10n.t('"{0}" is no longer in the trash', d.title)
      : vscode.l10n.t('"{0}" ({1})', d.title, statusName(d.post?.status));
  if (done.length === 1 && outcome.failed.length + outcome.unconfirmed.length === 0) {
    const only = done[0];
    const open = vscode.l10n.t('Open');
    const text = only.already ? `${describe(only)}.` : vscode.l10n.t('Restored "{0}" as {1}.', only.title, statusName(only.post?.status));
    void report.info(text, ...(only.post?.URL ? [open] : [])).then((pick) => {
      if (pick === open) openExternal(only.post?.URL);
    });
  } else if (done.length > 0) {
    const restored = done.filter((d) => !d.already).length;
    void report.info(vscode.l10n.t('Restored {0} of {1}: {2}.', restored, ids.length, done.map(describe).join(', ')));
  }
  if (outcome.failed.length > 0 && !authFailure) {
    const first = outcome.failed[0];
    const more =
      outcome.failed.length > 1
        ? ' ' + vscode.l10n.t('({0} more could not be restored; see the Content Site log.)', outcome.failed.length - 1)
        : '';
    void report.error(`${vscode.l10n.t('"{0}" was not restored.', first.title)} ${localized(first.error.userMessage)}${more}`);
  }
  if (outcome.unconfirmed.length > 0) {
    const names = outcome.unconfirmed.map((u) => `"${u.title}"`).join(', ');
    void report.warn(
      vscode.l10n.t(
        'Whether {0} was restored is unknown: the service did not confirm it and could not be asked. Refresh the trash to see.',
        names,
      ),
    );
  }
  return outcome;
}

/** The palette's picker: Enter restores the ticked posts, or the highlighted one when none is ticked. */
async function pickPosts({ site }: Pick<RestoreDeps, 'site'>, posts: readonly PostV11[]): Promise<number[] | undefined> {
  const qp = vscode.window.createQuickPick<(vscode.QuickPickItem & { id: number }) | ProblemItem>();
  qp.canSelectMany = true;
  qp.title = vscode.l10n.t('Restore from the trash of {0}', site.label ?? '');
  qp.placeholder = vscode.l10n.t('Type to filter; Enter restores the highlighted post, or the ticked ones');
  qp.matchOnDescription = true;
  qp.items = posts.map((p) => ({
    label: titleOf(p),
    description: `${p.type ?? 'post'} #${p.ID}`,
    detail: dateText(p.modified) ? vscode.l10n.t('Last modified {0}', dateText(p.modified)) : undefined,
    id: p.ID,
  }));
  // A multi-select picker highlights nothing by itself: highlight the first post the typed text names, so Enter restores it.
  qp.onDidChangeValue((value) => {
    showProblem(qp, undefined);
    const v = value.trim().toLowerCase();
    const first = v ? qp.items.find((i) => !isProblem(i) && `${i.label} ${i.description ?? ''}`.toLowerCase().includes(v)) : undefined;
    if (first) qp.activeItems = [first];
  });
  return new Promise((resolve) => {
    let result: number[] | undefined;
    qp.onDidAccept(() => {
      const ticked = qp.selectedItems.filter((i) => !isProblem(i));
      const chosen = (ticked.length > 0 ? ticked : qp.activeItems.filter((i) => !isProblem(i)).slice(0, 1)) as (vscode.QuickPickItem & {
        id: number;
      })[];
      if (chosen.length === 0) {
        showProblem(qp, vscode.l10n.t('No post is highlighted or ticked: change the filter, or press Escape.'));
        return;
      }
      result = chosen.map((i) => i.id);
      qp.hide();
    });
    qp.onDidHide(() => {
      qp.dispose();
      resolve(result);
    });
    qp.show();
  });
}

/** Restore Post from Trash: the chosen site's trash in a picker, then restoring what was picked. */
export async function restoreFromPalette(deps: RestoreDeps): Promise<void> {
  if (!requireSignIn(deps)) return;
  if (!deps.site.site && !(await deps.selectSite())) return;
  let posts: PostV11[];
  try {
    posts = await deps.model.listForPicker();
  } catch (err) {
    await reportFailure(deps, err, vscode.l10n.t('Restore Post from Trash'));
    return;
  }
  if (posts.length === 0) {
    void report.info(vscode.l10n.t('The trash of {0} is empty.', deps.site.label ?? ''));
    return;
  }
  const ids = await pickPosts(deps, posts);
  if (ids) await restoreAndReport(deps, ids);
}
