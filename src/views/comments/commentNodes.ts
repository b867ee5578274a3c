import * as vscode from 'vscode';
import { stripHtml, type Comment, type ContentSiteError } from '../../api';
import type { CommentGroup } from '../../models/commentQueue';
import { contextValue } from '../../models/actionCatalog';
import { COMMENT_ACTIONS } from '../../models/commentActionCatalog';
import { dateAgo } from '../../models/relativeTime';
import { COMMANDS } from '../../ids';
import { hover } from '../common/hover';
import { icon, md } from '../common/markdown';
import { ErrorNode, LoadMoreNode } from '../common/messageNode';

export function groupLabel(group: CommentGroup): string {
  switch (group) {
    case 'unapproved':
      return vscode.l10n.t('Pending');
    case 'approved':
      return vscode.l10n.t('Approved');
    case 'spam':
      return vscode.l10n.t('Spam');
    case 'trash':
      return vscode.l10n.t('Trash');
  }
}

/** A status of the site's comments: how many the site has in it, and the loaded ones under it. */
export class CommentGroupNode extends vscode.TreeItem {
  constructor(
    readonly group: CommentGroup,
    loaded: number,
    found: number | undefined,
  ) {
    super(groupLabel(group), group === 'unapproved' ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `comments-${group}`;
    const total = found ?? loaded;
    this.description = found === undefined && loaded === 0 ? undefined : String(total);
    this.tooltip =
      loaded < total
        ? vscode.l10n.t('{0} on the site, {1} loaded: Load more shows the rest.', total, loaded)
        : vscode.l10n.t('{0} on the site.', total);
    this.contextValue = `commentGroup ${group}`;
  }
}

/** The actions a comment's row offers, as words of its context value (`approve:off`, `like:on`, `restore`…), from the catalog. */
function contextWords(c: Comment): string {
  return contextValue('comment', COMMENT_ACTIONS, (e) => (!e.offers?.(c) ? undefined : e.value ? e.value(c) : 'offered'));
}

/** A comment: who wrote it, its first words and when; opening it shows the conversation. */
export class CommentNode extends vscode.TreeItem {
  constructor(readonly comment: Comment) {
    const text = stripHtml(comment.content).replace(/\s+/g, ' ').trim();
    super(comment.author?.name || vscode.l10n.t('Someone'), vscode.TreeItemCollapsibleState.None);
    this.id = `comment-${comment.ID}`;
    const when = dateAgo(comment.date, Date.now(), vscode.env.language);
    this.description = [text.length > 80 ? `${text.slice(0, 79)}…` : text, when].filter(Boolean).join(' · ');
    const post = stripHtml(comment.post.title ?? '');
    this.tooltip = hover`${comment.author?.name}\n\n${post && vscode.l10n.t('On “{0}”', post)}\n\n${text.length > 600 ? `${text.slice(0, 599)}…` : text}${comment.i_like && md`\n\n${icon('heart-filled')} ${vscode.l10n.t('You liked this comment.')}`}`;
    this.iconPath = new vscode.ThemeIcon(comment.type === 'pingback' || comment.type === 'trackback' ? 'link' : 'comment');
    this.contextValue = contextWords(comment);
    this.accessibilityInformation = { label: `${comment.author?.name ?? ''}: ${text.slice(0, 200)}, ${when}` };
    this.command = { command: COMMANDS.comments.show, title: vscode.l10n.t('Show Conversation'), arguments: [this] };
  }
}

/** A queue's Load more (or its failure): each group has its own. */
export function groupTail(group: CommentGroup, error: ContentSiteError | undefined, hasMore: boolean): vscode.TreeItem[] {
  if (error) {
    const node = new ErrorNode(error, { loadMore: COMMANDS.comments.loadMore });
    node.id = `comments-${group}-more-error`;
    node.command = { command: COMMANDS.comments.loadMoreIn, title: vscode.l10n.t('Load more…'), arguments: [group] };
    return [node];
  }
  if (!hasMore) return [];
  const node = new LoadMoreNode(COMMANDS.comments.loadMore);
  node.id = `comments-${group}-more`;
  node.command = { command: COMMANDS.comments.loadMoreIn, title: vscode.l10n.t('Load more…'), arguments: [group] };
  return [node];
}
