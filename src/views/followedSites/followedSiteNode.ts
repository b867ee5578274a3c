import * as vscode from 'vscode';
import { stripHtml, type FeedPost } from '../../api';
import { COMMANDS } from '../../ids';
import { siteName, unseenCount, type FollowedSite } from '../../models/followedSitesModel';
import { relativeTime } from '../../models/relativeTime';
import { hover } from '../common/hover';
import { md, mdLink } from '../common/markdown';

/** A followed site's row id. */
export const followedSiteId = (site: FollowedSite) => `followed-${String(site.ID)}`;

/** A followed site: its name (else its host), its unseen count when the service says it; opens to its latest posts. */
export class FollowedSiteNode extends vscode.TreeItem {
  constructor(
    readonly site: FollowedSite,
    /** The model's key of the site. */
    readonly key: string,
  ) {
    super(siteName(site), vscode.TreeItemCollapsibleState.Collapsed);
    const unseen = unseenCount(site);
    this.description = unseen === undefined || unseen === 0 ? undefined : vscode.l10n.t('{0} unseen', unseen);
    this.iconPath = new vscode.ThemeIcon(unseen ? 'circle-filled' : 'globe');
    this.contextValue = 'followedSite';
    this.id = followedSiteId(site);
    this.accessibilityInformation = {
      label: unseen ? vscode.l10n.t('{0}, {1} unseen posts', siteName(site), unseen) : siteName(site),
    };
  }

  buildTooltip(): vscode.MarkdownString {
    const unseen = unseenCount(this.site);
    // The address as text (the service's), and one link whose words are ours.
    return hover`**${siteName(this.site)}**\n\n${this.site.URL}\n\n${unseen !== undefined && md`${vscode.l10n.t('{0} unseen posts', unseen)}\n\n`}${mdLink(vscode.l10n.t('Open in browser'), this.site.URL)}`;
  }
}

// What stands under a site's row instead of its posts (loading, none, why not) is a tag's too.
export { PostsMessageNode as SitePostsMessageNode } from '../common/postsMessageNode';

/** One of a followed site's latest posts: opens in the detail view as Following's posts do (`COMMANDS.following.show`). */
export class SitePostNode extends vscode.TreeItem {
  constructor(readonly post: FeedPost) {
    super(stripHtml(post.title ?? '') || vscode.l10n.t('(no title)'), vscode.TreeItemCollapsibleState.None);
    const when = post.date ? relativeTime(Date.parse(post.date), Date.now(), vscode.env.language) : '';
    this.description = [post.author?.name, when].filter(Boolean).join(' · ');
    this.iconPath = new vscode.ThemeIcon(post.is_seen === false ? 'circle-filled' : 'note');
    this.contextValue = post.URL ? 'feedPost.link' : 'feedPost';
    this.command = { command: COMMANDS.following.show, title: vscode.l10n.t('Show Post'), arguments: [this] };
    this.id = sitePostId(post);
  }

  buildTooltip(): vscode.MarkdownString {
    const p = this.post;
    const excerpt = stripHtml(p.excerpt ?? '').slice(0, 280);
    return hover`**${stripHtml(p.title ?? '')}**\n\n${excerpt && md`${excerpt}\n\n`}${mdLink(vscode.l10n.t('Open in browser'), p.URL)}`;
  }
}

/** A followed site's post's row id. */
export const sitePostId = (post: FeedPost) => `site-post-${String(post.site_ID)}-${String(post.ID)}`;
