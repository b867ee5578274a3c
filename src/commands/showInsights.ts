import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import type { InsightsDeps } from './showInsights.work';
import { commandWork } from './commandWork';

/** Content Site: Show Insights; its work (showInsights.work.ts) is in a chunk of its own, loaded with it. */
export function registerShowInsights(deps: InsightsDeps): vscode.Disposable[] {
  const work = commandWork(() => import('./showInsights.work'), deps);
  return [vscode.commands.registerCommand(COMMANDS.showInsights, () => work(vscode.l10n.t('Show Insights'), (m) => m.showInsights(deps)))];
}
