import * as vscode from 'vscode';
import type { FollowedSitesModel } from '../../models/followedSitesModel';
import { COMMANDS, VIEWS } from '../../ids';
import { ListProvider, minuteNow } from '../common/listProvider';
import { describe, listMessage, listRows } from '../common/listRows';
import type { LoaderOptions } from '../common/viewLoader';
import { FollowedSiteNode, followedSiteId, SitePostNode, sitePostId, SitePostsMessageNode } from './followedSiteNode';

/** The sites the reader follows; each opens to its latest posts, which open in the detail view as Following's do. */
export class FollowedSitesProvider extends ListProvider<FollowedSitesModel> {
  constructor(model: FollowedSitesModel, loader: LoaderOptions) {
    super(VIEWS.followedSites, model, loader);
    this.register(model.onDidChangePosts(() => this.render()));
  }

  protected header(): void {
    this.view.description = describe(this.model.list, undefined);
    this.view.message = listMessage(this.model.list, vscode.l10n.t('You follow no sites yet: Follow a Site… adds one by its address.'));
  }

  protected rows(element?: vscode.TreeItem): vscode.TreeItem[] {
    if (element instanceof FollowedSiteNode) return this.postRows(element);
    if (element) return [];
    return listRows(
      this.model.list,
      (sites) =>
        sites.map((s) => {
          const key = this.model.keyOf(s);
          return this.row(followedSiteId(s), [s], () => new FollowedSiteNode(s, key));
        }),
      COMMANDS.followedSites.loadMore,
    );
  }

  /** A site's latest posts; asked for the first time its row opens (and again after a refresh). */
  private postRows(site: FollowedSiteNode): vscode.TreeItem[] {
    const posts = this.model.postsOf(site.key);
    // Not while the tree is being drawn: the load tells its progress, and the tree is drawn again.
    if (posts === undefined) void Promise.resolve().then(() => this.model.loadPosts(site.key));
    if (posts?.kind !== 'loaded' || posts.posts.length === 0) return [new SitePostsMessageNode(site.id!, posts)];
    const minute = minuteNow();
    return posts.posts.map((p) => this.row(sitePostId(p), [p, minute], () => new SitePostNode(p)));
  }

  /** The site a command acts on: the clicked one, else the selected one. */
  target(clicked?: vscode.TreeItem): FollowedSiteNode | undefined {
    return this.targetsOf((n): n is FollowedSiteNode => n instanceof FollowedSiteNode, clicked)[0];
  }
}
