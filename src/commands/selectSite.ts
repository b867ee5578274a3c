import * as vscode from 'vscode';
import { ContentSiteError, type Site } from '../api';
import { setChosenSite } from '../config';
import { reportError, type CommandContext } from './commandContext';

/** Asks for a site ID or domain, checks it with sites/$site, remembers it. Returns the site or undefined. */
export async function selectSite(ctx: CommandContext): Promise<{ site: string; info: Site } | undefined> {
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Select Site'),
    prompt: vscode.l10n.t('A site ID or domain, such as example.wordpress.com'),
    value: ctx.trash.model.site ?? '',
    ignoreFocusOut: true,
    validateInput: (v) =>
      /^\d+$/.test(v.trim()) || /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]*$/i.test(v.trim())
        ? undefined
        : vscode.l10n.t('Enter a numeric site ID or a domain such as example.wordpress.com.'),
  });
  if (!value) return undefined;
  const site = value.trim().toLowerCase();
  try {
    const info = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking {0}…', site) }, () =>
      ctx.client().sites.get(site),
    );
    await setChosenSite(site);
    ctx.trash.model.setSite(site, info);
    await vscode.commands.executeCommand('setContext', 'contentSite.siteChosen', true);
    void vscode.window.showInformationMessage(vscode.l10n.t('Showing the trash of {0}.', info.name || site));
    return { site, info };
  } catch (err) {
    if (err instanceof ContentSiteError && err.status === 404) {
      void vscode.window.showErrorMessage(vscode.l10n.t('No site {0} was found. Check the ID or domain.', site));
      return undefined;
    }
    await reportError(ctx, err, vscode.l10n.t('Select Site'));
    return undefined;
  }
}

export function registerSelectSite(ctx: CommandContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('contentSite.selectSite', async () => {
      const chosen = await selectSite(ctx);
      if (chosen) await ctx.trash.provider.reload();
    }),
  ];
}
