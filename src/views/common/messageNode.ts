import * as vscode from 'vscode';
import { localized } from '../../localize';
import type { ContentSiteError } from '../../api';

/** A failure shown in the tree itself, with the command that tries again. */
export class ErrorNode extends vscode.TreeItem {
  constructor(error: ContentSiteError, retryCommand: string, label?: string) {
    super(label ?? localized(error.userMessage), vscode.TreeItemCollapsibleState.None);
    this.description = label ? localized(error.userMessage) : vscode.l10n.t('Retry');
    this.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    this.tooltip = new vscode.MarkdownString(`${localized(error.userMessage)}\n\n${vscode.l10n.t('Click to try again.')}`);
    this.contextValue = 'error';
    this.command = { command: retryCommand, title: vscode.l10n.t('Retry') };
  }
}

/** The last row of a list that has more pages. */
export class LoadMoreNode extends vscode.TreeItem {
  constructor(command: string) {
    super(vscode.l10n.t('Load more…'), vscode.TreeItemCollapsibleState.None);
    this.iconPath = new vscode.ThemeIcon('ellipsis');
    this.contextValue = 'loadMore';
    this.command = { command, title: vscode.l10n.t('Load more…') };
  }
}

export type Row = vscode.TreeItem;
