import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import type { ListView, Lists } from '../views/common/lists';

/** Every list view, as the features added them. */
export interface RefreshAllDeps {
  lists: Pick<Lists, 'all'>;
}

/** The chosen views reloaded together: one batch request. */
function reloadViews({ lists }: RefreshAllDeps, pick: (p: ListView) => boolean): Promise<void> {
  return Promise.all(lists.all.filter((p) => p.loader.gateOpen && pick(p)).map((p) => p.reload())).then(() => undefined);
}

/** Every view whose last refresh failed (Retry); with `passing`, only those that failed for a passing reason (the poller's recovery). */
export function retryFailedViews(deps: RefreshAllDeps, passing = false): Promise<void> {
  return reloadViews(deps, (p) => (passing ? p.loader.passingFailure !== undefined : p.loader.failed));
}

/** Refresh All: every shown view. Retry: every view that failed. */
export function registerRefreshAll(deps: RefreshAllDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.refreshAll, () => reloadViews(deps, (p) => p.view.visible)),
    vscode.commands.registerCommand(COMMANDS.retryFailed, () => retryFailedViews(deps)),
  ];
}
