/**
 * Posts in every status (writing.md): one post by ID, and the list's `status` parameter (a comma
 * list of statuses, or `any`), answered only with what the user may see.
 */
import * as assert from 'node:assert/strict';
import { serviceCalls, serviceFixture } from './reply';
import { DEFAULT_NOW, SITES } from './index';

const DEMO = 'cs-demo-token';
const POSTS = `/rest/v1.1/sites/${SITES.demo}/posts`;
/** The demo site's posts that are not in the trash: 100–107 and the block and classic posts 120–123 published, then one of each other status. */
const PUBLISHED = [100, 101, 102, 103, 104, 105, 106, 107, 120, 121, 122, 123];
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const OTHERS = { draft: 108, pending: 109, private: 110, future: 111 } as const;

describe('Posts of every status', () => {
  const fx = serviceFixture();
  const { get, getOk: ok } = serviceCalls(fx, DEMO);
  const ids = async (query: string, token: string | null = DEMO): Promise<number[]> => {
    const body = await ok(`${POSTS}/?${query}&number=100&fields=ID`, token);
    assert.equal(body.found, body.posts.length);
    return body.posts.map((p: { ID: number }) => p.ID).sort((a: number, b: number) => a - b);
  };

  describe('GET one post', () => {
    it('a draft, a pending, a private and a scheduled post answer with real dates; an unpublished one is dated by its last save', async () => {
      for (const [status, ID] of Object.entries(OTHERS)) {
        const post = await ok(`${POSTS}/${ID}`);
        assert.equal(post.status, status);
        for (const field of ['date', 'modified']) assert.ok(!Number.isNaN(Date.parse(post[field])), `${status} ${field}: ${post[field]}`);
        if (status === 'draft' || status === 'pending') assert.equal(post.date, post.modified, `${status}: date is the last save`);
        if (status === 'future') {
          assert.ok(Date.parse(post.date) > DEFAULT_NOW * 1000, 'a scheduled post is dated in the future');
          assert.equal(post.modified, post.date, 'a scheduled post is modified at its date (writing.md)');
        }
      }
    });
    it('context=edit answers them too', async () => {
      for (const ID of Object.values(OTHERS)) assert.equal((await ok(`${POSTS}/${ID}?context=edit`)).ID, ID);
    });
  });

  describe('the list: status', () => {
    it('each status lists its own posts', async () => {
      for (const [status, ID] of Object.entries(OTHERS)) assert.deepEqual(await ids(`status=${status}`), [ID], status);
      assert.deepEqual(await ids('status=publish'), PUBLISHED);
    });
    it('a comma list gives the posts of each status named', async () => {
      assert.deepEqual(await ids('status=draft,pending'), [OTHERS.draft, OTHERS.pending]);
      assert.deepEqual(await ids('status=publish,future'), sorted([...PUBLISHED, OTHERS.future]));
    });
    it('any is every status but the trash; any,trash adds the trash', async () => {
      assert.deepEqual(await ids('status=any'), sorted([...PUBLISHED, ...Object.values(OTHERS)]));
      const withTrash = await ids('status=any,trash');
      assert.deepEqual(
        withTrash.filter((ID) => ID < 200),
        sorted([...PUBLISHED, ...Object.values(OTHERS), 192, 193, 194]),
      );
      assert.deepEqual(await ids('status=trash'), await ids('status=trash,trash'), 'a status named twice counts once');
    });
    it('any is what the user may see: an editor all, an author her own besides published, a subscriber and a signed-out reader published only', async () => {
      assert.deepEqual(await ids('status=any', 'cs-ed-token'), sorted([...PUBLISHED, ...Object.values(OTHERS)]));
      assert.deepEqual(await ids('status=any', 'cs-ann-token'), PUBLISHED);
      assert.deepEqual(await ids('status=any,trash', 'cs-ann-token'), sorted([...PUBLISHED, 193]), "ann's own trashed post, not others'");
      assert.deepEqual(await ids('status=any', 'cs-sub-token'), PUBLISHED);
      assert.deepEqual(await ids('status=any', null), PUBLISHED);
      assert.deepEqual(await ids('status=draft', null), []);
    });
    it('an unknown status (or auto-draft, which is never listed) is 400 invalid_input naming the accepted ones', async () => {
      for (const status of ['hold', 'draft,hold', 'auto-draft', 'ANY']) {
        const r = await get(`${POSTS}/?status=${status}`);
        assert.equal(r.status, 400, `${status}: ${r.text}`);
        assert.deepEqual(r.json, {
          error: 'invalid_input',
          message: '"status" must be a comma-separated list of publish, private, draft, pending, future and trash, or any.',
        });
      }
    });
  });
});
