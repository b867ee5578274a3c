import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { occasional } from './lazy/loadOccasional';
import type { SiteInfoDeps } from './siteInfoActions';

/** Content Site: Show Site Info; its work (siteInfoActions.ts) is in dist/occasional.js, loaded with it. */
export function registerShowSiteInfo(deps: SiteInfoDeps): vscode.Disposable[] {
  const work = occasional(deps);
  return [vscode.commands.registerCommand(COMMANDS.showSiteInfo, () => work(vscode.l10n.t('Show Site Info'), (m) => m.showSiteInfo(deps)))];
}
