import * as vscode from 'vscode';
import type { DayGroup } from '../../models/dayGroups';

export function groupLabel(group: DayGroup): string {
  switch (group) {
    case 'today':
      return vscode.l10n.t('Today');
    case 'yesterday':
      return vscode.l10n.t('Yesterday');
    case 'thisWeek':
      return vscode.l10n.t('This week');
    default:
      return vscode.l10n.t('Older');
  }
}

export class GroupNode extends vscode.TreeItem {
  constructor(
    readonly group: DayGroup,
    readonly noteIds: number[],
    unread: number,
  ) {
    super(groupLabel(group), vscode.TreeItemCollapsibleState.Expanded);
    this.id = `group-${group}`;
    this.description = unread > 0 ? vscode.l10n.t('{0} unread', unread) : undefined;
    this.contextValue = 'noteGroup';
  }
}
