/**
 * One comment: reading it (`GET /sites/$site/comments/$comment_ID`, the shape of note-actions.md's
 * "Answers") and editing its text (`POST` the same path with `content`), with the real service's
 * refusals.
 */
import * as assert from 'node:assert/strict';
import { serviceCalls, serviceFixture } from './reply';
import { SITES, USERS } from './index';
import { PRIVATE_SITE_COMMENT } from './seed';

const DEMO = 'cs-demo-token';
const SITE = `/rest/v1.1/sites/${SITES.demo}`;
/** Note 60000's thread on post 100 (demo's): 8800 pending, 8801 and 8802 approved replies to it. */
const PENDING = 8800;
const REPLY = 8801;
/** Note 60005's comment on post 101 (ed's), approved. */
const APPROVED = 8850;
/** Note 60006's comment on post 102 (ann's), pending. */
const ON_ANNS_POST = 8860;

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('One comment', () => {
  const fx = serviceFixture();
  const { call, ok, refused } = serviceCalls(fx, DEMO);
  const read = (id: number, token: string | undefined = DEMO): Promise<Json> => ok('GET', `${SITE}/comments/${id}`, { token });

  describe('GET /sites/$site/comments/$comment_ID', () => {
    it('answers the comment in the shape status changes answer, signed out too', async () => {
      const c = await read(REPLY, undefined);
      const base = `${fx.svc.url}${SITE}`;
      assert.deepEqual(Object.keys(c).sort(), [
        'ID',
        'URL',
        'author',
        'can_moderate',
        'content',
        'date',
        'i_like',
        'like_count',
        'meta',
        'parent',
        'post',
        'short_URL',
        'status',
        'type',
      ]);
      assert.equal(c.ID, REPLY);
      assert.deepEqual(c.post, { ID: 100, title: 'Morning pages', type: 'post', link: `${base}/posts/100` });
      assert.deepEqual(c.parent, { ID: PENDING, type: 'comment', link: `${base}/comments/${PENDING}` });
      assert.equal(c.status, 'approved');
      assert.equal(c.type, 'comment');
      assert.equal(c.content, '<p>Reply 1 in the thread.</p>');
      assert.ok(!Number.isNaN(Date.parse(c.date)), c.date);
      assert.deepEqual(Object.keys(c.meta.links).sort(), ['help', 'likes', 'post', 'replies', 'self', 'site']);
      assert.equal(c.meta.links.self, `${base}/comments/${REPLY}`);
      const moderated = await ok('POST', `${SITE}/comments/${REPLY}`, { token: DEMO, form: 'status=approved' });
      assert.deepEqual(await read(REPLY), moderated);
    });
    it('reads back what acting changed: a like (i_like for the liker only), a status, a top-level comment', async () => {
      await ok('POST', `${SITE}/comments/${APPROVED}/likes/new`);
      assert.deepEqual([(await read(APPROVED)).like_count, (await read(APPROVED)).i_like], [1, true]);
      assert.equal((await read(APPROVED, 'cs-ed-token')).i_like, false);
      await ok('POST', `${SITE}/comments/${PENDING}`, { token: DEMO, form: 'status=approved' });
      assert.equal((await read(PENDING, undefined)).status, 'approved', 'approved: readable signed out');
      const created = await ok('POST', `${SITE}/posts/103/replies/new`, { token: DEMO, form: 'content=Top level' });
      assert.equal((await read(created.ID)).parent, false);
    });
    it('answers under v1 too (the real service registers it there), with the same body', async () => {
      assert.deepEqual(await ok('GET', `/rest/v1/sites/${SITES.demo}/comments/${REPLY}`), await read(REPLY));
    });
    it('an unknown comment, a comment of another site and a comment deleted for good are 404 unknown_comment', async () => {
      for (const path of [`${SITE}/comments/99999`, `${SITE}/comments/abc`, `/rest/v1.1/sites/${SITES.selfHosted}/comments/${REPLY}`])
        await refused(call('GET', path), 404, 'unknown_comment', 'Unknown comment');
      await ok('POST', `${SITE}/comments/${APPROVED}/delete`);
      await ok('POST', `${SITE}/comments/${APPROVED}/delete`);
      await refused(call('GET', `${SITE}/comments/${APPROVED}`), 404, 'unknown_comment', 'Unknown comment');
      await refused(call('GET', `/rest/v1.1/sites/987654/comments/${REPLY}`), 404, 'unknown_blog', 'Unknown blog');
    });
    it('a pending, spam or trashed comment is for those who may edit it: others get 403 "User cannot read unapproved comment"', async () => {
      const unreadable = (id: number, token?: string) =>
        refused(call('GET', `${SITE}/comments/${id}`, { token }), 403, 'unauthorized', 'User cannot read unapproved comment');
      for (const token of [undefined, 'cs-sub-token', 'cs-con-token', 'cs-ann-token']) await unreadable(PENDING, token);
      assert.equal((await read(PENDING)).status, 'unapproved', 'an administrator');
      assert.equal((await read(PENDING, 'cs-ed-token')).status, 'unapproved', 'an editor');
      assert.equal((await read(ON_ANNS_POST, 'cs-ann-token')).status, 'unapproved', 'the author of the post');
      for (const [action, status] of [
        ['form', 'spam'],
        ['delete', 'trash'],
      ]) {
        if (action === 'form') await ok('POST', `${SITE}/comments/${APPROVED}`, { token: DEMO, form: `status=${status}` });
        else {
          // Out of the spam first: a comment in the spam is deleted for good, not trashed.
          await ok('POST', `${SITE}/comments/${APPROVED}`, { token: DEMO, form: 'status=unspam' });
          await ok('POST', `${SITE}/comments/${APPROVED}/delete`);
        }
        assert.equal((await read(APPROVED)).status, status);
        await unreadable(APPROVED, 'cs-sub-token');
        await unreadable(APPROVED, undefined);
      }
    });
    it("a comment on a private site is 403 for non-members and signed out, read by the site's members", async () => {
      const path = `/rest/v1.1/sites/${SITES.private}/comments/${PRIVATE_SITE_COMMENT}`;
      for (const token of [undefined, 'cs-ed-token'])
        await refused(call('GET', path, { token }), 403, 'unauthorized', 'User cannot access this private blog.');
      const c = await ok('GET', path);
      assert.equal(c.author.ID, USERS.demo);
      assert.equal(c.post.ID, 304);
    });
    it('context=edit gives the stored text to those who may edit the comment; others 403 "User cannot edit comment"', async () => {
      assert.equal((await ok('GET', `${SITE}/comments/${REPLY}?context=edit`)).content, 'Reply 1 in the thread.');
      assert.equal((await ok('GET', `${SITE}/comments/${REPLY}?context=edit`, { token: 'cs-ed-token' })).content, 'Reply 1 in the thread.');
      for (const token of [undefined, 'cs-sub-token', 'cs-ann-token'])
        await refused(call('GET', `${SITE}/comments/${REPLY}?context=edit`, { token }), 403, 'unauthorized', 'User cannot edit comment');
    });
  });

  describe('POST /sites/$site/comments/$comment_ID with content (editing the text)', () => {
    it('replaces the text, stored as HTML the way replies are (paragraphs, markup escaped); the status stays', async () => {
      const content = 'Edited: <b>bold</b> & more  \n\n Second paragraph ';
      const c = await ok('POST', `${SITE}/comments/${APPROVED}`, { token: DEMO, form: `content=${encodeURIComponent(content)}` });
      const html = '<p>Edited: &lt;b&gt;bold&lt;/b&gt; &amp; more</p>\n<p>Second paragraph</p>';
      assert.equal(c.content, html);
      assert.equal(c.status, 'approved');
      assert.equal((await read(APPROVED, undefined)).content, html, 'read back by anyone');
      const edit = await ok('GET', `${SITE}/comments/${APPROVED}?context=edit`);
      assert.equal(
        edit.content,
        'Edited: &lt;b&gt;bold&lt;/b&gt; &amp; more\n\nSecond paragraph',
        'context=edit: the stored text, without the paragraphs',
      );
    });
    it('takes a JSON body, and content with status changes both', async () => {
      const c = await ok('POST', `${SITE}/comments/${PENDING}`, {
        token: DEMO,
        json: { content: 'Approved and edited', status: 'approved' },
      });
      assert.deepEqual([c.content, c.status], ['<p>Approved and edited</p>', 'approved']);
      assert.deepEqual([(await read(PENDING)).content, (await read(PENDING)).status], ['<p>Approved and edited</p>', 'approved']);
    });
    it('the moderators of the site and the author of the post may edit it; others 403 "User cannot edit comment", the text unchanged', async () => {
      const before = (await read(APPROVED)).content;
      for (const token of ['cs-ann-token', 'cs-sub-token', 'cs-con-token'])
        await refused(
          call('POST', `${SITE}/comments/${APPROVED}`, { token, form: 'content=Hijacked' }),
          403,
          'unauthorized',
          'User cannot edit comment',
        );
      assert.equal((await read(APPROVED)).content, before);
      assert.equal(
        (await ok('POST', `${SITE}/comments/${APPROVED}`, { token: 'cs-ed-token', form: 'content=By the editor' })).content,
        '<p>By the editor</p>',
      );
      const ann = await ok('POST', `${SITE}/comments/${ON_ANNS_POST}`, { token: 'cs-ann-token', form: 'content=Fixed a typo' });
      assert.equal(ann.content, '<p>Fixed a typo</p>');
    });
    it('the author of the post may edit the text but not moderate: 403 "User cannot moderate comments", nothing changed', async () => {
      const before = await read(ON_ANNS_POST);
      await refused(
        call('POST', `${SITE}/comments/${ON_ANNS_POST}`, { token: 'cs-ann-token', form: 'content=Changed&status=approved' }),
        403,
        'unauthorized',
        'User cannot moderate comments',
      );
      assert.deepEqual(await read(ON_ANNS_POST), before);
    });
    it('empty content is 400 invalid_input and nothing changes, even with a valid status beside it', async () => {
      const before = await read(APPROVED);
      for (const form of ['content=', 'content=%20%0A%20', 'content=&status=spam'])
        await refused(
          call('POST', `${SITE}/comments/${APPROVED}`, { token: DEMO, form }),
          400,
          'invalid_input',
          'Comment content is empty.',
        );
      assert.deepEqual(await read(APPROVED), before);
    });
    it('too long is 400 comment_content_column_length; neither content nor status is 400 invalid_input "Invalid request input"', async () => {
      await refused(
        call('POST', `${SITE}/comments/${APPROVED}`, { token: DEMO, form: `content=${'x'.repeat(65_526)}` }),
        400,
        'comment_content_column_length',
        'Your comment is too long.',
      );
      await refused(call('POST', `${SITE}/comments/${APPROVED}`), 400, 'invalid_input', 'Invalid request input');
    });
  });
});
