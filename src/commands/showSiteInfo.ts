import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { commandWork } from './commandWork';
import type { SiteInfoDeps } from './showSiteInfo.work';

/** Content Site: Show Site Info; its work (showSiteInfo.work.ts) is in a chunk of its own, loaded with it. */
export function registerShowSiteInfo(deps: SiteInfoDeps): vscode.Disposable[] {
  const work = commandWork(() => import('./showSiteInfo.work'), deps);
  return [vscode.commands.registerCommand(COMMANDS.showSiteInfo, () => work(vscode.l10n.t('Show Site Info'), (m) => m.showSiteInfo(deps)))];
}
