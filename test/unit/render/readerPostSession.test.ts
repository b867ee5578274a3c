/**
 * A Reader post's page without the editor: its toolbar from the Reader table (state from each
 * entry's value, a control the post does not offer disabled with its reason), the conversation
 * threaded with Like, Reply and Load more, and the comment box; the session runs the tree's
 * commands with the post's key for checked messages only, follows the post live (its list, and
 * SiteChanges), sends comments through the post actions model and tells the page how they went.
 */
import * as assert from 'node:assert/strict';
import { READER_ACTIONS } from '../../../src/models/readerActionCatalog';
import { readerPostParts } from '../../../src/render/readerPostHtml';
import { elements } from './htmlElements';
import { comment, KEY, readerPost, refusal, setup, threaded } from './readerPostFixtures';

const like = READER_ACTIONS.entry('like');
const follow = READER_ACTIONS.entry('follow');
const msg = (m: Record<string, unknown>) => ({ token: 'T', post: KEY, ...m });

function parts(post = readerPost(), o: { remoteImages?: boolean } = {}) {
  const t = setup({ post });
  return readerPostParts(
    t.session.post,
    '1 day ago',
    t.session.view(() => '5 min ago', o.remoteImages ?? false),
  );
}

describe("A Reader post's page in the detail view", () => {
  describe('its HTML', () => {
    it("shows the table's buttons in their order with their keys, pressed from the post's state", () => {
      const { chrome } = parts(readerPost({ i_like: true }));
      const buttons = [...chrome.matchAll(/<button ([^>]*)>([^<]*)</g)].map((m) => [
        /data-action="(\w+)"/.exec(m[1])?.[1],
        /data-key="(\w)"/.exec(m[1])?.[1],
        /aria-pressed="(\w+)"/.exec(m[1])?.[1],
        m[2],
      ]);
      assert.deepEqual(buttons, [
        ['like', 'l', 'true', 'Liked'],
        ['follow', 'f', 'true', 'Following'],
        ['seen', 'm', 'false', 'Mark seen'],
      ]);
      assert.ok(chrome.includes('data-post="3101/7000"'));
    });

    it("an external feed's post: Like is disabled with the reason as its tooltip, and the comment box says why instead", () => {
      const { chrome, after } = parts(readerPost({ is_external: true }));
      const button = /<button [^>]*data-action="like"[^>]*>/.exec(chrome)![0];
      assert.ok(button.includes(' disabled'), button);
      assert.match(button, /title="This post comes from an external feed: the service takes no likes for it\."/);
      assert.match(after, /<section id="comment-box" class="reply" hidden>/);
      assert.match(after, /<p class="meta" id="comment-closed">This post comes from an external feed/);
    });

    it('the conversation: threaded by depth, oldest first, Held for moderation, sanitized, images gated; Load more while pages remain', () => {
      const t = setup();
      t.conversation.set(
        [
          ...threaded(),
          {
            comment: comment(9903, 9901, {
              status: 'unapproved',
              content: '<p onclick="x()">Deep <img src="https://tracker.example/p.gif" alt="pixel"></p><script>bad()</script>',
            }),
            depth: 2,
            liking: false,
          },
        ],
        { hasMore: true, found: 9 },
      );
      const { after } = readerPostParts(
        t.session.post,
        '',
        t.session.view(() => 'then', false),
      );
      const items = [...after.matchAll(/<li class="comment depth-(\d)" id="comment-(\d+)"/g)].map((m) => [m[2], m[1]]);
      assert.deepEqual(items, [
        ['9900', '0'],
        ['9901', '1'],
        ['9902', '0'],
        ['9903', '2'],
      ]);
      assert.match(after, /Comments \(9\)/);
      const held = /<li [^>]*id="comment-9903"[\s\S]*?<\/li>/.exec(after)![0];
      assert.match(held, /Writer 9903 · then · <span class="held">Held for moderation<\/span>/);
      assert.ok(!held.includes('script') && !held.includes('onclick') && !held.includes('tracker.example'), held);
      assert.match(held, /\[Image: pixel\]/);
      assert.match(
        after,
        /<button type="button" class="like-comment" data-comment="9901" aria-pressed="true">Unlike<\/button> <span class="like-count">1 like<\/span>/,
      );
      assert.match(after, /<button type="button" id="load-more">Load more comments<\/button>/);
      assert.ok(elements(after).length > 0);
    });

    it('the post itself is sanitized', () => {
      const { body } = parts();
      assert.ok(body.includes('Margins matter.') && !body.includes('<script'), body);
    });
  });

  describe('its session', () => {
    it("a button runs the tree's command with the post's key (Unlike when liked); a forged or stale message runs nothing", async () => {
      const t = setup();
      assert.equal(await t.session.handle(msg({ type: 'act', action: 'like' })), true);
      assert.equal(await t.session.handle(msg({ type: 'act', action: 'follow' })), true);
      assert.equal(await t.session.handle({ ...msg({ type: 'act', action: 'like' }), token: 'old' }), false);
      assert.equal(await t.session.handle(msg({ type: 'act', action: 'like', post: '3101/7001' })), false);
      assert.deepEqual(t.ran, [
        [like.command, KEY],
        [follow.offCommand, KEY],
      ]);
    });

    it("a control the post does not offer is refused with the table's sentence, which the page shows", async () => {
      const t = setup({ post: readerPost({ is_external: true }) });
      assert.equal(await t.session.handle(msg({ type: 'act', action: 'like' })), true);
      assert.deepEqual(t.ran, []);
      const refused = t.posted.find((m) => m.type === 'refused')!;
      assert.deepEqual([refused.refused, refused.message], ['act', like.offers(readerPost({ is_external: true }))]);
      await t.session.handle(msg({ type: 'act', action: 'block' }));
      assert.deepEqual(t.ran, [], 'block has no button on the page');
    });

    it('a like made from the row shows at once: the list’s copy changes → a state message, no render', () => {
      const t = setup();
      t.setPost(readerPost({ i_like: true, like_count: 3 }));
      assert.equal(t.renders(), 0);
      const state = t.posted.at(-1)!.state as { controls: Record<string, { on: boolean }>; likes: number };
      assert.deepEqual([state.controls.like.on, state.likes], [true, 3]);
      t.setPost(readerPost({ i_like: true, like_count: 3 }));
      assert.equal(t.posted.length, 1, 'the same state is not sent again');
    });

    it('a post no longer in its list still shows what SiteChanges tells of it; of another post, nothing', () => {
      const t = setup();
      t.setPost(undefined);
      t.posted.length = 0;
      t.tell({ siteId: 3101, postId: 7001, patch: { like_count: 40 } });
      assert.equal(t.posted.length, 0);
      t.tell({ siteId: 3101, postId: 7000, patch: { like_count: 40 } });
      assert.equal((t.posted.at(-1)!.state as { likes: number }).likes, 40);
    });

    it('a post that leaves its list: its buttons are disabled with why, and an act is refused', async () => {
      const t = setup();
      t.setPost(undefined);
      const state = t.posted.at(-1)!.state as { gone: string; controls: Record<string, { why: string }> };
      assert.match(state.gone, /no longer in its list/);
      assert.ok(state.controls.like.why);
      await t.session.handle(msg({ type: 'act', action: 'like' }));
      assert.deepEqual(t.ran, []);
    });

    it('Send: the comment goes through the post actions model, the page hears it first, then the conversation shows it', async () => {
      const t = setup();
      await t.session.handle(msg({ type: 'comment', text: ' Well said. ' }));
      assert.deepEqual(t.commented, [[7000, ' Well said. ']]);
      assert.deepEqual(t.posted[0], { type: 'sent', post: KEY, box: 'comment', ok: true, message: 'Sent.' });
      assert.deepEqual(t.conversation.asked, ['add 9950']);
      assert.equal(t.renders(), 1, 'a new comment in the conversation: a render');
    });

    it('a held comment says so', async () => {
      const t = setup({ comment: async () => comment(9951, undefined, { status: 'unapproved' }) });
      await t.session.handle(msg({ type: 'comment', text: 'Hello' }));
      assert.match(String(t.posted[0].message), /held for moderation/);
    });

    it("a refused comment: the service's sentence by the box, nothing added (the page keeps the text)", async () => {
      const t = setup({
        comment: async () => {
          throw refusal('Comments are closed on this post.');
        },
      });
      await t.session.handle(msg({ type: 'comment', text: 'Hello' }));
      assert.deepEqual(t.posted[0], { type: 'sent', post: KEY, box: 'comment', ok: false, message: 'Comments are closed on this post.' });
      assert.deepEqual(t.conversation.asked, []);
    });

    it('comments closed on the post, or an empty comment: refused before anything is sent, with why', async () => {
      const t = setup({ post: readerPost({ discussion: { comments_open: false } }) });
      await t.session.handle(msg({ type: 'comment', text: 'Hello' }));
      assert.deepEqual(t.commented, []);
      assert.deepEqual([t.posted.at(-1)!.type, t.posted.at(-1)!.ok], ['sent', false]);
      assert.match(String(t.posted.at(-1)!.message), /Comments are closed on this post\. Your text is kept\./);
      const u = setup();
      await u.session.handle(msg({ type: 'comment', text: '   ' }));
      assert.deepEqual(u.commented, []);
      assert.match(String(u.posted.at(-1)!.message), /empty/);
    });

    it('Like on a comment asks the conversation for the other state; a refusal comes back with its reason', async () => {
      const t = setup();
      await t.session.handle(msg({ type: 'likeComment', comment: 9901 }));
      await t.session.handle(msg({ type: 'likeComment', comment: 9900 }));
      assert.deepEqual(t.conversation.asked, ['like 9901 false', 'like 9900 true']);
      t.conversation.likeFails = refusal('You cannot like this comment.');
      await t.session.handle(msg({ type: 'likeComment', comment: 9902 }));
      const refused = t.posted.find((m) => m.type === 'refused')!;
      assert.deepEqual([refused.refused, refused.comment, refused.message], ['likeComment', 9902, 'You cannot like this comment.']);
      await t.session.handle(msg({ type: 'likeComment', comment: 123 }));
      assert.equal(t.conversation.asked.length, 3, 'a comment not on the page is not liked');
    });

    it('a reply that fails is not told to the other views', async () => {
      const t = setup();
      t.conversation.reply = async () => {
        throw refusal('Comments are closed on this post.');
      };
      await t.session.handle(msg({ type: 'reply', comment: 9900, text: 'Indeed.' }));
      assert.deepEqual(t.events, ['post sent']);
      assert.deepEqual(t.posted[0], { type: 'sent', post: KEY, box: '9900', ok: false, message: 'Comments are closed on this post.' });
    });

    it('Reply under a comment goes to the conversation; Load more loads the next page only while one remains', async () => {
      const t = setup();
      await t.session.handle(msg({ type: 'reply', comment: 9900, text: 'Indeed.' }));
      assert.deepEqual(t.posted[0], { type: 'sent', post: KEY, box: '9900', ok: true, message: 'Sent.' });
      assert.deepEqual(t.events, ['post sent', 'replied 9999', 'render'], 'the page that sent it hears it before a render replaces it');
      await t.session.handle(msg({ type: 'more' }));
      assert.deepEqual(t.conversation.asked, ['reply 9900 Indeed.']);
      assert.equal(t.posted.at(-1)!.message, 'Every comment is shown.');
      t.conversation.set(threaded(), { hasMore: true });
      await t.session.handle(msg({ type: 'more' }));
      assert.deepEqual(t.conversation.asked, ['reply 9900 Indeed.', 'more']);
    });

    it("@-mentions ask for the post's site", async () => {
      const t = setup();
      await t.session.handle(msg({ type: 'suggest', letters: 'ma', seq: 4 }));
      assert.deepEqual(t.posted[0], { type: 'suggestions', post: KEY, seq: 4, users: [{ login: 'mawriter', name: 'Site 3101' }] });
    });
  });
});
