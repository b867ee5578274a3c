import * as vscode from 'vscode';
import type { ReaderModel } from '../../models/readerModel';
import { COMMANDS, VIEWS } from '../../ids';
import { ListProvider, minuteNow } from '../common/listProvider';
import { describe, listMessage, listRows } from '../common/listRows';
import type { LoaderOptions } from '../common/viewLoader';
import { FeaturedPostNode, featuredPostId, ReaderSectionNode, TagNode, tagId } from './readerNodes';
import { TagPostNode, tagPostId } from './tagPostNode';
import { PostsMessageNode } from '../common/postsMessageNode';

export const READER_VIEW = VIEWS.reader;

/** Freshly Pressed (with "Load more…" by pick date) and the subscribed tags, as two sections; a tag opens to its latest posts. */
export class ReaderProvider extends ListProvider<ReaderModel> {
  constructor(model: ReaderModel, loader: LoaderOptions) {
    super(VIEWS.reader, model, loader, { canSelectMany: true, showCollapseAll: true });
  }

  protected header(): void {
    const { featured } = this.model;
    this.view.description = describe(featured, undefined);
    this.view.message = featured.state.kind === 'error' ? listMessage(featured, '') : undefined;
  }

  protected rows(element?: vscode.TreeItem): vscode.TreeItem[] {
    const { featured, tags } = this.model;
    if (!element) {
      if (featured.state.kind === 'idle') return [];
      if (featured.state.kind === 'error' && featured.items.length === 0) return listRows(featured, () => [], COMMANDS.reader.loadMore);
      return [new ReaderSectionNode('featured', featured.items.length), new ReaderSectionNode('tags', tags.items.length)];
    }
    if (element instanceof ReaderSectionNode && element.section === 'featured')
      return listRows(
        featured,
        (posts) => posts.map((p) => this.row(featuredPostId(p), [p, minuteNow()], () => new FeaturedPostNode(p))),
        COMMANDS.reader.loadMore,
      );
    if (element instanceof ReaderSectionNode && element.section === 'tags') {
      if (tags.state.kind === 'loaded' && tags.items.length === 0) return [new vscode.TreeItem(vscode.l10n.t('You follow no tags yet.'))];
      return listRows(
        tags,
        (list) => list.map((t) => this.row(tagId(t), [t], () => new TagNode(t, tags.keyOf(t)))),
        COMMANDS.reader.loadMore,
      );
    }
    if (element instanceof TagNode) return this.tagPostRows(element);
    return [];
  }

  /** A tag's latest posts: its list is made (and loaded) the first time its row opens. */
  private tagPostRows(tag: TagNode): vscode.TreeItem[] {
    const posts = this.model.tagPosts(tag.key);
    // Not while the tree is being drawn: the list tells its progress, and the rows are drawn again.
    if (!posts) void Promise.resolve().then(() => this.model.openTag(tag.tag));
    if (!posts || (posts.state.kind !== 'error' && posts.items.length === 0))
      return [new PostsMessageNode(tag.id!, posts?.state.kind === 'loaded' ? { kind: 'loaded' } : undefined)];
    const minute = minuteNow();
    return listRows(
      posts,
      (items) => items.map((p) => this.row(tagPostId(tag.id!, p), [p, minute], () => new TagPostNode(p, tag.key, tag.id!))),
      COMMANDS.reader.loadMore,
      tag,
    );
  }

  /** Load more (and Retry) of a tag's posts is given the tag's row; otherwise, of Freshly Pressed and the tags. */
  override loadMore(row?: unknown): Promise<void> {
    if (!(row instanceof TagNode)) return super.loadMore();
    const posts = this.model.tagPosts(row.key);
    if (!posts) return Promise.resolve();
    return posts.state.kind === 'error' ? posts.refresh() : posts.loadMore();
  }
}
