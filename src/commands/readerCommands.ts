import * as vscode from 'vscode';
import type { FeaturedModel } from '../models/featuredModel';
import type { ReaderModel } from '../models/readerModel';
import type { ReaderPost } from '../models/readerActionCatalog';
import { FeaturedPostNode } from '../views/reader/readerNodes';
import { TagPostNode } from '../views/reader/tagPostNode';
import { COMMANDS } from '../ids';
import { openExternal, type CommandAuth } from './common';
import type { ShowReaderPostDeps } from './showReaderPost.work';
import { commandWork } from './commandWork';
import type { LoadedActions } from '../models/readerPostActions';
import { markSeenOnOpen } from './markAllSeen';

export interface ReaderCommandsDeps {
  /** Freshly Pressed's list: a post's page follows its copy there. */
  featured: Pick<FeaturedModel, 'items' | 'onDidChange'>;
  /** The opened tags' lists: a tag's post's page follows its copy in its tag's. */
  tagPosts: ReaderModel['tagPosts'];
  /** What a post's page needs; without the Reader post actions model a post shows as it did, without actions. */
  show: Omit<ShowReaderPostDeps, 'list'>;
  auth: CommandAuth;
  /** Opening a post marks it seen on the service. */
  actions: () => LoadedActions<'seen'>;
}

/** A row's post, the list that holds it, and the title its page shows (a featured post's editorial headline). */
function shown(
  node: unknown,
  deps: ReaderCommandsDeps,
): { post: ReaderPost; list: ShowReaderPostDeps['list']; title?: string } | undefined {
  if (node instanceof FeaturedPostNode)
    return { post: node.post, list: deps.featured, title: node.post.editorial?.custom_headline || node.post.title };
  const list = node instanceof TagPostNode ? deps.tagPosts(node.tag) : undefined;
  return list && { post: (node as TagPostNode).post, list, title: (node as TagPostNode).post.title };
}

export function registerReaderCommands(deps: ReaderCommandsDeps): vscode.Disposable[] {
  const { show, auth, actions } = deps;
  const work = commandWork(() => import('./showReaderPost.work'), { log: show.log, auth });
  return [
    vscode.commands.registerCommand(COMMANDS.reader.show, async (node?: vscode.TreeItem) => {
      const row = shown(node, deps);
      if (!row) return;
      const { post, list, title } = row;
      const current = list.items.find((x) => x.site_ID === post.site_ID && x.ID === post.ID) ?? post;
      markSeenOnOpen(actions, current);
      await work(vscode.l10n.t('Show Post'), (m) => m.showReaderPost({ ...show, list }, current, title));
    }),
    vscode.commands.registerCommand(COMMANDS.reader.open, (node?: vscode.TreeItem) =>
      openExternal(node instanceof FeaturedPostNode || node instanceof TagPostNode ? node.post.URL : undefined),
    ),
  ];
}
