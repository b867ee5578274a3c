import * as vscode from 'vscode';
import type { FollowingModel } from '../../models/followingModel';
import { COMMANDS, VIEWS } from '../../ids';
import { ListProvider, minuteNow } from '../common/listProvider';
import { describe, listMessage, listRows } from '../common/listRows';
import type { LoaderOptions } from '../common/viewLoader';
import { FeedPostNode, feedPostId } from './feedPostNode';

export const FOLLOWING_VIEW = VIEWS.following;

export class FollowingProvider extends ListProvider<FollowingModel> {
  constructor(model: FollowingModel, loader: LoaderOptions) {
    super(VIEWS.following, model, loader);
  }

  protected header(): void {
    this.view.description = describe(
      this.model.list,
      this.model.order === 'DESC' ? vscode.l10n.t('Newest first') : vscode.l10n.t('Oldest first'),
    );
    this.view.message = listMessage(this.model.list, vscode.l10n.t('No posts from the blogs you follow yet.'));
    // The badge counts the posts shown that the service says are not seen (Mark All as Seen clears it).
    const unseen = this.model.items.filter((p) => p.is_seen === false).length;
    this.view.badge = unseen > 0 ? { value: unseen, tooltip: vscode.l10n.t('{0} unseen posts', unseen) } : undefined;
  }

  protected rows(element?: vscode.TreeItem): vscode.TreeItem[] {
    if (element) return [];
    const minute = minuteNow();
    return listRows(
      this.model.list,
      (posts) => posts.map((p) => this.row(feedPostId(p), [p, minute], () => new FeedPostNode(p))),
      COMMANDS.following.loadMore,
    );
  }

  /** The post a command acts on: the clicked one, else the selected one. */
  target(clicked?: vscode.TreeItem): FeedPostNode | undefined {
    return this.targetsOf((n): n is FeedPostNode => n instanceof FeedPostNode, clicked)[0];
  }
}
