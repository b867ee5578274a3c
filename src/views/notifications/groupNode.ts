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
   * A day's notes. It says no unread count (the view's badge does): a group that looks different
   * is redrawn with its rows, and a note marked read should redraw only its own row.
   * `notes` as they were in `from`, the model's list this group was made from: while the model
   * still shows that list they are the notes to render; after a change the group's notes are
   * looked up again by id.
   */
  constructor(
    readonly group: DayGroup,
    readonly notes: readonly Notification[],
    readonly from: readonly Notification[],
  ) {
    super(groupLabel(group), vscode.TreeItemCollapsibleState.Expanded);
    this.id = `group-${group}`;
    this.contextValue = 'noteGroup';
  }
}
