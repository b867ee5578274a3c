/**
 * Acting on notes: every action route changes the real state (read back through the note, the
 * comment or the post), changes the note's hash for the cheap poll, and refuses what the real
 * service refuses with its own error.
 */
import * as assert from 'node:assert/strict';
import { serviceCalls, serviceFixture, type Reply } from './reply';
import { SITES, USERS } from './index';

const DEMO = 'cs-demo-token';
const SITE = `/rest/v1.1/sites/${SITES.demo}`;
/** Note 60000: a template comment note on post 100, its comment 8800 pending. */
const PENDING_NOTE = 60000;
const PENDING = 8800;
/** Note 60005: a block-shape comment note on post 101, its comment 8850 approved. */
const BLOCK_NOTE = 60005;
const APPROVED = 8850;

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Note actions in the reference service', () => {
  const fx = serviceFixture();
  const { call, ok } = serviceCalls(fx, DEMO);
  const refused = async (r: Promise<Reply>, status: number, error: string, message?: string): Promise<void> => {
    const reply = await r;
    assert.equal(reply.status, status, reply.text);
    assert.equal(reply.json.error, error, reply.text);
    if (message !== undefined) assert.equal(reply.json.message, message);
  };
  const note = async (id: number, token = DEMO): Promise<Json> => {
    const body = await ok('GET', `/rest/v1.1/notifications/${id}`, { token });
    assert.equal(body.notes.length, 1);
    return body.notes[0];
  };
  /** The keyed actions of the last block (or template item) that has any, as the panel reads them. */
  const actionsOf = (n: Json): Record<string, boolean> => {
    const blocks: Json[] = Array.isArray(n.body) ? n.body : n.body.items;
    return [...blocks].reverse().find((b) => b.actions && !Array.isArray(b.actions))?.actions;
  };
  const hashes = async (): Promise<Map<number, string>> => {
    const body = await ok('GET', '/rest/v1.1/notifications/?fields=id,note_hash&number=99');
    return new Map(body.notes.map((n: { id: number; note_hash: string }) => [n.id, n.note_hash]));
  };
  const changedNotes = (before: Map<number, string>, after: Map<number, string>): number[] =>
    [...after].filter(([id, h]) => before.get(id) !== h).map(([id]) => id);

  describe('what a note offers', () => {
    it('a template comment note carries keyed actions on its comment item, its ids, its comment status, and keeps the list form', async () => {
      const n = await note(PENDING_NOTE);
      assert.deepEqual(n.body.items[0].actions, {
        'approve-comment': false,
        'spam-comment': false,
        'trash-comment': false,
        'like-comment': false,
        'replyto-comment': false,
      });
      assert.deepEqual(n.body.items[0].meta.ids, { site: SITES.demo, post: 100, comment: PENDING, user: 4000 });
      assert.equal(n.status.approval_status, 'unapproved');
      assert.deepEqual(n.body.actions, [{ type: 'approve-comment', params: [{ key: 'comment_id', value: String(PENDING) }] }]);
    });
    it('a block-shape comment note carries them on its last block, with like-post', async () => {
      const n = await note(BLOCK_NOTE);
      assert.equal(n.body[0].actions, undefined);
      assert.deepEqual(n.body[1].actions, {
        'approve-comment': true,
        'spam-comment': false,
        'trash-comment': false,
        'like-comment': false,
        'replyto-comment': false,
        'like-post': false,
      });
      assert.deepEqual(n.body[1].meta.ids, { site: SITES.demo, post: 101, comment: APPROVED, user: 4000 });
    });
    it('a like note offers following each liker who has a blog, already followed', async () => {
      const n = await note(60001);
      assert.deepEqual(
        n.body.items.map((i: Json) => i.actions),
        [{ follow: true }, { follow: true }, { follow: true }],
      );
      assert.deepEqual(
        n.body.items.map((i: Json) => i.meta.ids.site),
        [3101, 3102, 3103],
      );
    });
    it('moderation is offered only to a moderator of the site: ed as an author sees like and reply only', async () => {
      fx.svc.world().users.get(USERS.ed)!.roles[SITES.demo] = 'author';
      assert.deepEqual(Object.keys(actionsOf(await note(60501, 'cs-ed-token'))), ['like-comment', 'replyto-comment']);
    });
    it("GET /v1.1/notifications/$id answers {notes: [note]} with all fields, honours fields, and refuses others' notes and no token", async () => {
      const n = await note(PENDING_NOTE);
      for (const field of ['id', 'type', 'unread', 'subject', 'body', 'meta', 'note_hash', 'timestamp', 'status'])
        assert.ok(field in n, field);
      assert.deepEqual(await ok('GET', `/rest/v1.1/notifications/${PENDING_NOTE}?fields=id,note_hash`), {
        notes: [{ id: PENDING_NOTE, note_hash: n.note_hash }],
      });
      await refused(call('GET', '/rest/v1.1/notifications/60500'), 404, 'unknown_note');
      await refused(
        call('GET', `/rest/v1.1/notifications/${PENDING_NOTE}`, {}),
        403,
        'authorization_required',
        'An active access token must be used to retrieve notifications.',
      );
      assert.equal((await call('GET', '/rest/v1.1/notifications/read')).status, 405);
    });
  });

  describe('moderating', () => {
    it('approve: the comment is approved, the note says so and only notes about that comment change hash', async () => {
      const before = await hashes();
      const c = await ok('POST', `${SITE}/comments/${PENDING}`, { token: DEMO, form: 'status=approved' });
      assert.equal(c.ID, PENDING);
      assert.equal(c.status, 'approved');
      assert.equal(c.post.ID, 100);
      assert.equal(c.parent, false);
      for (const key of ['author', 'date', 'URL', 'short_URL', 'content', 'type', 'like_count', 'i_like', 'meta']) assert.ok(key in c, key);
      const n = await note(PENDING_NOTE);
      assert.equal(n.status.approval_status, 'approved');
      assert.equal(actionsOf(n)['approve-comment'], true);
      assert.deepEqual(changedNotes(before, await hashes()), [PENDING_NOTE]);
    });
    it('unapprove, spam and not-spam go back and forth, each read back', async () => {
      for (const status of ['unapproved', 'spam', 'approved', 'unapproved']) {
        assert.equal((await ok('POST', `${SITE}/comments/${APPROVED}`, { token: DEMO, json: { status } })).status, status);
        const a = actionsOf(await note(BLOCK_NOTE));
        assert.equal(a['approve-comment'], status === 'approved');
        assert.equal(a['spam-comment'], status === 'spam');
      }
    });
    it('trash: the comment goes to the trash; trashing it again deletes it for good', async () => {
      assert.equal((await ok('POST', `${SITE}/comments/${APPROVED}/delete`)).status, 'trash');
      assert.equal(actionsOf(await note(BLOCK_NOTE))['trash-comment'], true);
      assert.equal((await ok('POST', `${SITE}/comments/${APPROVED}/delete`)).status, 'deleted');
      await refused(call('POST', `${SITE}/comments/${APPROVED}/delete`), 404, 'unknown_comment');
    });
    it('an editor may moderate; an author, a subscriber and a contributor may not, and nothing changes', async () => {
      for (const token of ['cs-ann-token', 'cs-sub-token', 'cs-con-token']) {
        await refused(
          call('POST', `${SITE}/comments/${APPROVED}`, { token, form: 'status=approved' }),
          403,
          'unauthorized',
          'User cannot edit comment',
        );
        await refused(call('POST', `${SITE}/comments/${PENDING}/delete`, { token }), 403, 'unauthorized');
      }
      await refused(
        call('POST', `${SITE}/comments/${APPROVED}/delete`, { token: 'cs-ann-token' }),
        403,
        'unauthorized',
        'User cannot delete comment',
      );
      assert.equal((await note(BLOCK_NOTE)).body[1].actions['approve-comment'], true);
      await ok('POST', `${SITE}/comments/${APPROVED}`, { token: 'cs-ed-token', form: 'status=spam' });
      assert.equal((await note(BLOCK_NOTE)).body[1].actions['spam-comment'], true);
      assert.equal((await note(PENDING_NOTE)).status.approval_status, 'unapproved');
    });
    it("an unknown status is invalid_input; an unknown comment is unknown_comment; another site's comment is unknown there", async () => {
      await refused(call('POST', `${SITE}/comments/${PENDING}`, { token: DEMO, form: 'status=hold' }), 400, 'invalid_input');
      await refused(
        call('POST', `${SITE}/comments/99999`, { token: DEMO, form: 'status=approved' }),
        404,
        'unknown_comment',
        'Unknown comment',
      );
      await refused(
        call('POST', `/rest/v1.1/sites/${SITES.selfHosted}/comments/${PENDING}`, { token: DEMO, form: 'status=approved' }),
        404,
        'unknown_comment',
      );
    });
  });

  describe('liking', () => {
    it('like and unlike a comment: the answer, the comment and the note agree, and the hash changes', async () => {
      const before = await hashes();
      assert.deepEqual(await ok('POST', `${SITE}/comments/${APPROVED}/likes/new`), {
        success: true,
        i_like: true,
        like_count: 1,
        meta: { links: { site: `${fx.svc.url}/rest/v1.1/sites/${SITES.demo}`, comment: `${fx.svc.url}${SITE}/comments/${APPROVED}` } },
      });
      assert.equal(actionsOf(await note(BLOCK_NOTE))['like-comment'], true);
      assert.deepEqual(changedNotes(before, await hashes()), [BLOCK_NOTE]);
      assert.equal((await ok('POST', `${SITE}/comments/${APPROVED}/likes/new`)).like_count, 1, 'liking twice counts once');
      const off = await ok('POST', `${SITE}/comments/${APPROVED}/likes/mine/delete`);
      assert.equal(off.i_like, false);
      assert.equal(off.like_count, 0);
      assert.equal(actionsOf(await note(BLOCK_NOTE))['like-comment'], false);
    });
    it('like and unlike a post: the post reads i_like and one more like, the note offers unlike', async () => {
      const count = (await ok('GET', `${SITE}/posts/101?fields=like_count,i_like`)).like_count;
      const liked = await ok('POST', `${SITE}/posts/101/likes/new`);
      assert.deepEqual([liked.success, liked.i_like, liked.like_count], [true, true, count + 1]);
      assert.deepEqual(await ok('GET', `${SITE}/posts/101?fields=like_count,i_like`), { like_count: count + 1, i_like: true });
      assert.equal(actionsOf(await note(BLOCK_NOTE))['like-post'], true);
      assert.equal((await ok('POST', `${SITE}/posts/101/likes/mine/delete`)).like_count, count);
      assert.equal(actionsOf(await note(BLOCK_NOTE))['like-post'], false);
    });
    it('a subscriber may like an approved comment but not see a pending one; an unknown post is unknown_post', async () => {
      assert.equal((await ok('POST', `${SITE}/comments/${APPROVED}/likes/new`, { token: 'cs-sub-token' })).i_like, true);
      await refused(
        call('POST', `${SITE}/comments/${PENDING}/likes/new`, { token: 'cs-sub-token' }),
        403,
        'unauthorized',
        'User cannot read unapproved comment',
      );
      await refused(call('POST', `${SITE}/posts/99999/likes/new`), 404, 'unknown_post');
    });
  });

  describe('replying', () => {
    it('to a comment: a new approved comment under it; the note says i_replied and names the reply', async () => {
      const c = await ok('POST', `${SITE}/comments/${APPROVED}/replies/new`, { token: DEMO, form: 'content=  Thank you, Maya!  ' });
      assert.equal(c.content, '<p>Thank you, Maya!</p>');
      assert.equal(c.status, 'approved');
      assert.equal(c.author.ID, USERS.demo);
      assert.deepEqual(c.parent, { ID: APPROVED, type: 'comment', link: `${fx.svc.url}${SITE}/comments/${APPROVED}` });
      assert.equal(c.post.ID, 101);
      const n = await note(BLOCK_NOTE);
      assert.equal(n.status.i_replied, true);
      assert.equal(n.body[1].meta.ids.reply_comment, c.ID);
      assert.equal(n.body[1].actions['replyto-comment'], true);
      assert.equal(
        (await ok('POST', `${SITE}/comments/${c.ID}`, { token: DEMO, form: 'status=approved' })).ID,
        c.ID,
        'the reply is a real comment',
      );
    });
    it('to a post: a top-level comment, and the post counts it', async () => {
      const count = (await ok('GET', `${SITE}/posts/102?fields=discussion`)).discussion.comment_count;
      const c = await ok('POST', `${SITE}/posts/102/replies/new`, { token: DEMO, json: { content: 'A reply to the post' } });
      assert.equal(c.parent, false);
      assert.equal(c.post.ID, 102);
      assert.equal((await ok('GET', `${SITE}/posts/102?fields=discussion`)).discussion.comment_count, count + 1);
    });
    it('the same reply twice is comment_duplicate 409; empty content is invalid_input 400; a closed post is comments_closed 403', async () => {
      await ok('POST', `${SITE}/comments/${APPROVED}/replies/new`, { token: DEMO, form: 'content=Same words' });
      await refused(
        call('POST', `${SITE}/comments/${APPROVED}/replies/new`, { token: DEMO, form: 'content=Same words' }),
        409,
        'comment_duplicate',
      );
      await refused(call('POST', `${SITE}/posts/101/replies/new`, { token: DEMO, form: 'content=Same words' }), 409, 'comment_duplicate');
      for (const form of ['content=', 'content=%20%0A%20', ''])
        await refused(call('POST', `${SITE}/comments/${APPROVED}/replies/new`, { token: DEMO, form }), 400, 'invalid_input');
      assert.equal((await ok('GET', `${SITE}/posts/107?fields=discussion`)).discussion.comments_open, false);
      await refused(call('POST', `${SITE}/posts/107/replies/new`, { token: DEMO, form: 'content=Hello' }), 403, 'comments_closed');
      await refused(call('POST', `${SITE}/comments/99999/replies/new`, { token: DEMO, form: 'content=Hello' }), 404, 'unknown_comment');
    });
  });

  describe('following', () => {
    it("unfollow and follow a liker's blog: the answer, the note's value and its hash follow", async () => {
      const before = await hashes();
      assert.deepEqual(await ok('POST', '/rest/v1.1/sites/3101/follows/mine/delete'), {
        success: true,
        is_following: false,
        meta: { links: { site: `${fx.svc.url}/rest/v1.1/sites/3101` } },
      });
      assert.equal((await note(60001)).body.items[0].actions.follow, false);
      const changed = changedNotes(before, await hashes());
      assert.ok(changed.includes(60001), 'the like note that offers it changed');
      assert.ok(!changed.includes(PENDING_NOTE), 'a note about something else did not');
      assert.equal((await ok('POST', '/rest/v1.1/sites/3101/follows/new')).is_following, true);
      assert.equal((await note(60001)).body.items[0].actions.follow, true);
    });
    it('following a private blog one is not a member of is refused; an unknown site is unknown_blog', async () => {
      await ok('POST', '/rest/v1.1/sites/3104/follows/mine/delete');
      await refused(call('POST', '/rest/v1.1/sites/3104/follows/new'), 403, 'unauthorized', 'User cannot access this private blog.');
      await refused(call('POST', '/rest/v1.1/sites/987654/follows/new'), 404, 'unknown_blog');
    });
  });

  describe('every action route', () => {
    const routes = [
      [`${SITE}/comments/${APPROVED}`, 'status=approved'],
      [`${SITE}/comments/${APPROVED}/delete`, ''],
      [`${SITE}/comments/${APPROVED}/likes/new`, ''],
      [`${SITE}/comments/${APPROVED}/likes/mine/delete`, ''],
      [`${SITE}/comments/${APPROVED}/replies/new`, 'content=Hi'],
      [`${SITE}/posts/101/likes/new`, ''],
      [`${SITE}/posts/101/likes/mine/delete`, ''],
      [`${SITE}/posts/101/replies/new`, 'content=Hi'],
      [`${SITE}/follows/new`, ''],
      [`${SITE}/follows/mine/delete`, ''],
    ] as const;
    it('needs a token: 403 authorization_required, nothing changed', async () => {
      const before = await hashes();
      for (const [path, form] of routes)
        await refused(
          call('POST', path, { form }),
          403,
          'authorization_required',
          'An active access token must be used to act on comments, posts or sites.',
        );
      assert.deepEqual(changedNotes(before, await hashes()), []);
    });
    it('is POST under v1.1 only: GET is 405 (but the comment itself, which GET reads), v1 is an unknown route (405 for the comment)', async () => {
      const comment = `${SITE}/comments/${APPROVED}`;
      for (const [path] of routes) {
        assert.equal((await call('GET', path)).status, path === comment ? 200 : 405, path);
        assert.equal((await call('POST', path.replace('/v1.1/', '/v1/'))).status, path === comment ? 405 : 404, path);
      }
    });
    it('takes the common parameters: http_envelope wraps a refusal, fields picks, callback wraps', async () => {
      const env = await call('POST', `${SITE}/comments/${PENDING}?http_envelope=1`, { token: 'cs-sub-token', form: 'status=approved' });
      assert.equal(env.status, 200);
      assert.equal(env.json.code, 403);
      assert.equal(env.json.body.error, 'unauthorized');
      assert.deepEqual(await ok('POST', `${SITE}/comments/${PENDING}?fields=ID,status`, { token: DEMO, form: 'status=spam' }), {
        ID: PENDING,
        status: 'spam',
      });
      const jsonp = await call('POST', `${SITE}/posts/101/likes/new?callback=cb`);
      assert.match(jsonp.text, /cb\(/);
    });
  });
});
