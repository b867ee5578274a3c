import * as vscode from 'vscode';
import type { ReaderModel } from '../../models/readerModel';
import { COMMANDS, VIEWS } from '../../ids';
import { ListProvider, minuteNow } from '../common/listProvider';
import { describe, listMessage, listRows } from '../common/listRows';
import type { LoaderOptions } from '../common/viewLoader';
import { FeaturedPostNode, featuredPostId, ReaderSectionNode, TagNode, tagId } from './readerNodes';

export const READER_VIEW = VIEWS.reader;

/** Freshly Pressed (with "Load more…" by pick date) and the subscribed tags, as two sections. */
export class ReaderProvider extends ListProvider<ReaderModel> {
  constructor(model: ReaderModel, loader: LoaderOptions) {
    super(VIEWS.reader, model, loader, { showCollapseAll: true });
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
      return listRows(tags, (list) => list.map((t) => this.row(tagId(t), [t], () => new TagNode(t))), COMMANDS.reader.loadMore);
    }
    return [];
  }
}
