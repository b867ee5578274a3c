import * as vscode from 'vscode';
import { relativeTime } from '../models/relativeTime';
import { pickedOnIso } from '../models/readerModel';
import type { ReaderProvider } from '../views/reader/readerProvider';
import { FeaturedPostNode } from '../views/reader/readerNodes';
import { openExternal, type CommandContext } from './commandContext';

export function registerReaderCommands(ctx: CommandContext, reader: ReaderProvider): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('contentSite.reader.refresh', () => reader.reload()),
    vscode.commands.registerCommand('contentSite.reader.loadMore', () => reader.loadMore()),
    vscode.commands.registerCommand('contentSite.reader.show', async (node?: vscode.TreeItem) => {
      if (!(node instanceof FeaturedPostNode)) return;
      const p = node.post;
      const picked = pickedOnIso(p);
      const { plainTitle, postHtml } = await import('../render');
      await ctx.detail.show(plainTitle(p.editorial?.custom_headline || p.title), postHtml({ title: p.title, URL: p.URL, content: p.content, excerpt: p.excerpt, author: p.author, site_name: p.editorial?.blog_name ?? (typeof p.site_name === 'string' ? p.site_name : undefined) }, picked ? relativeTime(Date.parse(picked)) : ''));
    }),
    vscode.commands.registerCommand('contentSite.reader.open', (node?: vscode.TreeItem) => openExternal(node instanceof FeaturedPostNode ? node.post.URL : undefined)),
  ];
}
