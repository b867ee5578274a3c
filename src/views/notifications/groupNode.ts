import * as vscode from 'vscode';
import type { Notification } from '../../api';
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
  /**
   * `notes` as they were in `from`, the model's list this group was made from: while the model
   * still shows that list they are the notes to render; after a change the group's notes are
   * looked up again by id.
   */
  constructor(
    readonly group: DayGroup,
    readonly notes: readonly Notification[],
    readonly from: readonly Notification[],
    unread: number,
  ) {
    super(groupLabel(group), vscode.TreeItemCollapsibleState.Expanded);
    this.id = `group-${group}`;
    this.description = unread > 0 ? vscode.l10n.t('{0} unread', unread) : undefined;
    this.contextValue = 'noteGroup';
  }
}
