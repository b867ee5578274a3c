import * as vscode from 'vscode';
import type { SitePosts } from '../../models/followedSitesModel';
import { localized } from '../../localize';

/** What stands under a row instead of its posts (a followed site's, a tag's): loading, none, or why they could not be read. */
export class PostsMessageNode extends vscode.TreeItem {
  constructor(parentId: string, posts: SitePosts | { kind: 'loaded' } | undefined) {
    super(
      posts?.kind === 'error'
        ? vscode.l10n.t('Could not load the posts — {0}', localized(posts.error.userMessage))
        : posts?.kind === 'loaded'
          ? vscode.l10n.t('No posts to show.')
          : vscode.l10n.t('Loading…'),
      vscode.TreeItemCollapsibleState.None,
    );
    this.id = `${parentId}-${posts?.kind ?? 'loading'}`;
    this.iconPath = new vscode.ThemeIcon(posts?.kind === 'error' ? 'error' : posts?.kind === 'loaded' ? 'info' : 'loading~spin');
    if (posts?.kind === 'error') this.tooltip = vscode.l10n.t('Refresh the view to try again.');
  }
}
