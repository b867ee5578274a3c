import * as vscode from 'vscode';
import { stripHtml, type FeaturedPost } from '../../api';
import { relativeTime } from '../../models/relativeTime';
import { pickedOnIso } from '../../models/featuredModel';
import type { Tag } from '../../models/tagsModel';
import { COMMANDS } from '../../ids';
import { readerContext } from '../../models/readerActionCatalog';
import { readerPostIcon, readerRowStates } from '../common/readerPostLook';
import { withHovers } from '../common/readerPostRow';

export type ReaderSection = 'featured' | 'tags';

/** A featured post's row id. */
export const featuredPostId = (post: FeaturedPost) => `featured-${String(post.site_ID)}-${String(post.ID)}`;
/** A tag's row id. */
export const tagId = (tag: Tag) => `tag-${String(tag.ID ?? tag.slug ?? tag.display_name ?? tag.title)}`;

export class ReaderSectionNode extends vscode.TreeItem {
  constructor(
    readonly section: ReaderSection,
    count: number,
  ) {
    super(
      section === 'featured' ? vscode.l10n.t('Freshly Pressed') : vscode.l10n.t('Subscribed Tags'),
      section === 'featured' ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
    );
    this.id = `reader-${section}`;
    this.iconPath = new vscode.ThemeIcon(section === 'featured' ? 'star' : 'tag');
    this.description = count > 0 ? String(count) : undefined;
    this.contextValue = `readerSection.${section}`;
  }
}

export class FeaturedPostNode extends vscode.TreeItem {
  constructor(readonly post: FeaturedPost) {
    const e = post.editorial;
    super(stripHtml(e?.custom_headline || post.title || '') || vscode.l10n.t('(no title)'), vscode.TreeItemCollapsibleState.None);
    const picked = pickedOnIso(post);
    this.description = [
      e?.custom_blog_title || e?.blog_name,
      picked ? relativeTime(Date.parse(picked), Date.now(), vscode.env.language) : undefined,
    ]
      .concat(readerRowStates(post))
      .filter(Boolean)
      .join(' · ');
    this.iconPath = readerPostIcon(post, 'star-empty');
    this.id = featuredPostId(post);
    this.contextValue = readerContext(post.URL ? 'featuredPost.link' : 'featuredPost', post);
    this.command = { command: COMMANDS.reader.show, title: vscode.l10n.t('Show Post'), arguments: [this] };
  }

  buildTooltip(): vscode.MarkdownString | Promise<vscode.MarkdownString> {
    return withHovers((h) => h.featuredPostHover(this.post, this.label as string));
  }
}

export class TagNode extends vscode.TreeItem {
  constructor(
    readonly tag: Tag,
    /** Its key in the tags' list. */
    readonly key: string,
  ) {
    // Opens to the tag's latest posts.
    super(tag.title || tag.display_name || tag.slug || vscode.l10n.t('(tag)'), vscode.TreeItemCollapsibleState.Collapsed);
    this.description = tag.slug && tag.slug !== tag.title ? `#${tag.slug}` : undefined;
    this.iconPath = new vscode.ThemeIcon('tag');
    this.id = tagId(tag);
    this.contextValue = 'subscribedTag';
  }
}
