/**
 * Lists of comments (site-data.md): a site's (`GET /sites/$site/comments/`) and one post's
 * (`GET /sites/$site/posts/$post_ID/replies/`), over the seeded moderation queue: status, type,
 * paging, order, dates, context=edit and fields, and who may read which status.
 */
import * as assert from 'node:assert/strict';
import { serviceCalls, serviceFixture } from './reply';
import { SITES } from './index';
import { SEEDED_COMMENTS } from './seedSite';

const DEMO = 'cs-demo-token';
const SITE = `/rest/v1.1/sites/${SITES.demo}`;
/** The note threads' pending comments (notes 60000, 60003, 60006): on posts 100, 103 and 102. */
const NOTE_PENDING = [8800, 8830, 8860];
const PENDING = [...SEEDED_COMMENTS.pending, ...NOTE_PENDING].sort((a, b) => a - b);

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Lists of comments', () => {
  const fx = serviceFixture();
  const { get, getOk, ok, refused } = serviceCalls(fx, DEMO);
  const ids = async (path: string, token: string | null = DEMO): Promise<number[]> => {
    const body = await getOk(path, token);
    assert.equal(body.found, body.comments.length, 'one page holds them all here');
    return body.comments.map((c: { ID: number }) => c.ID).sort((a: number, b: number) => a - b);
  };
  /** What the service holds, to compare lists with. */
  const held = (keep: (c: { siteId: number; postId: number; status: string; type?: string }) => boolean): number[] =>
    [...fx.svc.world().comments.values()]
      .filter(keep)
      .map((c) => c.ID)
      .sort((a, b) => a - b);

  describe('GET /sites/$site/comments/', () => {
    it('answers {found, site_ID, comments}: the approved comments of the site by default, newest first, signed out too', async () => {
      const body = await getOk(`${SITE}/comments/?number=100`, null);
      assert.deepEqual(Object.keys(body).sort(), ['comments', 'found', 'site_ID']);
      assert.equal(body.site_ID, SITES.demo);
      const approved = held((c) => c.siteId === SITES.demo && c.status === 'approved');
      assert.deepEqual(
        body.comments.map((c: Json) => c.ID).sort((a: number, b: number) => a - b),
        approved,
      );
      assert.equal(body.found, approved.length);
      assert.ok(body.comments.every((c: Json) => c.status === 'approved'));
      const dates = body.comments.map((c: Json) => Date.parse(c.date));
      assert.deepEqual(
        dates,
        [...dates].sort((a, b) => b - a),
        'newest first',
      );
      for (const id of [...SEEDED_COMMENTS.approved, SEEDED_COMMENTS.pingback, SEEDED_COMMENTS.onPage])
        assert.ok(approved.includes(id), `seeded ${id} is approved`);
    });
    it('each comment has the fields of one comment; a signed-out reader gets no email and can_moderate false', async () => {
      const [c] = (await getOk(`${SITE}/comments/?number=1`, null)).comments;
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
      assert.equal(c.can_moderate, false);
      assert.equal('email' in c.author, false);
      assert.deepEqual(c, await getOk(`${SITE}/comments/${c.ID}`, null), 'the same as GET of that comment');
    });
    it('status=unapproved is the moderation queue: the seeded pending comments across posts, for an administrator and an editor', async () => {
      assert.deepEqual(await ids(`${SITE}/comments/?status=unapproved&number=100`), PENDING);
      assert.deepEqual(await ids(`${SITE}/comments/?status=unapproved&number=100`, 'cs-ed-token'), PENDING);
      const posts = new Set((await getOk(`${SITE}/comments/?status=unapproved&number=100`)).comments.map((c: Json) => c.post.ID));
      assert.ok(posts.size >= 6, `pending on ${posts.size} posts`);
    });
    it('spam, trash and all (approved and pending, neither spam nor trash)', async () => {
      assert.deepEqual(await ids(`${SITE}/comments/?status=spam`), [SEEDED_COMMENTS.spam]);
      assert.deepEqual(await ids(`${SITE}/comments/?status=trash`), [SEEDED_COMMENTS.trash]);
      assert.deepEqual(
        await ids(`${SITE}/comments/?status=all&number=100`),
        held((c) => c.siteId === SITES.demo && (c.status === 'approved' || c.status === 'unapproved')),
      );
    });
    it('a moderation status or all without moderate_comments is 403 unauthorized "User cannot read unapproved comments"', async () => {
      for (const token of ['cs-ann-token', 'cs-con-token', 'cs-sub-token', undefined])
        for (const status of ['unapproved', 'spam', 'trash', 'all'])
          await refused(
            get(`${SITE}/comments/?status=${status}`, token ?? null),
            403,
            'unauthorized',
            'User cannot read unapproved comments',
          );
      await refused(
        get(`${SITE}/comments/?status=pending`),
        400,
        'invalid_input',
        '"status" must be one of approved, unapproved, spam, trash, all.',
      );
    });
    it('what moderating changes shows in the lists at once', async () => {
      const [first] = SEEDED_COMMENTS.pending;
      await ok('POST', `${SITE}/comments/${first}`, { token: DEMO, form: 'status=approved' });
      assert.equal((await ids(`${SITE}/comments/?status=unapproved&number=100`)).includes(first), false);
      assert.ok((await ids(`${SITE}/comments/?number=100`)).includes(first));
      await ok('POST', `${SITE}/comments/${first}/delete`);
      assert.deepEqual(
        await ids(`${SITE}/comments/?status=trash`),
        [first, SEEDED_COMMENTS.trash].sort((a, b) => a - b),
      );
    });
    it('number (default 20, at most 100), offset, and page (which wins over offset)', async () => {
      const all = (await getOk(`${SITE}/comments/?number=100`)).comments.map((c: Json) => c.ID);
      assert.ok(all.length > 20, `${all.length} approved comments`);
      const first = await getOk(`${SITE}/comments/`);
      assert.equal(first.comments.length, 20);
      assert.equal(first.found, all.length);
      const ofs = await getOk(`${SITE}/comments/?number=5&offset=3`);
      assert.deepEqual(
        ofs.comments.map((c: Json) => c.ID),
        all.slice(3, 8),
      );
      const page = await getOk(`${SITE}/comments/?number=5&page=2&offset=1`);
      assert.deepEqual(
        page.comments.map((c: Json) => c.ID),
        all.slice(5, 10),
      );
      for (const n of ['0', '101', 'x'])
        assert.equal((await get(`${SITE}/comments/?number=${n}`)).json.error, 'invalid_number', `number=${n}`);
    });
    it('order=ASC is oldest first; after and before bound the dates, inclusive', async () => {
      const asc = (await getOk(`${SITE}/comments/?number=100&order=ASC`)).comments;
      const dates = asc.map((c: Json) => Date.parse(c.date));
      assert.deepEqual(
        dates,
        [...dates].sort((a, b) => a - b),
      );
      const pivot = asc[Math.floor(asc.length / 2)];
      const after = (await getOk(`${SITE}/comments/?number=100&after=${encodeURIComponent(pivot.date)}`)).comments;
      assert.ok(after.length > 0 && after.every((c: Json) => Date.parse(c.date) >= Date.parse(pivot.date)));
      assert.ok(
        after.some((c: Json) => c.ID === pivot.ID),
        'inclusive',
      );
      const before = (await getOk(`${SITE}/comments/?number=100&before=${encodeURIComponent(pivot.date)}`)).comments;
      assert.ok(before.every((c: Json) => Date.parse(c.date) <= Date.parse(pivot.date)));
      assert.equal(after.length + before.length, asc.length + 1, 'the pivot is in both');
      assert.equal((await get(`${SITE}/comments/?after=yesterday`)).status, 400);
    });
    it('type: pingback and pings find the pingback; comment leaves it out', async () => {
      assert.deepEqual(await ids(`${SITE}/comments/?type=pingback`), [SEEDED_COMMENTS.pingback]);
      assert.deepEqual(await ids(`${SITE}/comments/?type=pings`), [SEEDED_COMMENTS.pingback]);
      assert.equal((await ids(`${SITE}/comments/?type=comment&number=100`)).includes(SEEDED_COMMENTS.pingback), false);
      assert.equal((await getOk(`${SITE}/comments/${SEEDED_COMMENTS.pingback}`)).type, 'pingback');
    });
    it('context=edit adds raw_content and, for those who may edit, the email and can_moderate', async () => {
      const [c] = (await getOk(`${SITE}/comments/?status=unapproved&context=edit&number=100`)).comments.filter(
        (x: Json) => x.ID === SEEDED_COMMENTS.pending[0],
      );
      assert.equal(c.raw_content, c.content);
      assert.ok(c.raw_content.startsWith('Could you say more'), c.raw_content);
      assert.equal(c.author.email, 'lena.park@example.net');
      assert.equal(c.can_moderate, true);
      const signedOut = await getOk(`${SITE}/comments/?context=edit`, null);
      assert.deepEqual([signedOut.found, signedOut.comments], [0, []], 'no comment a signed-out reader may edit');
    });
    it('fields keeps the named fields of each comment', async () => {
      const body = await getOk(`${SITE}/comments/?status=spam&fields=ID,status`);
      assert.deepEqual(body, { found: 1, site_ID: SITES.demo, comments: [{ ID: SEEDED_COMMENTS.spam, status: 'spam' }] });
    });
    it('answers under v1 too; a private site answers its members only; an unknown site is unknown_blog', async () => {
      assert.deepEqual(await getOk(`/rest/v1/sites/${SITES.demo}/comments/`), await getOk(`${SITE}/comments/`));
      const priv = `/rest/v1.1/sites/${SITES.private}/comments/`;
      assert.equal((await getOk(priv)).found, 1);
      await refused(get(priv, 'cs-ed-token'), 403, 'unauthorized', 'User cannot access this private blog.');
      await refused(get('/rest/v1.1/sites/987654/comments/'), 404, 'unknown_blog', 'Unknown blog');
    });
  });

  describe('GET /sites/$site/posts/$post_ID/replies/', () => {
    it("lists one post's comments, with the same parameters", async () => {
      assert.deepEqual(await ids(`${SITE}/posts/104/replies/`, null), [8710, 8711]);
      assert.deepEqual(await ids(`${SITE}/posts/104/replies/?status=unapproved`), [8701]);
      assert.deepEqual(await ids(`${SITE}/posts/105/replies/?status=trash`), [SEEDED_COMMENTS.trash]);
      const page = await getOk(`${SITE}/posts/104/replies/?number=1&order=ASC`);
      assert.deepEqual([page.found, page.comments[0].ID], [2, 8710]);
      assert.deepEqual(await ids(`${SITE}/posts/130/replies/`), [SEEDED_COMMENTS.onPage], 'a page has replies too');
      assert.deepEqual(await ids(`/rest/v1/sites/${SITES.demo}/posts/101/replies/?type=pings`), [SEEDED_COMMENTS.pingback]);
    });
    it('a reply posted shows in its post’s list', async () => {
      const made = await ok('POST', `${SITE}/posts/104/replies/new`, { token: DEMO, form: 'content=Noted.' });
      assert.ok((await ids(`${SITE}/posts/104/replies/`)).includes(made.ID));
    });
    it('refuses as the real service: unknown post 404, a draft to those who may not see it 403, moderation statuses 403', async () => {
      for (const id of ['99999', 'abc', '492']) await refused(get(`${SITE}/posts/${id}/replies/`), 404, 'unknown_post', 'Unknown post');
      await refused(get(`${SITE}/posts/108/replies/`, 'cs-sub-token'), 403, 'unauthorized', 'User cannot view post');
      assert.equal((await getOk(`${SITE}/posts/108/replies/`)).found, 0);
      await refused(
        get(`${SITE}/posts/104/replies/?status=unapproved`, 'cs-ann-token'),
        403,
        'unauthorized',
        'User cannot read unapproved comments',
      );
    });
  });
});
