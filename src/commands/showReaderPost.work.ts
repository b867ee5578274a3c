import * as vscode from 'vscode';
import type { MentionSource } from '../models/mentionSource';
import type { ReaderPost } from '../models/readerActionCatalog';
import type { ReaderConversation } from '../models/readerConversation';
import { dateAgo } from '../models/relativeTime';
import type { SiteChanges } from '../models/siteChanges';
import type { ReaderPostActionsLike, ReaderPostDeps } from '../render/readerPostSession';
import type { DetailWebview } from '../views/detail/detailWebview';

export interface ShowReaderPostDeps {
  detail: Pick<DetailWebview, 'show' | 'showReaderPost'>;
  /** The post's list (Following's, Freshly Pressed's): its posts now, and when they change. */
  list: { readonly items: readonly ReaderPost[]; onDidChange(listener: () => void): vscode.Disposable | { dispose(): void } };
  changes: Pick<SiteChanges, 'onReaderPost' | 'comment' | 'readerPost'>;
  /** The Reader post actions model (its comment); until a feature gives it, a post shows without its actions. */
  postActions?: ReaderPostActionsLike;
  /** A post's conversation (made with the client by the feature, loaded with the page). */
  conversation: (site: number, post: number) => Promise<ReaderConversation>;
  mentions: Pick<MentionSource, 'suggest'>;
  log: Pick<vscode.LogOutputChannel, 'warn' | 'error'>;
}

/** The key a Reader post's row commands take: `site_ID/ID`. */
const readerPostKey = (p: ReaderPost): string => `${String(p.site_ID)}/${String(p.ID)}`;

/**
 * (In its own chunk, loaded with the first post shown: see commands/lazy/occasionalEntry.ts.)
 * Shows a Reader post in the detail panel with its actions (the row's own commands, run with the
 * post's key), its conversation and the comment box with @-mentions from the post's site, following
 * its copy in its list (found by site and ID) and what SiteChanges tells of it.
 */
export async function showReaderPost(
  deps: ShowReaderPostDeps,
  post: ReaderPost,
  rawTitle: string | undefined,
  focus?: 'comment',
): Promise<void> {
  const lang = vscode.env.language;
  const when = (date: string | undefined) => dateAgo(date, Date.now(), lang);
  // The renderer (and its sanitizer, which the title's HTML goes through) loads with the first post shown.
  const { plainTitle, postHtml } = await import('../render/index');
  const title = plainTitle(rawTitle);
  if (!deps.postActions) {
    await deps.detail.show(title, postHtml(post, when(post.date)));
    return;
  }
  const site = Number(post.site_ID);
  const id = Number(post.ID);
  const key = readerPostKey(post);
  const sessionDeps: ReaderPostDeps = {
    key,
    get: () => deps.list.items.find((p) => Number(p.site_ID) === site && Number(p.ID) === id),
    onDidChange: (l) => deps.list.onDidChange(l),
    onReaderPost: (l) => deps.changes.onReaderPost(l),
    actions: deps.postActions,
    conversation: await deps.conversation(site, id),
    // The extension's one mention source, asked for the post's site.
    suggest: async (s, letters) =>
      (await deps.mentions.suggest(letters, undefined, String(s))).map((u) => ({ login: u.user_login, name: u.display_name })),
    // A reply shows in the site's Comments view (when it is the chosen site) and in the post's count.
    replied: (c) => {
      deps.changes.comment({ siteId: site, id: Number(c.ID), status: c.status });
      const now = sessionDeps.get() ?? post;
      if (c.status === 'approved')
        deps.changes.readerPost({ siteId: site, postId: id, patch: { comment_count: (now.comment_count ?? 0) + 1 } });
    },
    run: (command, k) => vscode.commands.executeCommand(command, k),
    log: (m) => deps.log.warn(m),
  };
  await deps.detail.showReaderPost(post, sessionDeps, title, when, focus);
}
