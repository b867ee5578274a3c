import * as vscode from 'vscode';
import type { PostV11 } from '../../api';
import type { TrashModel } from '../../models/trashModel';
import { PagedListProvider } from '../common/pagedListProvider';
import { TrashedPostNode } from './trashedPostNode';

export const TRASH_VIEW = 'contentSite.trash';

export class TrashProvider extends PagedListProvider<PostV11, TrashedPostNode> {
  constructor(private readonly trash: TrashModel) {
    super(TRASH_VIEW, trash, { refresh: 'contentSite.trash.refresh', loadMore: 'contentSite.trash.loadMore' }, true);
  }

  protected override render(): void {
    this.view.description = this.trash.siteInfo?.name || this.trash.site;
    super.render();
  }

  protected toNode(post: PostV11): TrashedPostNode {
    return new TrashedPostNode(post);
  }
  protected emptyMessage(): string {
    return vscode.l10n.t('The trash of {0} is empty.', this.trash.siteInfo?.name ?? this.trash.site ?? '');
  }
  protected isNode(item: vscode.TreeItem): item is TrashedPostNode {
    return item instanceof TrashedPostNode;
  }
  protected tooltipFor(node: TrashedPostNode): vscode.MarkdownString {
    return node.buildTooltip();
  }
}
