import * as vscode from 'vscode';
import type { FeedPost } from '../../api';
import type { FollowingModel } from '../../models/followingModel';
import { PagedListProvider } from '../common/pagedListProvider';
import { FeedPostNode } from './feedPostNode';

export const FOLLOWING_VIEW = 'contentSite.following';

export class FollowingProvider extends PagedListProvider<FeedPost, FeedPostNode> {
  constructor(private readonly following: FollowingModel) {
    super(FOLLOWING_VIEW, following, { refresh: 'contentSite.following.refresh', loadMore: 'contentSite.following.loadMore' }, false);
  }

  protected override render(): void {
    this.view.description = this.following.order === 'DESC' ? vscode.l10n.t('Newest first') : vscode.l10n.t('Oldest first');
    super.render();
  }

  protected toNode(post: FeedPost): FeedPostNode {
    return new FeedPostNode(post);
  }
  protected emptyMessage(): string {
    return vscode.l10n.t('No posts from the blogs you follow yet.');
  }
  protected isNode(item: vscode.TreeItem): item is FeedPostNode {
    return item instanceof FeedPostNode;
  }
  protected tooltipFor(node: FeedPostNode): vscode.MarkdownString {
    return node.buildTooltip();
  }
}
