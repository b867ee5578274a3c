/**
 * (In dist/hovers.js, loaded with the first hover: see lazy/loadHovers.ts.) The hovers
 * of Reader posts' rows (Following, Freshly Pressed, a tag's posts): the post, what the reader did
 * (the catalog's `doneSentence`s) and why the post offers less (an external feed, closed comments).
 * No picture: an image in a hover loads as the pointer passes over the row, and tells its host you looked.
 */
import * as vscode from 'vscode';
import type { FeaturedPost, FeedPost } from '../../api';
import { stripHtml } from '../../api/notificationShape';
import { localized } from '../../localize';
import { pickedOnIso } from '../../models/pickedOn';
import { READER_ACTIONS, readerLimits, type ReaderPost } from '../../models/readerActionCatalog';
import { escapeMd, mdLink } from './markdown';

/** The hover's lines on what the reader did and what the post does not offer. */
function appendReaderState(md: vscode.MarkdownString, p: ReaderPost): void {
  md.supportThemeIcons = true;
  const line = (icon: string, text: string) => md.appendMarkdown(`$(${icon}) ${escapeMd(text)}\n\n`);
  for (const e of READER_ACTIONS.shown) if (e.doneSentence && e.value?.(p)) line(e.doneSentence.icon, localized(e.doneSentence.text));
  for (const why of readerLimits(p)) line('info', localized(why));
}

/** A followed post's or a tag's post's hover: title, site, author and date, excerpt, state, and a link. */
export function readerPostHover(p: FeedPost): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.appendMarkdown(`**${escapeMd(stripHtml(p.title ?? ''))}**\n\n`);
  md.appendMarkdown(
    `${escapeMd(p.site_name ?? '')}${p.author?.name ? ` · ${escapeMd(p.author.name)}` : ''}${p.date ? ` · ${new Date(p.date).toLocaleString()}` : ''}\n\n`,
  );
  const excerpt = stripHtml(p.excerpt ?? '').slice(0, 280);
  if (excerpt) md.appendMarkdown(`${escapeMd(excerpt)}\n\n`);
  appendReaderState(md, p);
  md.appendMarkdown(mdLink(vscode.l10n.t('Open in browser'), p.URL));
  return md;
}

/** A featured post's hover, under its row's `label`: the blog and when it was picked, excerpt, state. */
export function featuredPostHover(p: FeaturedPost, label: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.appendMarkdown(`**${escapeMd(label)}**\n\n`);
  md.appendMarkdown(
    `${escapeMd(p.editorial?.blog_name ?? (typeof p.site_name === 'string' ? p.site_name : ''))}${p.editorial?.picked_on ? ` · ${vscode.l10n.t('picked {0}', new Date(pickedOnIso(p) ?? '').toLocaleDateString())}` : ''}\n\n`,
  );
  const excerpt = stripHtml(p.excerpt ?? '').slice(0, 200);
  if (excerpt) md.appendMarkdown(`${escapeMd(excerpt)}\n\n`);
  appendReaderState(md, p);
  return md;
}
