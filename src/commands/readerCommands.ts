import * as vscode from 'vscode';
import { loadRender } from '../lazy/loadRender';
import { relativeTime } from '../models/relativeTime';
import { pickedOnIso, type FeaturedModel } from '../models/featuredModel';
import type { DetailPanel } from '../views/detail/detailPanel';
import { FeaturedPostNode } from '../views/reader/readerNodes';
import { COMMANDS } from '../ids';
import { openExternal, type CommandAuth } from './common';
import type { ShowReaderPostDeps } from './showReaderPost';
import { occasional } from './lazy/loadOccasional';
import type { ReaderPostActions } from '../models/readerPostActions';
import { markSeenOnOpen } from './markAllSeen';

export interface ReaderCommandsDeps {
  /** Where a post is shown. */
  detail: Pick<DetailPanel, 'show'>;
  /** Freshly Pressed's list: a post's page follows its copy there. */
  featured: Pick<FeaturedModel, 'items' | 'onDidChange'>;
  /** What a post's page needs; without the Reader post actions model a post shows as it did, without actions. */
  show: Omit<ShowReaderPostDeps, 'list'>;
  auth: CommandAuth;
  /** Opening a post marks it seen on the service. */
  actions: () => Pick<ReaderPostActions, 'seen'>;
}

export function registerReaderCommands({ detail, featured, show, auth, actions }: ReaderCommandsDeps): vscode.Disposable[] {
  const work = occasional({ log: show.log, auth });
  return [
    vscode.commands.registerCommand(COMMANDS.reader.show, async (node?: vscode.TreeItem) => {
      if (!(node instanceof FeaturedPostNode)) return;
      const p = node.post;
      markSeenOnOpen(actions, p);
      if (show.postActions) {
        const current = featured.items.find((x) => x.site_ID === p.site_ID && x.ID === p.ID) ?? p;
        await work(vscode.l10n.t('Show Post'), (m) =>
          m.showReaderPost({ ...show, list: featured }, current, p.editorial?.custom_headline || p.title),
        );
        return;
      }
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
    }),
    vscode.commands.registerCommand(COMMANDS.reader.open, (node?: vscode.TreeItem) =>
      openExternal(node instanceof FeaturedPostNode ? node.post.URL : undefined),
    ),
  ];
}
