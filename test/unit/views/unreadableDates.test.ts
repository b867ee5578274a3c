/**
 * A date the service wrote that is not a date ("yesterday, probably") on a comment or a post: the
 * row shows no time and everything else, and the Reader post page and the Comments conversation
 * render, with the other comments' times as they are. (relativeTime threw a RangeError on it, which
 * stopped the whole row, tree or page.)
 */
import '../../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import type { Comment, FeedPost, PostV11 } from '../../../src/api';
import { dateAgo, relativeTime } from '../../../src/models/relativeTime';
import { conversationHtml } from '../../../src/render/commentHtml';
import { postHtml } from '../../../src/render/postHtml';
import { readerPostParts } from '../../../src/render/readerPostHtml';
import { CommentNode } from '../../../src/views/comments/commentNodes';
import { FeedPostNode } from '../../../src/views/following/feedPostNode';
import { PostNode } from '../../../src/views/posts/postNodes';
import { TrashedPostNode } from '../../../src/views/trash/trashedPostNode';
import { featuredPostHover, readerPostHover } from '../../../src/views/common/readerPostHover';
import { dateText } from '../../../src/models/relativeTime';
import type { FeaturedPost } from '../../../src/api';
import { comment, readerPost, setup } from '../render/readerPostFixtures';

const NOT_A_DATE = 'yesterday, probably';
const NOW = Date.parse('2026-11-02T12:00:00Z');
/** What the commands give the pages: each date as it reads now. */
const when = (date: string | undefined) => dateAgo(date, NOW);

describe('a date that is not a date', () => {
  it('reads as no time (relativeTime and dateAgo), not as a failure', () => {
    assert.equal(relativeTime(Date.parse(NOT_A_DATE), NOW), '');
    assert.equal(relativeTime(Infinity, NOW), '');
    assert.equal(dateAgo(NOT_A_DATE, NOW), '');
    assert.equal(dateAgo(undefined, NOW), '');
    assert.equal(dateAgo('2026-11-02T10:00:00Z', NOW), '2 hours ago');
  });

  it("a comment's row in the Comments view: its author and text, no time", () => {
    const c = { ID: 1, post: { ID: 2, title: 'On margins' }, author: { name: 'Maya' }, content: '<p>Hello there</p>', date: NOT_A_DATE };
    const row = new CommentNode(c as unknown as Comment);
    assert.equal(row.label, 'Maya');
    assert.equal(row.description, 'Hello there');
  });

  it("a post's rows (the site's posts, Following, the trash): title and the rest, no time", () => {
    const post = { ID: 7, title: 'On margins', author: { name: 'Maya' }, status: 'draft', modified: NOT_A_DATE, date: NOT_A_DATE };
    const mine = new PostNode(post as unknown as PostV11);
    assert.deepEqual([mine.label, mine.description], ['On margins', 'Maya']);
    const followed = new FeedPostNode({ ...post, site_ID: 3, site_name: 'Longhand' } as unknown as FeedPost);
    assert.deepEqual([followed.label, followed.description], ['On margins', 'Longhand · Maya']);
    const trashed = new TrashedPostNode({ ...post, type: 'post' } as unknown as PostV11);
    assert.deepEqual([trashed.label, trashed.description], ['On margins', 'post']);
  });

  it('the hovers of those rows (a site post, a trashed post, a followed post, a featured one) say no date, never "Invalid Date"', () => {
    assert.equal(dateText(NOT_A_DATE), '');
    assert.equal(dateText(NaN), '');
    assert.notEqual(dateText('2026-11-02T10:00:00Z'), '');
    const post = { ID: 7, title: 'On margins', author: { name: 'Maya' }, status: 'draft', modified: NOT_A_DATE, date: NOT_A_DATE };
    const hovers = [
      new PostNode(post as unknown as PostV11).buildTooltip().value,
      new TrashedPostNode({ ...post, type: 'post' } as unknown as PostV11).buildTooltip().value,
      readerPostHover({ ...post, site_ID: 3, site_name: 'Longhand' } as unknown as FeedPost).value,
      featuredPostHover({ ...post, editorial: { blog_name: 'Longhand', picked_on: NOT_A_DATE } } as unknown as FeaturedPost, 'On margins')
        .value,
    ];
    for (const h of hovers) {
      assert.match(h, /On margins|Maya|Longhand/);
      assert.doesNotMatch(h, /Invalid Date|Last modified|picked/);
    }
  });

  it('the Reader post page renders: the post, that comment without a time, the others with theirs', () => {
    const t = setup({ post: readerPost({ date: NOT_A_DATE }) });
    t.conversation.set([
      { comment: comment(9900, undefined, { date: NOT_A_DATE, content: '<p>Undated</p>' }), depth: 0, liking: false },
      { comment: comment(9901, undefined), depth: 0, liking: false },
    ]);
    const post = t.session.post;
    const parts = readerPostParts(post, when(post.date), t.session.view(when, false));
    assert.match(parts.body, /<p class="meta">Longhand Quarterly<\/p>/);
    assert.match(parts.after, /id="comment-9900"[^>]*><p class="meta">Writer 9900<\/p>.*Undated/);
    assert.match(parts.after, /id="comment-9901"[^>]*><p class="meta">Writer 9901 · 2 hours ago<\/p>/);
    assert.match(postHtml(post, when(post.date)), /Margins matter/);
  });

  it("the Comments view's conversation renders: the comment without a time, its parent and replies with theirs", () => {
    const html = conversationHtml({
      post: { title: 'On margins' },
      parent: { ID: 1, author: { name: 'Ann' }, date: '2026-11-02T11:00:00Z', content: '<p>First</p>' },
      comment: { ID: 2, author: { name: 'Maya' }, date: NOT_A_DATE, content: '<p>Undated</p>' },
      replies: [{ ID: 3, author: { name: 'Bo' }, date: NOT_A_DATE, content: '<p>Also undated</p>' }],
      when,
    });
    assert.match(html, /<p class="meta">Ann · 1 hour ago<\/p>/);
    assert.match(html, /<p class="meta">Maya<\/p>.*Undated/);
    assert.match(html, /<p class="meta">Bo<\/p>.*Also undated/);
  });
});
