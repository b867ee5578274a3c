import * as vscode from 'vscode';
import { loadRender } from '../lazy/loadRender';
import { relativeTime } from '../models/relativeTime';
import { pickedOnIso } from '../models/featuredModel';
import type { DetailPanel } from '../views/detail/detailPanel';
import { FeaturedPostNode } from '../views/reader/readerNodes';
import { COMMANDS } from '../ids';
import type { ReaderPostActions } from '../models/readerPostActions';
import { openExternal } from './common';
import { markSeenOnOpen } from './markAllSeen';

export interface ReaderCommandsDeps {
  /** Where a post is shown. */
  detail: Pick<DetailPanel, 'show'>;
  /** Opening a post marks it seen on the service. */
  actions: () => Pick<ReaderPostActions, 'seen'>;
}

export function registerReaderCommands({ detail, actions }: ReaderCommandsDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.reader.show, async (node?: vscode.TreeItem) => {
      if (!(node instanceof FeaturedPostNode)) return;
      const p = node.post;
      const picked = pickedOnIso(p);
      const { plainTitle, postHtml } = await loadRender();
      await detail.show(
        plainTitle(p.editorial?.custom_headline || p.title),
        postHtml(
          {
            title: p.title,
            URL: p.URL,
            content: p.content,
            excerpt: p.excerpt,
            author: p.author,
            site_name: p.editorial?.blog_name ?? (typeof p.site_name === 'string' ? p.site_name : undefined),
          },
          picked ? relativeTime(Date.parse(picked), Date.now(), vscode.env.language) : '',
        ),
      );
      markSeenOnOpen(actions, p);
    }),
    vscode.commands.registerCommand(COMMANDS.reader.open, (node?: vscode.TreeItem) =>
      openExternal(node instanceof FeaturedPostNode ? node.post.URL : undefined),
    ),
  ];
}
