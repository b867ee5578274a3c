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
    super(VIEWS.following, model, loader, { canSelectMany: true });
    this.register(model.unseen.onDidChange(() => this.header()));
  }

  protected header(): void {
    // The service's count of unseen posts across the followed sites, in words: not a badge, which the
    // activity bar would add to what needs the user (unread notes, comments waiting).
    const unseen = this.model.list.state.kind === 'idle' ? undefined : this.model.unseen.value;
    const count = unseen && unseen.count > 0 ? unseen.count.toLocaleString() + (unseen.atLeast ? '+' : '') : '';
    const order = this.model.order === 'DESC' ? vscode.l10n.t('Newest first') : vscode.l10n.t('Oldest first');
    this.view.description = describe(this.model.list, count ? vscode.l10n.t('{0} unseen · {1}', count, order) : order);
    this.view.message = listMessage(this.model.list, vscode.l10n.t('No posts from the blogs you follow yet.'));
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
