/**
 * (A chunk of its own, imported with the first hover built: see readerPostRow.ts.) The hovers
 * of Reader posts' rows (Following, Freshly Pressed, a tag's posts): the post, what the reader did
 * (the catalog's `doneSentence`s) and why the post offers less (an external feed, closed comments).
 * No picture: an image in a hover loads as the pointer passes over the row, and tells its host you looked.
 */
import { dateText } from '../../models/relativeTime';
import * as vscode from 'vscode';
import type { FeaturedPost, FeedPost } from '../../api';
import { stripHtml } from '../../api/notificationShape';
import { localized } from '../../localize';
import { pickedOnIso } from '../../models/pickedOn';
import { READER_ACTIONS, readerLimits, type ReaderPost } from '../../models/readerActionCatalog';
import { hover } from './hover';
import { icon, md, mdLink, type Md } from './markdown';

/** The hover's lines on what the reader did and what the post does not offer. */
function readerState(p: ReaderPost): Md[] {
  const line = (name: string, text: string) => md`${icon(name)} ${text}\n\n`;
  return [
    ...READER_ACTIONS.shown
      .filter((e) => e.doneSentence && e.value?.(p))
      .map((e) => line(e.doneSentence!.icon, localized(e.doneSentence!.text))),
    ...readerLimits(p).map((why) => line('info', localized(why))),
  ];
}

/** A followed post's or a tag's post's hover: title, site, author and date, excerpt, state, and a link. */
export function readerPostHover(p: FeedPost): vscode.MarkdownString {
  const excerpt = stripHtml(p.excerpt ?? '').slice(0, 280);
  return hover`**${stripHtml(p.title ?? '')}**\n\n${p.site_name}${p.author?.name && md` · ${p.author.name}`}${dateText(p.date) && md` · ${dateText(p.date)}`}\n\n${excerpt && md`${excerpt}\n\n`}${readerState(p)}${mdLink(vscode.l10n.t('Open in browser'), p.URL)}`;
}

/** A featured post's hover, under its row's `label`: the blog and when it was picked, excerpt, state. */
export function featuredPostHover(p: FeaturedPost, label: string): vscode.MarkdownString {
  const excerpt = stripHtml(p.excerpt ?? '').slice(0, 200);
  return hover`**${label}**\n\n${p.editorial?.blog_name ?? (typeof p.site_name === 'string' ? p.site_name : '')}${dateText(pickedOnIso(p), 'date') && md` · ${vscode.l10n.t('picked {0}', dateText(pickedOnIso(p), 'date'))}`}\n\n${excerpt && md`${excerpt}\n\n`}${readerState(p)}`;
}
