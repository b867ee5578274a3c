import * as vscode from 'vscode';
import { stripHtml, type FeedPost } from '../../api';
import { relativeTime } from '../../models/relativeTime';
import { COMMANDS } from '../../ids';
import { readerContext } from '../../models/readerActionCatalog';
import { escapeMd, mdLink } from '../common/markdown';
import { appendReaderState, readerPostIcon, readerRowStates } from '../common/readerPostLook';

/** A followed blog's post's row id. */
export const feedPostId = (post: FeedPost) => `feed-${post.global_ID ?? `${String(post.site_ID)}-${String(post.ID)}`}`;

export class FeedPostNode extends vscode.TreeItem {
  constructor(readonly post: FeedPost) {
    super(stripHtml(post.title ?? '') || vscode.l10n.t('(no title)'), vscode.TreeItemCollapsibleState.None);
    const author = post.author?.name;
    const when = post.date ? relativeTime(Date.parse(post.date), Date.now(), vscode.env.language) : '';
    this.description = [post.site_name, author, when, ...readerRowStates(post)].filter(Boolean).join(' · ');
    this.iconPath = readerPostIcon(post, 'note');
    this.contextValue = readerContext(post.URL ? 'feedPost.link' : 'feedPost', post);
    this.command = { command: COMMANDS.following.show, title: vscode.l10n.t('Show Post'), arguments: [this] };
    this.id = feedPostId(post);
  }

  buildTooltip(): vscode.MarkdownString {
    const p = this.post;
    const md = new vscode.MarkdownString(undefined, true);
    md.appendMarkdown(`**${escapeMd(stripHtml(p.title ?? ''))}**\n\n`);
    md.appendMarkdown(
      `${escapeMd(p.site_name ?? '')}${p.author?.name ? ` · ${escapeMd(p.author.name)}` : ''}${p.date ? ` · ${new Date(p.date).toLocaleString()}` : ''}\n\n`,
    );
    const excerpt = stripHtml(p.excerpt ?? '').slice(0, 280);
    if (excerpt) md.appendMarkdown(`${escapeMd(excerpt)}\n\n`);
    appendReaderState(md, p);
    md.appendMarkdown(mdLink(vscode.l10n.t('Open in browser'), p.URL));
    return md;
  }
}
