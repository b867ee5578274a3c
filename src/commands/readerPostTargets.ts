import type * as vscode from 'vscode';
import type { FeedPost } from '../api';
import { FeedPostNode } from '../views/following/feedPostNode';
import type { FollowingProvider } from '../views/following/followingProvider';
import { FeaturedPostNode } from '../views/reader/readerNodes';
import type { ReaderProvider } from '../views/reader/readerProvider';
import { TagPostNode } from '../views/reader/tagPostNode';
import { whenRowsKnown, type NoteArg } from './noteTargets';

/** The views whose rows are Reader posts. */
export interface ReaderViews {
  following: Pick<FollowingProvider, 'view' | 'redrawing' | 'rowsKnown'>;
  reader: Pick<ReaderProvider, 'view' | 'redrawing' | 'rowsKnown'>;
  /** The post a page names by its key (`site_ID/ID`, showReaderPost.ts's readerPostKey), as its list holds it. */
  find(key: string): FeedPost | undefined;
}

/** What a Reader command is called with: a row (menu, key), a post's key (its page), or nothing. */
export type ReaderArg = NoteArg | string;

const postOf = (n: unknown): FeedPost | undefined =>
  n instanceof FeedPostNode || n instanceof FeaturedPostNode || n instanceof TagPostNode ? n.post : undefined;

/**
 * The posts a Reader command acts on: the row given first, then the rest of the selection when
 * that row is part of it (a menu passes the selection; a key's focused row is looked up in its
 * tree's selection); with no row, the selection given.
 */
export function readerTargets(views: ReaderViews, clicked?: ReaderArg, selected?: readonly vscode.TreeItem[]): FeedPost[] {
  if (typeof clicked === 'string') {
    const post = views.find(clicked);
    return post ? [post] : [];
  }
  const row = postOf(clicked);
  // A post, not a row object: a redraw since the selection was made (a post marked seen) made new rows.
  const same = (a: FeedPost, b: FeedPost) => a.site_ID === b.site_ID && a.ID === b.ID;
  let together: readonly vscode.TreeItem[] = Array.isArray(selected) ? selected : [];
  if (row && together.length === 0) {
    const view = clicked instanceof FeedPostNode ? views.following.view : views.reader.view;
    if (view.selection.some((n) => n === clicked || (postOf(n) !== undefined && same(postOf(n)!, row)))) together = view.selection;
  }
  const posts = together.map(postOf).filter((p): p is FeedPost => p !== undefined);
  return row ? [row, ...posts.filter((p) => !same(p, row))] : posts;
}

/** A Reader command as registered: a key whose row was lost to a redraw runs again once the rows are back (noteTargets.ts). */
export function readerCommand(
  views: ReaderViews,
  command: string,
  run: (clicked?: ReaderArg, selected?: readonly vscode.TreeItem[]) => unknown,
): ReturnType<typeof whenRowsKnown> {
  const both = {
    get redrawing() {
      return views.following.redrawing || views.reader.redrawing;
    },
    rowsKnown: async () => {
      await Promise.all([views.following.rowsKnown(), views.reader.rowsKnown()]);
    },
  };
  return whenRowsKnown(both, command, run as (clicked?: NoteArg, selected?: readonly vscode.TreeItem[]) => unknown);
}
