/**
 * State a user changes and then reads back: restoring posts, marking notes read and unread,
 * recording when notes were seen, and resetting the service to its seed.
 */
import * as assert from 'node:assert/strict';
import { callService, serviceFixture, type CallOptions, type Reply } from './reply';
import { DEFAULT_NOW, SITES, SPECIAL_POSTS } from './index';

const DEMO = 'cs-demo-token';

describe('State that changes and reads back', () => {
  const fx = serviceFixture();

  const call = (method: string, path: string, opts: CallOptions = {}): Promise<Reply> => callService(fx.svc.url, method, path, opts);
  const ok = async (
    method: string,
    path: string,
    opts: { token?: string; form?: string; json?: unknown } = { token: DEMO },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): Promise<any> => {
    const r = await call(method, path, opts);
    assert.equal(r.status, 200, `${method} ${path}: ${r.text}`);
    return r.json;
  };
  const trashIds = async (): Promise<number[]> => {
    const body = await ok('GET', `/rest/v1.1/sites/${SITES.demo}/posts/?status=trash&number=100&type=any&fields=ID`);
    return body.posts.map((p: { ID: number }) => p.ID).sort((a: number, b: number) => a - b);
  };
  const postStatus = async (id: number, site: number = SITES.demo): Promise<string> =>
    (await ok('GET', `/rest/v1.1/sites/${site}/posts/${id}?fields=status`)).status;
  const unreadOf = async (id: number): Promise<number> => {
    const body = await ok('GET', `/rest/v1/notifications/?ids[]=${id}&fields=id,unread`);
    assert.equal(body.notes.length, 1);
    return body.notes[0].unread;
  };

  describe('restoring a post from the trash', () => {
    for (const [id, before] of [
      [200, 'publish'],
      [201, 'draft'],
      [202, 'pending'],
      [203, 'private'],
      [205, 'future'],
    ] as const) {
      it(`post ${id} comes back as ${before} (its status before the trash) and leaves the trash listing`, async () => {
        assert.ok((await trashIds()).includes(id));
        const restored = await ok('POST', `/rest/v1.1/sites/${SITES.demo}/posts/${id}/restore`, { token: DEMO });
        assert.equal(restored.ID, id);
        assert.equal(restored.status, before);
        assert.equal(await postStatus(id), before);
        const left = await trashIds();
        assert.equal(left.includes(id), false);
        assert.equal(left.length, 16);
      });
    }
    it('a v1 restore changes the same state (page 204 comes back published)', async () => {
      const restored = await ok('POST', `/rest/v1/sites/${SITES.demo}/posts/204/restore`, { token: DEMO });
      assert.equal(restored.status, 'publish');
      assert.equal(restored.type, 'page');
      assert.equal(await postStatus(204), 'publish');
    });
    it('an author may restore her own trashed post (193 comes back as draft)', async () => {
      const restored = await ok('POST', `/rest/v1.1/sites/${SITES.demo}/posts/${SPECIAL_POSTS.annOwn}/restore`, { token: 'cs-ann-token' });
      assert.equal(restored.status, 'draft');
      assert.equal(await postStatus(SPECIAL_POSTS.annOwn), 'draft');
    });
    it('the site post_count grows when a published post is restored', async () => {
      assert.equal((await ok('GET', `/rest/v1/sites/${SITES.demo}`)).post_count, 12);
      await ok('POST', `/rest/v1.1/sites/${SITES.demo}/posts/200/restore`, { token: DEMO });
      assert.equal((await ok('GET', `/rest/v1/sites/${SITES.demo}`)).post_count, 13);
    });
  });

  describe('restoring several posts', () => {
    it('partial success: restored posts come back, refused and unknown ones get errors, all in one 200', async () => {
      const r = await call('POST', `/rest/v1.1/sites/${SITES.demo}/posts/restore`, {
        token: DEMO,
        form: `post_ids[]=200&post_ids[]=${SPECIAL_POSTS.unlistedType}&post_ids[]=201&post_ids[]=777777`,
      });
      assert.equal(r.status, 200);
      assert.deepEqual(
        Object.keys(r.json.results),
        ['200', '201', '191', '777777'].sort((a, b) => Number(a) - Number(b)),
      );
      assert.equal(r.json.results['200'].status, 'publish');
      assert.equal(r.json.results['201'].status, 'draft');
      assert.deepEqual(r.json.results['191'], { errors: { invalid_field: ['Invalid API FIELD'] }, error_data: { invalid_field: 400 } });
      assert.deepEqual(r.json.results['777777'], { errors: { unknown_post: ['Unknown post'] }, error_data: { unknown_post: 404 } });
      assert.equal(await postStatus(200), 'publish');
      assert.equal(await postStatus(201), 'draft');
      assert.equal(await postStatus(SPECIAL_POSTS.unlistedType), 'trash');
      const left = await trashIds();
      assert.equal(left.includes(200) || left.includes(201), false);
      assert.equal(left.includes(SPECIAL_POSTS.unlistedType), true);
    });
    it('for an author: her own post is restored, an editor\'s is refused with "User cannot delete post"', async () => {
      const body = await ok('POST', `/rest/v1.1/sites/${SITES.demo}/posts/restore`, {
        token: 'cs-ann-token',
        form: `post_ids=${SPECIAL_POSTS.annOwn},201`,
      });
      assert.equal(body.results[String(SPECIAL_POSTS.annOwn)].status, 'draft');
      assert.deepEqual(body.results['201'], { errors: { unauthorized: ['User cannot delete post'] }, error_data: { unauthorized: 403 } });
      assert.equal(await postStatus(201), 'trash');
    });
  });

  describe('marking notifications read', () => {
    it('counts[60001]=1 on a note with unread 2 leaves 1: still listed in updated, and a later GET shows 1', async () => {
      assert.equal(await unreadOf(60001), 2);
      assert.deepEqual(await ok('POST', '/rest/v1.1/notifications/read', { token: DEMO, form: 'counts[60001]=1' }), {
        success: true,
        updated: [60001],
      });
      assert.equal(await unreadOf(60001), 1);
    });
    it('counts[60001]=9999 zeroes it: not in updated, and it is read afterwards (gone from unread=1)', async () => {
      assert.deepEqual(await ok('POST', '/rest/v1.1/notifications/read', { token: DEMO, form: 'counts[60001]=9999' }), {
        success: true,
        updated: [],
      });
      assert.equal(await unreadOf(60001), 0);
      const unread = await ok('GET', '/rest/v1/notifications/?unread=1&number=99&fields=id');
      assert.deepEqual(
        unread.notes.map((n: { id: number }) => n.id),
        [60000, 60002, 60003, 60004, 60005, 60006, 60007],
      );
    });
    it('several counts in one request: each note is decremented, updated lists only those still unread', async () => {
      const body = await ok('POST', '/rest/v1.1/notifications/read', {
        token: DEMO,
        form: 'counts[60000]=1&counts[60002]=1&counts[60004]=5',
      });
      assert.deepEqual(body, { success: true, updated: [60002] });
      assert.deepEqual([await unreadOf(60000), await unreadOf(60002), await unreadOf(60004)], [0, 2, 0]);
    });
    it('a negative count marks a read note unread again, and the list shows it', async () => {
      assert.equal(await unreadOf(60010), 0);
      assert.deepEqual(await ok('POST', '/rest/v1.1/notifications/read', { token: DEMO, form: 'counts[60010]=-1' }), {
        success: true,
        updated: [60010],
      });
      assert.equal(await unreadOf(60010), 1);
      const unread = await ok('GET', '/rest/v1/notifications/?unread=1&number=99&fields=id');
      assert.equal(
        unread.notes.some((n: { id: number }) => n.id === 60010),
        true,
      );
    });
    it('a block-shaped note reports read 1 after being zeroed', async () => {
      await ok('POST', '/rest/v1.1/notifications/read', { token: DEMO, json: { counts: { '60005': 9999 } } });
      const body = await ok('GET', '/rest/v1/notifications/?ids[]=60005&fields=id,unread');
      const { note_hash: hash, ...note } = body.notes[0];
      assert.deepEqual(note, { id: 60005, read: 1 });
      assert.equal(typeof hash, 'string', 'with its hash, as every listed note');
    });
    it("a refused request (one note is not the user's) changes nothing", async () => {
      const r = await call('POST', '/rest/v1.1/notifications/read', { token: DEMO, form: 'counts[60001]=1&counts[60500]=1' });
      assert.equal(r.status, 404);
      assert.equal(await unreadOf(60001), 2);
    });
  });

  describe('notifications/seen', () => {
    it('records last_seen_time, which the next listing reports', async () => {
      assert.equal((await ok('GET', '/rest/v1/notifications/?number=1')).last_seen_time, DEFAULT_NOW - 3 * 3600);
      const time = DEFAULT_NOW - 60;
      assert.deepEqual(await ok('POST', '/rest/v1.1/notifications/seen', { token: DEMO, form: `time=${time}` }), {
        success: true,
        last_seen_time: time,
      });
      assert.equal((await ok('GET', '/rest/v1/notifications/?number=1')).last_seen_time, time);
    });
    it('without time is 400 bad_request; without a token 403', async () => {
      const r = await call('POST', '/rest/v1.1/notifications/seen', { token: DEMO, form: '' });
      assert.equal(r.status, 400);
      assert.deepEqual(r.json, { error: 'bad_request', message: 'Incorrect Parameters.' });
      assert.equal((await call('POST', '/rest/v1.1/notifications/seen', { form: 'time=5' })).status, 403);
    });
  });

  describe('POST /__control/reset', () => {
    it('brings back the seed: restored posts are in the trash again, notes unread again, last_seen_time back', async () => {
      await ok('POST', `/rest/v1.1/sites/${SITES.demo}/posts/200/restore`, { token: DEMO });
      await ok('POST', '/rest/v1.1/notifications/read', { token: DEMO, form: 'counts[60001]=9999' });
      await ok('POST', '/rest/v1.1/notifications/seen', { token: DEMO, form: 'time=5' });
      assert.equal(await postStatus(200), 'publish');
      const res = await fetch(`${fx.svc.url}/__control/reset`, { method: 'POST' });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { reset: true });
      assert.equal(await postStatus(200), 'trash');
      assert.equal(await unreadOf(60001), 2);
      assert.equal((await ok('GET', '/rest/v1/notifications/?number=1')).last_seen_time, DEFAULT_NOW - 3 * 3600);
    });
    it('a token issued by OAuth approval is gone after a reset', async () => {
      const page = await (
        await fetch(
          `${fx.svc.url}/oauth2/authorize?client_id=12345&redirect_uri=${encodeURIComponent('vscode://contentsite.content-site/auth')}&response_type=token`,
        )
      ).text();
      const nonce = /name="nonce" value="([^"]+)"/.exec(page)![1];
      const res = await fetch(`${fx.svc.url}/oauth2/authorize`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: '12345',
          redirect_uri: 'vscode://contentsite.content-site/auth',
          nonce,
          action: 'approve',
        }).toString(),
      });
      const token = new URLSearchParams(res.headers.get('location')!.split('#')[1]).get('access_token')!;
      assert.equal((await call('GET', '/rest/v1.1/me', { token })).status, 200);
      await fetch(`${fx.svc.url}/__control/reset`, { method: 'POST' });
      assert.equal((await call('GET', '/rest/v1.1/me', { token })).status, 401);
    });
  });
});
