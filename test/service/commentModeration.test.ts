/**
 * Moderating and editing comments beyond the note actions (site-data.md, the real service's
 * update and delete): unspam and untrash back to the status before, `author` and `date` edits,
 * delete sending the trash or the spam away for good; replies refused on drafts; and `posts/new`
 * publishing when no status is given.
 */
import * as assert from 'node:assert/strict';
import { serviceCalls, serviceFixture } from './reply';
import { SITES } from './index';
import { SEEDED_COMMENTS } from './seedSite';

const DEMO = 'cs-demo-token';
const SITE = `/rest/v1.1/sites/${SITES.demo}`;

describe('Moderating and editing comments', () => {
  const fx = serviceFixture();
  const { call, ok, getOk, refused } = serviceCalls(fx, DEMO);
  const update = (id: number, form: string, token = DEMO) => ok('POST', `${SITE}/comments/${id}`, { token, form });

  describe('POST /sites/$site/comments/$comment_ID', () => {
    it('unspam and untrash go back to the status the comment had; on a comment elsewhere they change nothing', async () => {
      assert.equal((await update(SEEDED_COMMENTS.spam, 'status=unspam')).status, 'unapproved');
      assert.equal((await update(SEEDED_COMMENTS.trash, 'status=untrash')).status, 'approved');
      const [pending] = SEEDED_COMMENTS.pending;
      assert.equal((await update(pending, 'status=untrash')).status, 'unapproved');
      await update(pending, 'status=spam');
      assert.equal((await update(pending, 'status=unspam')).status, 'unapproved', 'remembered when it went to the spam');
      await update(pending, 'status=approved');
      await update(pending, 'status=trash');
      await update(pending, 'status=spam');
      assert.equal((await update(pending, 'status=unspam')).status, 'approved', 'the status before the trash, not the trash');
    });
    it('author (the name shown) and date are edited by those who may edit the comment', async () => {
      const c = await update(SEEDED_COMMENTS.approved[0], `author=${encodeURIComponent('Maya L.')}&date=2026-10-30T08:00:00%2B00:00`);
      assert.deepEqual([c.author.name, c.date, c.status], ['Maya L.', '2026-10-30T08:00:00+00:00', 'approved']);
      assert.equal((await getOk(`${SITE}/comments/${SEEDED_COMMENTS.approved[0]}`, null)).author.name, 'Maya L.');
      // Ann wrote post 105: she may edit its comments, not moderate them.
      const ann = await update(SEEDED_COMMENTS.pending[2], 'author=Ines', 'cs-ann-token');
      assert.deepEqual([ann.author.name, ann.status], ['Ines', 'unapproved']);
      await refused(
        call('POST', `${SITE}/comments/${SEEDED_COMMENTS.approved[0]}`, { token: 'cs-ann-token', form: 'author=X' }),
        403,
        'unauthorized',
        'User cannot edit comment',
      );
      await refused(
        call('POST', `${SITE}/comments/${SEEDED_COMMENTS.pending[0]}`, { token: DEMO, form: 'date=yesterday' }),
        400,
        'invalid_input',
        '"date" must be an ISO 8601 datetime.',
      );
      await refused(
        call('POST', `${SITE}/comments/${SEEDED_COMMENTS.pending[0]}`, { token: DEMO, form: 'status=held' }),
        400,
        'invalid_input',
        '"status" must be one of approved, unapproved, spam, trash, unspam, untrash.',
      );
    });
    it('context=edit answers raw_content', async () => {
      const c = await ok('POST', `${SITE}/comments/${SEEDED_COMMENTS.approved[0]}?context=edit`, {
        token: DEMO,
        form: 'content=Plain words',
      });
      assert.deepEqual([c.content, c.raw_content], ['Plain words', 'Plain words']);
    });
  });

  describe('POST /sites/$site/comments/$comment_ID/delete', () => {
    it('a comment neither in the trash nor in the spam goes to the trash; then it is deleted for good', async () => {
      const id = SEEDED_COMMENTS.approved[2];
      assert.equal((await ok('POST', `${SITE}/comments/${id}/delete`)).status, 'trash');
      const gone = await ok('POST', `${SITE}/comments/${id}/delete`);
      assert.deepEqual([gone.ID, gone.status], [id, 'deleted']);
      await refused(call('GET', `${SITE}/comments/${id}`), 404, 'unknown_comment', 'Unknown comment');
    });
    it('a comment in the spam is deleted for good at once; a pending one goes to the trash', async () => {
      assert.equal((await ok('POST', `${SITE}/comments/${SEEDED_COMMENTS.spam}/delete`)).status, 'deleted');
      assert.equal(fx.svc.world().comments.has(SEEDED_COMMENTS.spam), false);
      assert.equal((await ok('POST', `${SITE}/comments/${SEEDED_COMMENTS.pending[1]}/delete`)).status, 'trash');
      assert.equal((await update(SEEDED_COMMENTS.pending[1], 'status=untrash')).status, 'unapproved');
    });
    it('is for moderators: 403 "User cannot delete comment"', async () => {
      await refused(
        call('POST', `${SITE}/comments/${SEEDED_COMMENTS.approved[1]}/delete`, { token: 'cs-ann-token' }),
        403,
        'unauthorized',
        'User cannot delete comment',
      );
    });
  });

  describe('replying to a post that is not published', () => {
    it('a draft, a pending or a scheduled post is 403 unauthorized "Comments on drafts are not allowed"', async () => {
      for (const id of [108, 109, 111])
        await refused(
          call('POST', `${SITE}/posts/${id}/replies/new`, { token: DEMO, form: 'content=Early' }),
          403,
          'unauthorized',
          'Comments on drafts are not allowed',
        );
    });
    it('a private post takes comments from those who may read it; comments closed stay comments_closed; a draft another may not see is 403', async () => {
      const c = await ok('POST', `${SITE}/posts/110/replies/new`, { token: DEMO, form: 'content=A private note' });
      assert.equal(c.post.ID, 110);
      const closed = await call('POST', `${SITE}/posts/107/replies/new`, { token: DEMO, form: 'content=Hello' });
      assert.deepEqual([closed.status, closed.json.error], [403, 'comments_closed']);
      await refused(
        call('POST', `${SITE}/posts/108/replies/new`, { token: 'cs-sub-token', form: 'content=Peek' }),
        403,
        'unauthorized',
        'User cannot view post',
      );
    });
  });

  describe('posts/new without a status', () => {
    it('publishes (a contributor’s goes to pending, as any publish of theirs)', async () => {
      const form = 'title=Straight%20out&content=x';
      assert.equal((await ok('POST', `${SITE}/posts/new`, { token: DEMO, form })).status, 'publish');
      assert.equal((await ok('POST', `${SITE}/posts/new`, { token: 'cs-con-token', form })).status, 'pending');
    });
  });
});
