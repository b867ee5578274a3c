import * as vscode from 'vscode';
import { siteSummary } from '../models/siteSummary';
import { COMMANDS } from '../ids';
import { openExternal, reportError, requireSignIn, type CommandContext } from './commandContext';
import { selectSite } from './selectSite';

/** Content Site: Show Site Info — the chosen site's sites/$site answer, fetched fresh. */
export function registerShowSiteInfo(ctx: CommandContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.showSiteInfo, async () => {
      if (!requireSignIn(ctx)) return;
      const site = ctx.site.site ?? (await selectSite(ctx))?.site;
      if (!site) return;
      try {
        const info = await ctx.client().sites.get(site);
        const [title, ...rest] = siteSummary(info);
        const open = vscode.l10n.t('Open Site');
        const pick = await vscode.window.showInformationMessage(
          title,
          { modal: true, detail: rest.join('\n') },
          ...(info.URL ? [open] : []),
        );
        if (pick === open) openExternal(info.URL);
      } catch (err) {
        await reportError(ctx, err, vscode.l10n.t('Show Site Info'));
      }
    }),
  ];
}
