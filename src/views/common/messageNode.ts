import { STATUS_CODES } from 'node:http';
import * as vscode from 'vscode';
import { localized } from '../../localize';
import type { ContentSiteError } from '../../api';
import { COMMANDS } from '../../ids';
import { escapeMd } from './markdown';

/** An HTTP status as people read it: "HTTP 503 Service Unavailable". */
export function statusInWords(status: number): string {
  const words = STATUS_CODES[status];
  return words ? `HTTP ${status} ${words}` : `HTTP ${status}`;
}

/**
 * A failure shown in the tree itself. It leads with what to do ("Retry — …"): a click refreshes
 * every view that failed, in one batch. `stale`: earlier items are still shown below it. Its hover
 * says the sentence for people and, when the service answered, the HTTP status in words; never a
 * library code, the service's error identifier or the error's kind (those go to the log).
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
    const lines = [reason, error.status !== undefined ? statusInWords(error.status) : undefined, vscode.l10n.t('Click to try again.')];
    // The sentence may carry the service's own words: escaped, as every hover's service text.
    this.tooltip = new vscode.MarkdownString(
      lines
        .filter((l) => l !== undefined)
        .map(escapeMd)
        .join('\n\n'),
      true,
    );
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
