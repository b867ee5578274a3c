import * as vscode from 'vscode';
import { localized } from '../../localize';
import type { ContentSiteError } from '../../api';
import { COMMANDS } from '../../ids';

/** What the log and the tooltip keep of an error: status, identifier or library code, the service's words. */
export function errorDetail(error: ContentSiteError): string {
  return [error.status, error.code, error.serviceMessage].filter((p) => p !== undefined && p !== '').join(' ');
}

/**
 * A failure shown in the tree itself. It leads with what to do ("Retry — …"): a click refreshes
 * every view that failed, in one batch. `stale`: earlier items are still shown below it.
 */
export class ErrorNode extends vscode.TreeItem {
  constructor(error: ContentSiteError, options: { stale?: string; loadMore?: string } = {}) {
    const reason = localized(error.userMessage);
    super(
      options.loadMore ? vscode.l10n.t('Retry loading more — {0}', reason) : vscode.l10n.t('Retry — {0}', reason),
      vscode.TreeItemCollapsibleState.None,
    );
    this.id = options.loadMore ? 'error-load-more' : 'error-refresh';
    this.description = options.stale ? vscode.l10n.t('showing {0}', options.stale) : undefined;
    this.iconPath = new vscode.ThemeIcon(
      options.stale ? 'warning' : 'error',
      new vscode.ThemeColor(options.stale ? 'problemsWarningIcon.foreground' : 'errorForeground'),
    );
    const detail = errorDetail(error);
    this.tooltip = new vscode.MarkdownString(`${reason}${detail ? `\n\n\`${detail}\`` : ''}\n\n${vscode.l10n.t('Click to try again.')}`);
    this.contextValue = 'error';
    this.command = options.loadMore
      ? { command: options.loadMore, title: vscode.l10n.t('Retry') }
      : { command: COMMANDS.retryFailed, title: vscode.l10n.t('Retry') };
  }
}

/** The last row of a list that has more pages. */
export class LoadMoreNode extends vscode.TreeItem {
  constructor(command: string) {
    super(vscode.l10n.t('Load more…'), vscode.TreeItemCollapsibleState.None);
    this.id = 'load-more';
    this.iconPath = new vscode.ThemeIcon('ellipsis');
    this.contextValue = 'loadMore';
    this.command = { command, title: vscode.l10n.t('Load more…') };
  }
}
