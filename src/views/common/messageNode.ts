import { STATUS_CODES } from 'node:http';
import * as vscode from 'vscode';
import { localized } from '../../localize';
import type { ContentSiteError } from '../../api';
import { COMMANDS } from '../../ids';
import { hover } from './hover';
import { md } from './markdown';

/** An HTTP status as people read it: "HTTP 503 Service Unavailable". */
export function statusInWords(status: number): string {
  const words = STATUS_CODES[status];
  return words ? `HTTP ${status} ${words}` : `HTTP ${status}`;
}

/**
 * A failure shown in the tree itself. It leads with what to do ("Retry — …"): a click refreshes
 * every view that failed, in one batch (`retry`: that command instead, given `under`, the row a list
 * is under). `stale`: earlier items are still shown below it. Its hover
 * says the sentence for people and, when the service answered, the HTTP status in words; never a
 * library code, the service's error identifier or the error's kind (those go to the log).
 */
export class ErrorNode extends vscode.TreeItem {
  constructor(error: ContentSiteError, options: { stale?: string; loadMore?: string; under?: vscode.TreeItem; retry?: string } = {}) {
    const reason = localized(error.userMessage);
    super(
      options.loadMore ? vscode.l10n.t('Retry loading more — {0}', reason) : vscode.l10n.t('Retry — {0}', reason),
      vscode.TreeItemCollapsibleState.None,
    );
    // A list under a row (a tag's posts) has its own: each with an id of its own, its Load more given the row.
    const under = options.under;
    this.id = `${under ? `${under.id}-` : ''}${options.loadMore ? 'error-load-more' : 'error-refresh'}`;
    this.description = options.stale ? vscode.l10n.t('showing {0}', options.stale) : undefined;
    this.iconPath = new vscode.ThemeIcon(
      options.stale ? 'warning' : 'error',
      new vscode.ThemeColor(options.stale ? 'problemsWarningIcon.foreground' : 'errorForeground'),
    );
    // The sentence may carry the service's own words: text, as every hover's service text.
    this.tooltip = hover`${reason}\n\n${error.status !== undefined && md`${statusInWords(error.status)}\n\n`}${vscode.l10n.t('Click to try again.')}`;
    this.contextValue = 'error';
    this.command = options.loadMore
      ? { command: options.loadMore, title: vscode.l10n.t('Retry'), arguments: under && [under] }
      : { command: options.retry ?? COMMANDS.retryFailed, title: vscode.l10n.t('Retry'), arguments: under && [under] };
  }
}

/** The last row of a list that has more pages; of a list under a row (`under`, a tag), given that row. */
export class LoadMoreNode extends vscode.TreeItem {
  constructor(command: string, under?: vscode.TreeItem) {
    super(vscode.l10n.t('Load more…'), vscode.TreeItemCollapsibleState.None);
    this.id = under ? `${under.id}-load-more` : 'load-more';
    this.iconPath = new vscode.ThemeIcon('ellipsis');
    this.contextValue = 'loadMore';
    this.command = { command, title: vscode.l10n.t('Load more…'), arguments: under && [under] };
  }
}
