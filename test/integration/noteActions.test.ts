/**
 * Acting on notes through the client against the reference service over loopback: every endpoint
 * with its state read back, every refusal as a typed error with a sentence for people, input
 * refused before anything is sent, and a POST sent once whatever happens to its answer.
 */
import * as assert from 'node:assert/strict';
import { noteActions, REPLY_MAX_CHARS } from '../../src/api';
import { caught } from './helpers';
import { restRequests, useClientAndService } from './setup';

/** Note 60000: template comment note, comment 8800 pending on post 100. Note 60005: block note, comment 8850 approved on post 101. */
const PENDING = 8800;
const APPROVED = 8850;

describe('Note actions through the client', () => {
  const { svc, client } = useClientAndService({ retry: { maxTries: 4, minDelayMs: 1, maxDelayMs: 20 } });
  const world = () => svc().world();

  describe('each endpoint changes the state, read back', () => {
    it('notifications.get returns the note, whose actions the reader turns into ids and values', async () => {
      const note = await client().notifications.get(60000);
      assert.equal(note.id, 60000);
      assert.deepEqual(noteActions(note).approve, { site: 2001, post: 100, comment: PENDING, user: 4000, value: false });
      assert.equal(restRequests(svc())[0].path, '/rest/v1.1/notifications/60000');
    });

    it('comments.setStatus approves, then marks as spam; the note reads each', async () => {
      const api = client();
      const approved = await api.comments.setStatus(2001, PENDING, 'approved');
      assert.equal(approved.status, 'approved');
      assert.equal(noteActions(await api.notifications.get(60000)).approve?.value, true);
      assert.equal((await api.comments.setStatus('demo.example.blog', PENDING, 'spam')).status, 'spam');
      assert.equal(noteActions(await api.notifications.get(60000)).spam?.value, true);
      assert.equal(world().comments.get(PENDING)!.status, 'spam');
    });

    it('comments.trash moves the comment to the trash', async () => {
      assert.equal((await client().comments.trash(2001, APPROVED)).status, 'trash');
      assert.equal(world().comments.get(APPROVED)!.status, 'trash');
    });

    it('comments.like and unlike', async () => {
      const api = client();
      assert.deepEqual([(await api.comments.like(2001, APPROVED)).i_like, world().comments.get(APPROVED)!.likes.size], [true, 1]);
      assert.equal(noteActions(await api.notifications.get(60005)).like?.value, true);
      assert.deepEqual([(await api.comments.unlike(2001, APPROVED)).like_count, world().comments.get(APPROVED)!.likes.size], [0, 0]);
    });

    it('comments.reply sends the trimmed text once; the note then names the reply', async () => {
      const api = client();
      const reply = await api.comments.reply(2001, APPROVED, '\n  Thanks for reading!  \n');
      assert.equal(reply.content, '<p>Thanks for reading!</p>');
      assert.deepEqual(reply.parent && reply.parent.ID, APPROVED);
      const r = noteActions(await api.notifications.get(60005)).reply;
      assert.deepEqual([r?.value, r?.replyComment], [true, reply.ID]);
      assert.deepEqual(
        restRequests(svc())
          .filter((q) => q.method === 'POST')
          .map((q) => q.bodyKeys),
        [['content']],
      );
    });

    it('posts.like, unlike and reply', async () => {
      const api = client();
      const before = world().posts.get(101)!.likeCount;
      assert.equal((await api.posts.like(2001, 101)).like_count, before + 1);
      assert.equal(noteActions(await api.notifications.get(60005)).likePost?.value, true);
      assert.equal((await api.posts.unlike(2001, 101)).like_count, before);
      const comment = await api.posts.reply(2001, 102, 'On the post itself');
      assert.equal(comment.parent, false);
      assert.equal(world().comments.get(Number(comment.ID))!.postId, 102);
    });

    it('sites.unfollow and follow; the like note offers following again', async () => {
      const api = client();
      assert.equal((await api.sites.unfollow(3101)).is_following, false);
      assert.equal(world().follows.get(1001)!.has(3101), false);
      assert.equal(noteActions(await api.notifications.get(60001)).follow?.value, true, 'the last liker (3103) is still followed');
      assert.equal((await api.sites.follow('longhand.example.com')).is_following, true);
      assert.ok(world().follows.get(1001)!.has(3101));
    });
  });

  describe('refusals are typed errors with their own sentence', () => {
    const cases: Array<
      [
        string,
        (c: ReturnType<typeof client>) => Promise<unknown>,
        string | null,
        { status: number; code: string; sentence: RegExp; kind?: string },
      ]
    > = [
      [
        'a subscriber moderating',
        (c) => c.comments.setStatus(2001, APPROVED, 'spam'),
        'cs-sub-token',
        { status: 403, code: 'unauthorized', sentence: /^You can't moderate comments on 2001: only its administrators and editors/ },
      ],
      [
        'an author moderating',
        (c) => c.comments.setStatus(2001, APPROVED, 'approved'),
        'cs-ann-token',
        { status: 403, code: 'unauthorized', sentence: /^You can't moderate comments on 2001/ },
      ],
      [
        'an author trashing',
        (c) => c.comments.trash(2001, APPROVED),
        'cs-ann-token',
        { status: 403, code: 'unauthorized', sentence: /^You can't trash comments on 2001/ },
      ],
      [
        'a subscriber liking a pending comment',
        (c) => c.comments.like(2001, PENDING),
        'cs-sub-token',
        { status: 403, code: 'unauthorized', sentence: /awaiting moderation/ },
      ],
      [
        'no token',
        (c) => c.comments.like(2001, APPROVED),
        null,
        { status: 403, code: 'authorization_required', sentence: /^Sign in to approve, like, reply to or follow/, kind: 'auth' },
      ],
      [
        'no token following',
        (c) => c.sites.follow(3101),
        null,
        { status: 403, code: 'authorization_required', sentence: /^Sign in/, kind: 'auth' },
      ],
      [
        'a reply on a closed post',
        (c) => c.posts.reply(2001, 107, 'Hello'),
        'cs-demo-token',
        { status: 403, code: 'comments_closed', sentence: /^Comments are closed on this post on 2001/ },
      ],
      [
        'an unknown comment',
        (c) => c.comments.reply(2001, 99999, 'Hello'),
        'cs-demo-token',
        { status: 404, code: 'unknown_comment', sentence: /^That comment no longer exists on 2001/ },
      ],
      [
        'an unknown post',
        (c) => c.posts.like(2001, 99999),
        'cs-demo-token',
        { status: 404, code: 'unknown_post', sentence: /^That post no longer exists/ },
      ],
      [
        "someone else's note",
        (c) => c.notifications.get(60500),
        'cs-demo-token',
        { status: 404, code: 'unknown_note', sentence: /^That notification no longer exists/ },
      ],
      [
        'following a private blog',
        (c) => c.sites.follow(2002),
        'cs-ed-token',
        { status: 403, code: 'unauthorized', sentence: /private site/ },
      ],
    ];
    for (const [name, run, token, expected] of cases) {
      it(`${name}: ${expected.status} ${expected.code}`, async () => {
        const e = await caught(run(client(token)));
        assert.deepEqual([e.kind, e.status, e.code], [expected.kind ?? 'api', expected.status, expected.code]);
        assert.match(e.userMessage, expected.sentence);
      });
    }

    it('the same reply twice: comment_duplicate, one comment posted', async () => {
      const api = client();
      await api.comments.reply(2001, APPROVED, 'Once is enough');
      const e = await caught(api.comments.reply(2001, APPROVED, '  Once is enough '));
      assert.deepEqual([e.status, e.code], [409, 'comment_duplicate']);
      assert.match(e.userMessage, /already posted this reply/);
      assert.equal([...world().comments.values()].filter((c) => c.content === '<p>Once is enough</p>').length, 1);
    });
  });

  describe('bad input is refused before anything is sent', () => {
    const cases: Array<[string, (c: ReturnType<typeof client>) => Promise<unknown>, RegExp]> = [
      ['an empty reply', (c) => c.comments.reply(2001, APPROVED, ''), /reply is empty/],
      ['a blank reply', (c) => c.posts.reply(2001, 101, ' \n\t '), /reply is empty/],
      [
        'a reply too long',
        (c) => c.comments.reply(2001, APPROVED, 'x'.repeat(REPLY_MAX_CHARS + 1)),
        /too long: 10,001 characters, at most 10,000/,
      ],
      ['a comment ID of 0', (c) => c.comments.setStatus(2001, 0, 'approved'), /comment ID must be a positive whole number/],
      ['a negative post ID', (c) => c.posts.like(2001, -3), /post ID must be a positive whole number/],
      ['a fractional comment ID', (c) => c.comments.trash(2001, 1.5), /comment ID/],
      [
        'an unknown status',
        (c) => c.comments.setStatus(2001, APPROVED, 'hold' as 'approved'),
        /status must be one of approved, unapproved, spam, trash/,
      ],
      ['a bad site', (c) => c.sites.follow('not a site'), /numeric site ID or a domain/],
      ['a note ID of 0', (c) => c.notifications.get(0), /note ID/],
    ];
    for (const [name, run, message] of cases) {
      it(name, async () => {
        const e = await caught(run(client()));
        assert.equal(e.kind, 'invalid_input');
        assert.match(e.userMessage, message);
        assert.equal(restRequests(svc()).length, 0);
      });
    }
    it('a reply of exactly the limit is sent', async () => {
      const text = 'y'.repeat(REPLY_MAX_CHARS);
      assert.equal((await client().comments.reply(2001, APPROVED, text)).content, `<p>${text}</p>`);
    });
  });

  describe('a POST is sent once, whatever happens to its answer', () => {
    const posts: Array<[string, string, (c: ReturnType<typeof client>) => Promise<unknown>, () => boolean]> = [
      [
        'setStatus',
        `/rest/v1.1/sites/2001/comments/${PENDING}`,
        (c) => c.comments.setStatus(2001, PENDING, 'approved'),
        () => world().comments.get(PENDING)!.status === 'approved',
      ],
      [
        'trash',
        `/rest/v1.1/sites/2001/comments/${APPROVED}/delete`,
        (c) => c.comments.trash(2001, APPROVED),
        () => world().comments.get(APPROVED)!.status === 'trash',
      ],
      [
        'comments.like',
        `/rest/v1.1/sites/2001/comments/${APPROVED}/likes/new`,
        (c) => c.comments.like(2001, APPROVED),
        () => world().comments.get(APPROVED)!.likes.size === 1,
      ],
      [
        'comments.reply',
        `/rest/v1.1/sites/2001/comments/${APPROVED}/replies/new`,
        (c) => c.comments.reply(2001, APPROVED, 'Just once'),
        () => [...world().comments.values()].some((x) => x.content === '<p>Just once</p>'),
      ],
      [
        'posts.like',
        '/rest/v1.1/sites/2001/posts/101/likes/new',
        (c) => c.posts.like(2001, 101),
        () => world().postLikes.get(101)?.has(1001) === true,
      ],
      [
        'posts.reply',
        '/rest/v1.1/sites/2001/posts/101/replies/new',
        (c) => c.posts.reply(2001, 101, 'Just once'),
        () => [...world().comments.values()].some((x) => x.content === '<p>Just once</p>'),
      ],
      [
        'sites.unfollow',
        '/rest/v1.1/sites/3101/follows/mine/delete',
        (c) => c.sites.unfollow(3101),
        () => !world().follows.get(1001)!.has(3101),
      ],
    ];
    for (const [name, path, run, done] of posts) {
      it(`${name}: a 503 is reported once, not retried, nothing done`, async () => {
        svc().queueFault({ method: 'POST', path, count: 5, fault: 'status=503' });
        const e = await caught(run(client()));
        assert.equal(e.status, 503);
        assert.equal(restRequests(svc()).length, 1);
        assert.equal(done(), false);
      });
      it(`${name}: a reset connection is a network error after one request`, async () => {
        svc().queueFault({ method: 'POST', path, count: 5, fault: 'reset' });
        assert.equal((await caught(run(client()))).kind, 'network');
        assert.equal(restRequests(svc()).length, 1);
      });
    }
    it('the GET of one note is retried after a 503 (a read is safe to repeat)', async () => {
      svc().queueFault({ method: 'GET', path: '/rest/v1.1/notifications/60000', count: 1, fault: 'status=503' });
      assert.equal((await client().notifications.get(60000)).id, 60000);
      assert.equal(restRequests(svc()).length, 2);
    });
  });
});
