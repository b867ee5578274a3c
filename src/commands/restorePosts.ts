import * as vscode from 'vscode';
import { localized } from '../localize';
import { stripHtml, type PostV11 } from '../api';
import type { RestoreReport } from '../models/trashModel';
import { openExternal, reportError, type CommandContext } from './commandContext';
import { selectSite } from './selectSite';

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

/** Restores the given posts of the chosen site and tells the user what happened to each. */
export async function restoreAndReport(ctx: CommandContext, ids: readonly number[]): Promise<RestoreReport | undefined> {
  if (ids.length === 0) return undefined;
  const site = ctx.trash.model.site ?? '';
  let report: RestoreReport;
  try {
    report = await vscode.window.withProgress({ location: { viewId: ctx.trash.provider.viewId } }, () => ctx.trash.model.restore(ids));
  } catch (err) {
    await reportError(ctx, err, vscode.l10n.t('Restore'));
    return undefined;
  }
  const title = (p: PostV11) => stripHtml(p.title ?? '') || vscode.l10n.t('(no title)');
  for (const f of report.failed) ctx.log.error(`Restore ${site} #${f.id}: ${f.error.kind} ${f.error.status ?? ''} ${f.error.code ?? ''} "${f.error.serviceMessage ?? ''}"`);
  const authFailure = report.failed.find((f) => f.error.kind === 'auth');
  if (authFailure) await reportError(ctx, authFailure.error, vscode.l10n.t('Restore'));
  if (report.restored.length === 1 && report.failed.length === 0) {
    const p = report.restored[0];
    const open = vscode.l10n.t('Open');
    void vscode.window.showInformationMessage(vscode.l10n.t('Restored "{0}" as {1}.', title(p), statusName(p.status)), open).then((pick) => {
      if (pick === open) openExternal(p.URL);
    });
  } else if (report.restored.length > 0) {
    const list = report.restored.map((p) => vscode.l10n.t('"{0}" ({1})', title(p), statusName(p.status))).join(', ');
    void vscode.window.showInformationMessage(vscode.l10n.t('Restored {0} posts: {1}.', report.restored.length, list));
  }
  if (report.failed.length > 0 && !authFailure) {
    const first = report.failed[0];
    const more = report.failed.length > 1 ? ' ' + vscode.l10n.t('({0} more could not be restored; see the Content Site log.)', report.failed.length - 1) : '';
    void vscode.window.showErrorMessage(`${vscode.l10n.t('"{0}" was not restored.', first.title)} ${localized(first.error.userMessage)}${more}`);
  }
  return report;
}

export function registerRestoreCommands(ctx: CommandContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('contentSite.trash.restore', (clicked?: vscode.TreeItem, selected?: vscode.TreeItem[]) =>
      restoreAndReport(ctx, ctx.trash.provider.targets(clicked, selected).map((n) => n.post.ID)),
    ),
    vscode.commands.registerCommand('contentSite.restoreFromTrash', async () => {
      if (!ctx.auth.current()) {
        void vscode.commands.executeCommand('contentSite.signIn');
        return;
      }
      if (!ctx.trash.model.site && !(await selectSite(ctx))) return;
      const site = ctx.trash.model.site!;
      let posts: PostV11[];
      try {
        posts = (await ctx.client().posts.trashed(site, { number: 100, type: 'any' })).posts;
      } catch (err) {
        await reportError(ctx, err, vscode.l10n.t('Restore Post from Trash'));
        return;
      }
      if (posts.length === 0) {
        void vscode.window.showInformationMessage(vscode.l10n.t('The trash of {0} is empty.', ctx.trash.model.siteInfo?.name ?? site));
        return;
      }
      const picks = await vscode.window.showQuickPick(
        posts.map((p) => ({
          label: stripHtml(p.title ?? '') || vscode.l10n.t('(no title)'),
          description: `${p.type ?? 'post'} #${p.ID}`,
          detail: p.modified ? vscode.l10n.t('Last modified {0}', new Date(p.modified).toLocaleString()) : undefined,
          id: p.ID,
        })),
        { canPickMany: true, title: vscode.l10n.t('Restore from the trash of {0}', ctx.trash.model.siteInfo?.name ?? site), placeHolder: vscode.l10n.t('Choose posts to restore') },
      );
      if (!picks || picks.length === 0) return;
      await restoreAndReport(ctx, picks.map((p) => p.id));
    }),
    vscode.commands.registerCommand('contentSite.trash.refresh', () => ctx.trash.provider.reload()),
    vscode.commands.registerCommand('contentSite.trash.loadMore', () => ctx.trash.provider.loadMore()),
  ];
}
