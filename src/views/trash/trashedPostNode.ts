import * as vscode from 'vscode';
import { stripHtml, type PostV11 } from '../../api';
import { relativeTime } from '../../models/relativeTime';
import { escapeMd } from '../common/markdown';

export class TrashedPostNode extends vscode.TreeItem {
  constructor(readonly post: PostV11) {
    super(stripHtml(post.title ?? '') || vscode.l10n.t('(no title)'), vscode.TreeItemCollapsibleState.None);
    const type = post.type === 'page' ? vscode.l10n.t('page') : post.type === 'post' || !post.type ? vscode.l10n.t('post') : post.type;
    this.description = `${type}${post.modified ? ` · ${vscode.l10n.t('modified {0}', relativeTime(Date.parse(post.modified), Date.now(), vscode.env.language))}` : ''}`;
    this.iconPath = new vscode.ThemeIcon(post.type === 'page' ? 'file' : 'note');
    this.contextValue = 'trashedPost';
    this.id = `trash-${post.ID}`;
  }

  buildTooltip(): vscode.MarkdownString {
    const p = this.post;
    const md = new vscode.MarkdownString(undefined, true);
    md.appendMarkdown(`**${escapeMd(stripHtml(p.title ?? '') || vscode.l10n.t('(no title)'))}**\n\n`);
    md.appendMarkdown(`${escapeMd(p.type ?? 'post')} #${p.ID}${p.author?.name ? ` · ${escapeMd(p.author.name)}` : ''}\n\n`);
    if (p.modified) md.appendMarkdown(vscode.l10n.t('Last modified {0}', new Date(p.modified).toLocaleString()));
    return md;
  }
}
