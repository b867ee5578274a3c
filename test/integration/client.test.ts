/**
 * Every method of ContentSiteClient against the reference service over loopback: what a user of
 * the client would see (exact values from the deterministic seed, state read back after writes).
 */
import * as assert from 'node:assert/strict';
import { NOTE_FIELDS } from '../../src/models/noteFields';
import { ContentSiteClient, ContentSiteError } from '../../src/api';
import type { FollowedSites } from '../../src/api/schemas/reader';
import { DEFAULT_NOW, SPECIAL_POSTS, type RunningService } from '../service';
import { caught } from './helpers';
import { serviceLifecycle } from './setup';

let svc: RunningService;
const clients: ContentSiteClient[] = [];
const client = (token: string | undefined = 'cs-demo-token'): ContentSiteClient => {
  const c = new ContentSiteClient({ baseUrl: svc.restUrl, token, retry: { maxTries: 2, minDelayMs: 1, maxDelayMs: 20 } });
  clients.push(c);
  return c;
};
/** Requests to the API (the service logs no control calls, but be explicit). */
const apiRequests = () => svc.requests.filter((r) => r.path.startsWith('/rest/') || r.path.startsWith('/oauth2/'));

describe('ContentSiteClient against the reference service', () => {
  serviceLifecycle((started) => (svc = started), clients);

  describe('client: users, insights, batch', () => {
    it('users.suggest lists the writers of a site by ID, with the default avatar size', async () => {
      const users = await client().users.suggest({ site_id: 2001 });
      assert.deepEqual(
        users.map((u) => [u.ID, u.user_login, u.display_name]),
        [
          [1001, 'demo', 'Demo Writer'],
          [1002, 'ed', 'Ed Itor'],
          [1003, 'ann', 'Ann Author'],
        ],
      );
      assert.equal(users[0].image_URL, 'https://gravatar.example/avatar/demo?s=96&d=mm');
    });

    it('users.suggest by domain with a filter and an image_size', async () => {
      const users = await client().users.suggest({ site: 'demo.example.blog', filter: 'an', image_size: 64 });
      assert.deepEqual(
        users.map((u) => u.user_login),
        ['ann'],
      );
      assert.equal(users[0].image_URL, 'https://gravatar.example/avatar/ann?s=64&d=mm');
      assert.equal(apiRequests()[0].path, '/rest/v1.1/users/suggest?site=demo.example.blog&filter=an&image_size=64');
    });

    it('insights.list names the reports', async () => {
      const list = await client().insights.list();
      assert.equal(list.name, 'Demo Writer’s insights');
      // items are "not shown" in the spec, so the client types them unknown
      assert.deepEqual(list.insights, [
        { slug: 'rest-api-calls', title: 'REST API calls' },
        { slug: 'rest-api-writes', title: 'REST API writes' },
        { slug: 'clients/desktop', title: 'Desktop client calls' },
      ]);
    });

    it('insights.get encodes a slash inside the slug and returns the report', async () => {
      const report = await client().insights.get('clients/desktop', { unit: 'weekly' });
      assert.equal(apiRequests()[0].path, '/rest/v1/insights/clients%2Fdesktop?unit=weekly');
      assert.equal(apiRequests()[0].status, 200);
      assert.equal(report.points, Object.keys(report.data).length);
      assert.ok(report.points > 0);
      for (const v of Object.values(report.data)) assert.equal(typeof v, 'number');
    });

    it('batch: one request, a map entry per url as given, a failing url as {ok:false} with unknown_blog', async () => {
      const urls = ['/sites/2001', '/sites/9999', '/me'];
      const result = await client().batch(urls);
      assert.equal(apiRequests().length, 1);
      assert.deepEqual([...result.keys()], urls);
      const site = result.get('/sites/2001')!;
      assert.ok(site.ok);
      assert.deepEqual([(site.body as { ID: number }).ID, (site.body as { name: string }).name], [2001, 'Demo Writing Desk']);
      const me = result.get('/me')!;
      assert.ok(me.ok);
      assert.equal((me.body as { username: string }).username, 'demo');
      const missing = result.get('/sites/9999')!;
      assert.ok(!missing.ok);
      assert.ok(missing.error instanceof ContentSiteError);
      assert.deepEqual([missing.error.kind, missing.error.status, missing.error.code], ['api', 404, 'unknown_blog']);
    });
  });

  describe('client: reader and sites', () => {
    it('reader.following pages without overlap, newest first by default', async () => {
      const api = client();
      const first = await api.reader.following({ number: 5 });
      const second = await api.reader.following({ number: 5, page: 2 });
      assert.deepEqual(
        first.posts.map((p) => p.ID),
        [7000, 7001, 7002, 7003, 7004],
      );
      assert.deepEqual(
        second.posts.map((p) => p.ID),
        [7005, 7006, 7007, 7008, 7009],
      );
      assert.equal(first.number, 5);
      assert.equal(first.posts[0].title, 'Morning pages #1');
      const dates = [...first.posts, ...second.posts].map((p) => Date.parse(p.date!));
      assert.deepEqual(
        dates,
        [...dates].sort((a, b) => b - a),
      );
    });

    it('reader.following order=ASC starts with the oldest post', async () => {
      const asc = await client().reader.following({ number: 3, order: 'ASC' });
      assert.deepEqual(
        asc.posts.map((p) => p.ID),
        [7059, 7058, 7057],
      );
      assert.equal(asc.posts[0].title, 'A week without email #60');
    });

    it('reader.freshlyPressed carries the editorial object of each featured post', async () => {
      const fp = await client().reader.freshlyPressed({ number: 3 });
      assert.deepEqual(
        fp.posts.map((p) => p.ID),
        [8000, 8001, 8002],
      );
      assert.equal(fp.posts[0].editorial?.custom_headline, 'Editors’ pick: Morning pages #1');
    });

    it('reader.tags lists the subscribed tags', async () => {
      const { tags } = await client().reader.tags();
      assert.deepEqual(
        tags.map((t) => [t.ID, t.slug, t.title]),
        [
          [501, 'writing', 'Writing'],
          [502, 'editing', 'Editing'],
          [503, 'poetry', 'Poetry'],
        ],
      );
      assert.deepEqual(
        (await client('cs-ed-token').reader.tags()).tags.map((t) => t.slug),
        ['editing'],
      );
    });

    it("reader.sitePosts pages one site's Reader posts; followedSitesRequest goes in a batch with meta=site,feed's unseen counts", async () => {
      const api = client();
      const first = await api.reader.sitePosts(3101, { number: 3 });
      const second = await api.reader.sitePosts(3101, { number: 3, page: 2 });
      assert.equal(first.posts.length, 3);
      assert.ok([...first.posts, ...second.posts].every((p) => p.site_ID === 3101));
      assert.equal(new Set([...first.posts, ...second.posts].map((p) => p.ID)).size, 6);
      const [subs] = await api.together([api.reader.followedSitesRequest({ meta: 'site,feed', number: 4 })]);
      assert.ok(subs.ok);
      const value = subs.ok ? (subs.value as FollowedSites) : undefined;
      assert.ok(value?.subscriptions.every((s) => typeof s.meta?.data?.feed?.unseen_count === 'number'));
      assert.deepEqual(
        [(await caught(api.reader.sitePosts(99999))).code, (await caught(api.reader.sitePosts(99999))).status],
        ['unknown_blog', 404],
      );
      const before = apiRequests().length;
      assert.equal((await caught(api.reader.sitePosts('not a site!'))).kind, 'invalid_input');
      assert.equal((await caught(api.reader.sitePosts(3101, { number: 0 }))).kind, 'invalid_input');
      assert.equal(apiRequests().length, before);
    });

    it('sites.get by ID and by domain; jetpack flags the self-hosted site', async () => {
      const byId = await client().sites.get(2004);
      assert.deepEqual([byId.ID, byId.name, byId.URL, byId.jetpack], [2004, 'Self-Hosted Garden', 'https://selfhosted.example.org', true]);
      const byDomain = await client().sites.get('demo.example.blog');
      assert.deepEqual([byDomain.ID, byDomain.name, byDomain.jetpack], [2001, 'Demo Writing Desk', false]);
      assert.equal(apiRequests()[1].path, '/rest/v1/sites/demo.example.blog');
    });
  });

  describe('client: notifications', () => {
    it('list normalizes the template shape and the block shape into one Notification', async () => {
      const page = await client().notifications.list({ number: 6 });
      assert.deepEqual(
        page.notes.map((n) => n.id),
        [60000, 60001, 60002, 60003, 60004, 60005],
      );
      const template = page.notes[0];
      assert.equal(template.type, 'comment');
      assert.deepEqual([template.unread, template.unreadIsCount], [1, true]);
      assert.equal(template.subjectText, 'Maya Lin commented on Morning pages');
      assert.equal(template.timestamp, DEFAULT_NOW - 120);
      assert.ok(!Array.isArray(template.body));

      const like = page.notes[1];
      assert.deepEqual(
        [like.unread, like.subjectText, like.url],
        [2, 'Maya Lin and 2 others liked Editing in public', 'https://demo.example.blog/2026/11/101/'],
      );

      const block = page.notes[5];
      assert.ok(Array.isArray(block.body), 'the block shape keeps its blocks');
      assert.ok(Array.isArray(block.subject));
      assert.deepEqual([block.unread, block.unreadIsCount], [1, false]);
      assert.equal(block.subjectText, 'Maya Lin mentioned you in Editing in public');
      assert.equal(block.timestamp, DEFAULT_NOW - 5 * 37 * 60 - 120, 'an ISO timestamp becomes Unix seconds');
    });

    it("the fields the views read bring a block-shaped note's title and header blocks (the detail page shows them)", async () => {
      const [note] = (await client().notifications.list({ ids: [60005], fields: NOTE_FIELDS })).notes;
      assert.equal(note.title, 'Mention');
      assert.deepEqual(
        note.header?.map((b) => [b.text, b.ranges?.[0]?.type, b.ranges?.[0]?.url]),
        [
          ['Maya Lin', 'user', 'https://gravatar.example/Maya%20Lin'],
          ['Editing in public', 'post', 'https://demo.example.blog/2026/11/101/'],
        ],
      );
      const one = await client().notifications.get(60005, { fields: NOTE_FIELDS });
      assert.deepEqual([one.title, one.header?.length], ['Mention', 2]);
    });

    it('list: a read block-shaped note has unread 0; last_seen_time comes back', async () => {
      const page = await client().notifications.list({ ids: [60011, 60017] });
      assert.deepEqual(
        page.notes.map((n) => [n.id, n.unread, Array.isArray(n.body)]),
        [
          [60011, 0, true],
          [60017, 0, true],
        ],
      );
      assert.equal(page.last_seen_time, DEFAULT_NOW - 3 * 3600);
    });

    it('markRead decrements counts (read back with a second list); a negative count marks unread again', async () => {
      const api = client();
      const unreadOf = async (ids: number[]) => (await api.notifications.list({ ids })).notes.map((n) => [n.id, n.unread]);
      assert.deepEqual(await unreadOf([60001, 60002]), [
        [60001, 2],
        [60002, 3],
      ]);
      assert.deepEqual(await api.notifications.markRead({ 60001: 1, 60002: 9999 }), { success: true, updated: [60001] });
      assert.deepEqual(await unreadOf([60001, 60002]), [
        [60001, 1],
        [60002, 0],
      ]);
      const post = apiRequests().find((r) => r.method === 'POST')!;
      assert.equal(post.path, '/rest/v1.1/notifications/read');
      assert.deepEqual(post.bodyKeys, ['counts[60001]', 'counts[60002]']);

      await api.notifications.markRead({ 60002: -1 });
      assert.deepEqual(await unreadOf([60002]), [[60002, 1]]);
      // the block shape (read/unread only) can be marked unread too
      await api.notifications.markRead({ 60011: -1 });
      assert.deepEqual(await unreadOf([60011]), [[60011, 1]]);
    });

    it('seen records last_seen_time, read back by list', async () => {
      const api = client();
      assert.equal(await api.notifications.seen(DEFAULT_NOW - 60), DEFAULT_NOW - 60);
      assert.equal((await api.notifications.list({ number: 1 })).last_seen_time, DEFAULT_NOW - 60);
    });
  });

  describe('client: posts', () => {
    it('trashed pages with the nextPage handle until exhausted: every post once, as many as found', async () => {
      const api = client();
      const ids: number[] = [];
      const handles: string[] = [];
      let handle: string | undefined;
      let found = -1;
      for (let pages = 0; pages < 20; pages++) {
        const page = await api.posts.trashed('demo.example.blog', { number: 4, type: 'any', page_handle: handle });
        if (found === -1) found = page.found;
        assert.equal(page.found, found, 'found is stable across pages');
        ids.push(...page.posts.map((p) => p.ID));
        for (const p of page.posts) assert.equal(p.status, 'trash');
        handle = page.nextPage;
        if (!handle) break;
        handles.push(handle);
      }
      assert.equal(handle, undefined, 'the last page has no handle');
      const expected = [...svc.world().posts.values()].filter((p) => p.siteId === 2001 && p.status === 'trash').map((p) => p.ID);
      assert.equal(found, expected.length);
      assert.equal(ids.length, found);
      assert.equal(new Set(ids).size, found, 'no duplicates');
      assert.deepEqual(
        [...ids].sort((a, b) => a - b),
        [...expected].sort((a, b) => a - b),
      );
      assert.equal(handles.length, Math.ceil(found / 4) - 1);
      assert.ok(
        apiRequests()
          .slice(1)
          .every((r) => r.path.includes('page_handle=')),
      );
    });

    it('posts.get returns the v1.1 post with attachment_count beyond the 20 returned', async () => {
      const post = await client().posts.get(2001, SPECIAL_POSTS.manyAttachments);
      assert.deepEqual([post.ID, post.title, post.status, post.attachment_count], [194, 'Photo essay: the harbour', 'trash', 25]);
      assert.equal(Object.keys(post.attachments ?? {}).length, 20);
    });

    it('posts.restore (v1.1) puts the post back in its previous status; it leaves the trash', async () => {
      const api = client();
      const restored = await api.posts.restore(2001, 201);
      assert.deepEqual([restored.ID, restored.status], [201, 'draft']);
      assert.equal(typeof restored.discussion, 'object');
      assert.equal(apiRequests()[0].path, '/rest/v1.1/sites/2001/posts/201/restore');
      assert.equal((await api.posts.get(2001, 201)).status, 'draft');
      const remaining = await api.posts.trashed(2001, { number: 100, type: 'any' });
      assert.ok(!remaining.posts.some((p) => p.ID === 201));
    });

    it("posts.restore with version '1' answers the v1 shape", async () => {
      const v1 = await client().posts.restore(2001, 200, { version: '1' });
      assert.deepEqual([v1.ID, v1.status], [200, 'publish']);
      assert.equal(typeof v1.comments_open, 'boolean');
      assert.equal(typeof v1.comment_count, 'number');
      assert.equal(apiRequests()[0].path, '/rest/v1/sites/2001/posts/200/restore');
    });

    it("posts.restoreMany: one request, an outcome per id with the spec's error codes", async () => {
      const ids = [202, SPECIAL_POSTS.contributorPublished, SPECIAL_POSTS.badFileType, SPECIAL_POSTS.unlistedType, 99999];
      const outcomes = await client().posts.restoreMany(2001, ids);
      assert.equal(apiRequests().length, 1);
      assert.deepEqual(
        apiRequests()[0].bodyKeys,
        ids.map(() => 'post_ids[]'),
      );
      assert.deepEqual([...outcomes.keys()], ids);

      const ok = outcomes.get(202)!;
      assert.ok(ok.ok);
      assert.deepEqual([ok.post.ID, ok.post.status], [202, 'pending']);

      const summary = (id: number) => {
        const o = outcomes.get(id)!;
        assert.ok(!o.ok, `post ${id} should fail`);
        return [o.error.kind, o.error.status, o.error.code, o.error.serviceMessage];
      };
      assert.deepEqual(summary(SPECIAL_POSTS.contributorPublished), ['api', 403, 'unauthorized', 'Assigned author cannot publish post.']);
      assert.deepEqual(summary(SPECIAL_POSTS.badFileType), ['api', 403, 'invalid_input', 'Invalid file type.']);
      assert.deepEqual(summary(SPECIAL_POSTS.unlistedType), ['api', 400, 'invalid_field', 'Invalid API FIELD']);
      assert.equal(summary(99999)[2], 'unknown_post');

      // the successes are restored, the refusals stay in the trash
      assert.equal(svc.world().posts.get(202)!.status, 'pending');
      for (const id of [SPECIAL_POSTS.contributorPublished, SPECIAL_POSTS.badFileType, SPECIAL_POSTS.unlistedType])
        assert.equal(svc.world().posts.get(id)!.status, 'trash');
    });
  });

  describe('client: comments', () => {
    it('textRequest reads only what an edit needs (ID, raw_content, content in the edit context), and edit saves the new text', async () => {
      const api = client();
      const text = await api.run(api.comments.textRequest('demo.example.blog', 8700));
      assert.deepEqual(Object.keys(text).sort(), ['ID', 'content', 'raw_content']);
      assert.ok(text.raw_content?.startsWith('Could you say more'), text.raw_content);
      const asked = apiRequests().at(-1)!;
      assert.match(asked.path, /\/rest\/v1\.1\/sites\/demo\.example\.blog\/comments\/8700\?/);
      assert.deepEqual(
        [new URLSearchParams(asked.path.split('?')[1]).get('fields'), new URLSearchParams(asked.path.split('?')[1]).get('context')],
        ['ID,raw_content,content', 'edit'],
      );
      const edited = await api.comments.edit('demo.example.blog', 8700, { content: 'Said again, better' });
      assert.equal(edited.content.trim().replace(/<\/?p>/g, ''), 'Said again, better');
      assert.equal((await api.run(api.comments.textRequest('demo.example.blog', 8700))).raw_content, 'Said again, better');
    });
  });

  describe('client: account', () => {
    it('me returns the signed-in user', async () => {
      const me = await client().me();
      assert.deepEqual([me.ID, me.username, me.display_name, me.primary_blog], [1001, 'demo', 'Demo Writer', 2001]);
      assert.equal((await client('cs-ann-token').me()).username, 'ann');
    });

    it('tokenInfo confirms a token of this client without sending an Authorization header', async () => {
      const info = await client().tokenInfo('12345', 'cs-demo-token');
      assert.deepEqual(info, { client_id: '12345', user_id: '1001', blog_id: '2001', scope: 'global' });
      assert.equal(apiRequests()[0].authorized, false);
    });

    it('tokenInfo of a token issued to another client is a ContentSiteError', async () => {
      await assert.rejects(client().tokenInfo('12345', 'cs-other-client-token'), (e: unknown) => {
        assert.ok(e instanceof ContentSiteError);
        assert.deepEqual([e.kind, e.status, e.code, e.serviceMessage], ['auth', 400, 'invalid_token', 'The OAuth2 token is invalid.']);
        assert.ok(!e.userMessage.includes('cs-other-client-token'));
        assert.ok(!e.message.includes('cs-other-client-token'));
        assert.ok(!(e.request ?? '').includes('cs-other-client-token'));
        return true;
      });
    });
  });
});
