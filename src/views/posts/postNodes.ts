import * as vscode from 'vscode';
import { stripHtml, type PostV11 } from '../../api';
import type { PostGroup } from '../../models/postsModel';
import { dateAgo, dateText } from '../../models/relativeTime';
import { hover } from '../common/hover';
import { md } from '../common/markdown';

/** A group of the Posts view: the posts of a status, or the site's pages (every status but the trash). */
export type PostsViewGroup = PostGroup | 'pages';

export function groupLabel(group: PostsViewGroup): string {
  switch (group) {
    case 'pages':
      return vscode.l10n.t('Pages');
    case 'draft':
      return vscode.l10n.t('Drafts');
    case 'future':
      return vscode.l10n.t('Scheduled');
    case 'pending':
      return vscode.l10n.t('Pending review');
    case 'publish':
      return vscode.l10n.t('Published');
    default:
      return vscode.l10n.t('Private');
  }
}

/**
 * A status's posts, or the pages (as loaded so far): Drafts, Scheduled and Published open, the
 * others closed until asked. It says how many the site has (its counts), and when fewer are
 * loaded, how many are.
 */
export class PostGroupNode extends vscode.TreeItem {
  constructor(
    readonly group: PostsViewGroup,
    readonly posts: readonly PostV11[],
    onSite: number | undefined,
  ) {
    const open = group === 'draft' || group === 'publish' || group === 'future';
    super(groupLabel(group), open ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `posts-${group}`;
    const total = Math.max(onSite ?? 0, posts.length);
    this.description = String(total);
    this.tooltip =
      posts.length < total
        ? vscode.l10n.t('{0} on the site, {1} loaded: Load more shows the rest.', total, posts.length)
        : vscode.l10n.t('{0} on the site.', total);
    this.contextValue = 'postGroup';
  }
}

/** A post of the site: its title, who wrote it and when (a scheduled one: when it goes out). */
export class PostNode extends vscode.TreeItem {
  constructor(readonly post: PostV11) {
    super(stripHtml(post.title ?? '') || vscode.l10n.t('(no title)'), vscode.TreeItemCollapsibleState.None);
    const when = post.status === 'future' ? post.date : (post.modified ?? post.date);
    const time = Number.isFinite(Date.parse(when ?? ''))
      ? post.status === 'future'
        ? vscode.l10n.t(
            'goes out {0}',
            new Date(Date.parse(when ?? '')).toLocaleString(vscode.env.language, { dateStyle: 'medium', timeStyle: 'short' }),
          )
        : dateAgo(when, Date.now(), vscode.env.language)
      : '';
    this.description = [post.author?.name, time].filter(Boolean).join(' · ');
    this.iconPath = new vscode.ThemeIcon(post.status === 'publish' ? 'globe' : post.status === 'future' ? 'calendar' : 'edit');
    // Published and scheduled posts open as they are; unpublished ones can be published from here.
    this.contextValue = post.status === 'draft' || post.status === 'pending' ? 'post unpublished' : 'post';
    this.id = `post-${post.ID}`;
  }

  buildTooltip(): vscode.MarkdownString {
    const p = this.post;
    return hover`**${stripHtml(p.title ?? '') || vscode.l10n.t('(no title)')}**\n\n${`#${p.ID}`}${p.author?.name && md` · ${p.author.name}`} · ${p.status}\n\n${dateText(p.modified) && vscode.l10n.t('Last modified {0}', dateText(p.modified))}`;
  }
}
