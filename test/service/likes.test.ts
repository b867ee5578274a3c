/**
 * Who likes a post or a comment (`GET …/posts/$ID/likes/`, `GET …/comments/$ID/likes/`): the
 * likers, found equal to the like_count the post or comment shows, following likes and unlikes.
 */
import * as assert from 'node:assert/strict';
import { serviceCalls, serviceFixture } from './reply';
import { SITES, USERS } from './index';
import { SEEDED_COMMENTS } from './seedSite';

const DEMO = 'cs-demo-token';
const SITE = `/rest/v1.1/sites/${SITES.demo}`;

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Lists of likes', () => {
  const fx = serviceFixture();
  const { call, ok, getOk } = serviceCalls(fx, DEMO);

  it("a post's likes: found is its like_count, one liker each, signed out too", async () => {
    const post = await getOk(`${SITE}/posts/101`, null);
    const likes = await getOk(`${SITE}/posts/101/likes/`, null);
    assert.deepEqual(
      [likes.found, likes.likes.length, likes.site_ID, likes.post_ID, likes.i_like, likes.can_like],
      [post.like_count, post.like_count, SITES.demo, 101, false, false],
    );
    assert.equal(new Set(likes.likes.map((l: Json) => l.ID)).size, post.like_count, 'no liker twice');
    assert.deepEqual(Object.keys(likes.likes[0]).sort(), [
      'ID',
      'URL',
      'avatar_URL',
      'default_avatar',
      'email',
      'first_name',
      'last_name',
      'login',
      'name',
      'nice_name',
      'profile_URL',
      'site_ID',
    ]);
  });
  it('a like through REST adds the user first, with i_like; an unlike takes them out', async () => {
    const before = (await getOk(`${SITE}/posts/101/likes/`)).found;
    await ok('POST', `${SITE}/posts/101/likes/new`);
    const after = await getOk(`${SITE}/posts/101/likes/`);
    assert.deepEqual(
      [after.found, after.i_like, after.can_like, after.likes[0].ID, after.likes[0].login],
      [before + 1, true, true, USERS.demo, 'demo'],
    );
    await ok('POST', `${SITE}/posts/101/likes/mine/delete`);
    const undone = await getOk(`${SITE}/posts/101/likes/`);
    assert.deepEqual([undone.found, undone.i_like], [before, false]);
  });
  it("a comment's likes: its likers, found its like_count", async () => {
    const id = SEEDED_COMMENTS.approved[0];
    assert.deepEqual((await getOk(`${SITE}/comments/${id}/likes/`, null)).likes, []);
    await ok('POST', `${SITE}/comments/${id}/likes/new`);
    await ok('POST', `${SITE}/comments/${id}/likes/new`, { token: 'cs-ed-token' });
    const likes = await getOk(`${SITE}/comments/${id}/likes/`, 'cs-ed-token');
    assert.deepEqual([likes.found, likes.i_like, likes.comment_ID, likes.likes.map((l: Json) => l.login)], [2, true, id, ['demo', 'ed']]);
    assert.equal((await getOk(`${SITE}/comments/${id}`)).like_count, 2);
  });
  it('refuses as reading does: an unknown or trashed post 404, a draft or a pending comment to others 403, v1 answers', async () => {
    assert.equal((await call('GET', `${SITE}/posts/99999/likes/`)).json.error, 'unknown_post');
    assert.equal((await call('GET', `${SITE}/posts/200/likes/`)).json.error, 'unknown_post');
    assert.deepEqual((await call('GET', `${SITE}/posts/108/likes/`, { token: 'cs-sub-token' })).json, {
      error: 'unauthorized',
      message: 'User cannot view post',
    });
    assert.equal((await call('GET', `${SITE}/comments/${SEEDED_COMMENTS.pending[0]}/likes/`, {})).status, 403);
    assert.equal((await call('GET', `${SITE}/comments/99999/likes/`)).json.error, 'unknown_comment');
    assert.deepEqual(await getOk(`/rest/v1/sites/${SITES.demo}/posts/101/likes/`), await getOk(`${SITE}/posts/101/likes/`));
  });
});
