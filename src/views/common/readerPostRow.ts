import * as vscode from 'vscode';
import { stripHtml, type FeedPost } from '../../api';
import { dateAgo } from '../../models/relativeTime';
import { readerContext } from '../../models/readerActionCatalog';
import { readerPostIcon, readerRowStates } from './readerPostLook';

/**
 * A Reader post's row as Following and a subscribed tag show it (each view its own subclass, which
 * its commands tell by class): the site, author and date, what the reader did, the catalog's
 * context value after `kind` (`kind.link` when it has an address), and a click that opens it.
 */
type HoverCode = typeof import('./readerPostHover');
let hoverCode: HoverCode | undefined;

/**
 * A Reader post row's hover, from ./readerPostHover.ts: a chunk of its own, imported with the first
 * hover built (a promise then); every hover after is built at once.
 */
export function withHovers(build: (h: HoverCode) => vscode.MarkdownString): vscode.MarkdownString | Promise<vscode.MarkdownString> {
  return hoverCode ? build(hoverCode) : import('./readerPostHover').then((m) => build((hoverCode = m)));
}

export abstract class ReaderPostRow extends vscode.TreeItem {
  constructor(
    readonly post: FeedPost,
    kind: string,
    show: string,
    id: string,
  ) {
    super(stripHtml(post.title ?? '') || vscode.l10n.t('(no title)'), vscode.TreeItemCollapsibleState.None);
    const author = post.author?.name;
    const when = dateAgo(post.date, Date.now(), vscode.env.language);
    this.description = [post.site_name, author, when, ...readerRowStates(post)].filter(Boolean).join(' · ');
    this.iconPath = readerPostIcon(post, 'note');
    this.contextValue = readerContext(post.URL ? `${kind}.link` : kind, post);
    this.command = { command: show, title: vscode.l10n.t('Show Post'), arguments: [this] };
    this.id = id;
  }

  buildTooltip(): vscode.MarkdownString | Promise<vscode.MarkdownString> {
    return withHovers((h) => h.readerPostHover(this.post));
  }
}
