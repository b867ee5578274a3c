import * as vscode from 'vscode';
import { stripHtml, type PostV11 } from '../../api';
import { dateAgo, dateText } from '../../models/relativeTime';
import { hover } from '../common/hover';
import { md } from '../common/markdown';

export class TrashedPostNode extends vscode.TreeItem {
  constructor(readonly post: PostV11) {
    super(stripHtml(post.title ?? '') || vscode.l10n.t('(no title)'), vscode.TreeItemCollapsibleState.None);
    const type = post.type === 'page' ? vscode.l10n.t('page') : post.type === 'post' || !post.type ? vscode.l10n.t('post') : post.type;
    const when = dateAgo(post.modified, Date.now(), vscode.env.language);
    this.description = `${type}${when ? ` · ${vscode.l10n.t('modified {0}', when)}` : ''}`;
    this.iconPath = new vscode.ThemeIcon(post.type === 'page' ? 'file' : 'note');
    this.contextValue = 'trashedPost';
    this.id = `trash-${post.ID}`;
  }

  buildTooltip(): vscode.MarkdownString {
    const p = this.post;
    return hover`**${stripHtml(p.title ?? '') || vscode.l10n.t('(no title)')}**\n\n${p.type ?? 'post'} ${`#${p.ID}`}${p.author?.name && md` · ${p.author.name}`}\n\n${dateText(p.modified) && vscode.l10n.t('Last modified {0}', dateText(p.modified))}`;
  }
}
