/**
 * Every action on a Reader post (Following, Freshly Pressed, a tag's posts, and the post's page in
 * the detail view), said once (the shape is actionCatalog.ts's): labels, icons, key, command,
 * menus, context word, page button, Undo and questions, and how a post offers it (`offers`: true,
 * or why not, as the row says it) and shows it (`value`, `patch`). The rows, the commands
 * (readerPostCommands.ts, by kind), the model (readerPostActions.ts), the detail page, the keys
 * and the manifest read this table. No vscode here.
 */
import type { FeedPost } from '../api';
import { VIEWS } from '../ids';
import { actionTable, contextValue, type ActionEntry, type ActionTable, type Written } from './actionCatalog';

/** A post as the Reader's lists hold it (Following's and Freshly Pressed's). */
export type ReaderPost = FeedPost;

export interface ReaderEntry extends ActionEntry {
  /** Whether the post offers it: true, or the sentence that says why not (an external feed takes no likes). */
  offers(p: ReaderPost): true | string;
  /** A toggle's state on the post (liked, following its site, seen). */
  value?(p: ReaderPost): boolean;
  /** How the post shows the action at once, before the service answers. */
  patch?(p: ReaderPost, on: boolean): Partial<ReaderPost>;
}

// Posts of a feed that is not a WordPress.com or Jetpack site take no likes, comments or blocks through the API (reader.md).
const external = (p: ReaderPost) => p.is_external === true;
const site = (p: ReaderPost) => Number(p.site_ID ?? 0) > 0;
const always = () => true as const;

const WRITTEN: readonly Written<ReaderEntry>[] = [
  {
    id: 'like',
    kind: 'toggle',
    labels: {
      title: 'Like Post',
      on: 'Like',
      off: 'Unlike',
      done: 'Liked',
      hint: ['Like the post', 'Unlike the post'],
      key: 'Like or unlike the post',
    },
    offTitle: 'Unlike Post',
    icons: ['heart', 'heart-filled'],
    key: 'l',
    inline: 1,
    inlineOff: true,
    menu: '2_act@1',
    context: true,
    button: 1,
    doneSentence: { icon: 'heart-filled', text: 'You liked this post.' },
    rowState: { when: true, text: 'liked' },
    offers: (p) =>
      external(p)
        ? 'This post comes from an external feed: the service takes no likes for it.'
        : site(p) || 'This post names no site, so it cannot be liked.',
    value: (p) => p.i_like === true,
    patch: (p, on) => ({ i_like: on, like_count: Math.max(0, (p.like_count ?? 0) + (on ? 1 : -1)) }),
  },
  {
    id: 'comment',
    kind: 'reply',
    labels: {
      title: 'Comment on Post…',
      on: 'Comment',
      off: 'Comment',
      done: 'Comment',
      hint: ['Write a comment', 'Write a comment'],
      key: 'Comment on the post…',
    },
    icons: ['comment'],
    key: 'r',
    menu: '2_act@2',
    context: true,
    offers: (p) =>
      external(p)
        ? 'This post comes from an external feed: comment on its own site instead.'
        : p.discussion?.comments_open === false || (p.discussion === undefined && p.comments_open === false)
          ? 'Comments are closed on this post.'
          : site(p) || 'This post names no site, so it cannot be commented on.',
  },
  {
    id: 'follow',
    kind: 'toggle',
    labels: {
      title: 'Follow Site',
      on: 'Follow',
      off: 'Unfollow',
      done: 'Following',
      hint: ['Follow the site', 'Unfollow the site'],
      key: 'Follow or unfollow the post’s site (unfollow with Undo)',
    },
    offTitle: 'Unfollow Site',
    icons: ['person-add', 'person'],
    key: 'f',
    menu: '2_act@3',
    context: true,
    button: 2,
    // Unfollowing takes the site's posts out of Following: it waits out the undo window.
    removed: {
      one: 'Site unfollowed.',
      many: '{0} sites unfollowed.',
      failed: '{0} of the sites could not be unfollowed; their posts are back.',
    },
    offers: (p) => site(p) || Boolean(p.feed_URL || p.site_URL) || 'This post names no site or feed to follow.',
    value: (p) => p.is_following === true,
    patch: (_p, on) => ({ is_following: on }),
  },
  {
    id: 'seen',
    kind: 'toggle',
    labels: {
      title: 'Mark as Seen',
      on: 'Mark seen',
      off: 'Mark unseen',
      done: 'Seen',
      hint: ['Mark as seen', 'Mark as unseen'],
      key: 'Mark the post seen or unseen',
    },
    offTitle: 'Mark as Unseen',
    icons: ['eye', 'eye-closed'],
    key: 'm',
    menu: '2_act@4',
    context: true,
    button: 3,
    offers: (p) => Boolean(p.feed_ID && p.feed_item_ID) || site(p) || 'This post names no feed item or site to mark it seen by.',
    value: (p) => p.is_seen === true,
    patch: (_p, on) => ({ is_seen: on }),
  },
  {
    id: 'block',
    kind: 'remove',
    labels: {
      title: 'Block Site…',
      on: 'Block site',
      off: 'Block site',
      done: 'Blocked',
      hint: ['Block the site: its posts leave every list', 'Block the site: its posts leave every list'],
      key: 'Block the post’s site (asks first, with Undo)',
    },
    icons: ['circle-slash'],
    menu: '4_block@1',
    context: true,
    confirm: {
      one: 'Block {0}? Its posts leave Following, Freshly Pressed and every tag.',
      many: 'Block {0} sites? Their posts leave Following, Freshly Pressed and every tag.',
      yes: 'Block',
    },
    removed: {
      one: 'Site blocked.',
      many: '{0} sites blocked.',
      failed: '{0} of the sites could not be blocked; their posts are back.',
    },
    offers: (p) =>
      external(p)
        ? 'This post comes from an external feed, not a site: unfollow the feed instead.'
        : site(p) || 'This post names no site to block.',
  },
  {
    id: 'undo',
    kind: 'local',
    labels: {
      title: 'Undo Unfollow or Block',
      on: 'Undo',
      off: 'Undo',
      done: 'Undo',
      hint: ['Undo', 'Undo'],
      key: 'Undo the last unfollow or block',
    },
    icons: ['discard'],
    undoes: true,
    key: 'u',
    offers: always,
  },
];

/** The Reader posts' table: commands `contentSite.following.<id>`, rows and keys in Following and in the Reader. */
export const READER_ACTIONS: ActionTable<ReaderEntry> = actionTable({
  label: 'Following and Reader',
  item: 'post',
  prefix: VIEWS.following,
  views: [VIEWS.following, VIEWS.reader],
  palette: 'false',
  written: WRITTEN,
});

/** The post's row's context value: `first`, then a word per action it offers, toggles with their state (`like:on`). */
export function readerContext(first: string, p: ReaderPost): string {
  return contextValue(first, READER_ACTIONS, (e) => (e.offers(p) !== true ? undefined : e.value ? e.value(p) : 'offered'));
}

/** Why the post does not offer what most posts do (an external feed, closed comments), for its row's hover. */
export function readerLimits(p: ReaderPost): string[] {
  return [...new Set(READER_ACTIONS.shown.map((e) => e.offers(p)).filter((r): r is string => r !== true))];
}
