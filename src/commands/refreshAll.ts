import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { allProviders, type CommandContext } from './commandContext';

type Provider = ReturnType<typeof allProviders>[number];

/** The chosen views reloaded together: one batch request. */
function reloadViews(ctx: CommandContext, pick: (p: Provider) => boolean): Promise<void> {
  return Promise.all(
    allProviders(ctx)
      .filter((p) => p.loader.gateOpen && pick(p))
      .map((p) => p.reload()),
  ).then(() => undefined);
}

/** Every view whose last refresh failed (Retry); with `passing`, only those that failed for a passing reason (the poller's recovery). */
export function retryFailedViews(ctx: CommandContext, passing = false): Promise<void> {
  return reloadViews(ctx, (p) => (passing ? p.loader.passingFailure !== undefined : p.loader.failed));
}

/** Refresh All: every shown view. Retry: every view that failed. */
export function registerRefreshAll(ctx: CommandContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.refreshAll, () => reloadViews(ctx, (p) => p.view.visible)),
    vscode.commands.registerCommand(COMMANDS.retryFailed, () => retryFailedViews(ctx)),
  ];
}
