/** Every client method returns the service's data, typed and normalized. */
import * as assert from 'node:assert/strict';
import { ContentSiteError } from '../../src/api';
import { SPECIAL_POSTS } from '../service';
import { restRequests, useClientAndService } from './setup';

const { svc, client } = useClientAndService();

describe('The client against the reference service', () => {
  it('users.suggest: the site\'s writers, filtered, with the avatar size asked for', async () => {
    const users = await client().users.suggest({ site: 'demo.example.blog', filter: 'e', image_size: 64 });
    assert.deepEqual(users.map((u) => u.user_login), ['ed']);
    assert.match(users[0].image_URL ?? '', /s=64/);
  });

  it('insights.list and insights.get, with a slash in the slug encoded', async () => {
    const list = await client().insights.list();
    assert.ok(list.insights.length >= 3);
    const report = await client().insights.get('clients/desktop', { unit: 'monthly' });
    assert.equal(report.points, Object.keys(report.data).length);
    assert.ok(restRequests(svc()).some((r) => r.path.startsWith('/rest/v1/insights/clients%2Fdesktop')));
  });

  it('batch: one request, one entry per url, a failing url as its own error', async () => {
    const result = await client().batch(['/sites/2001', '/sites/9999', '/me']);
    assert.equal(restRequests(svc()).length, 1);
    const site = result.get('/sites/2001');
    assert.ok(site?.ok);
    assert.equal((site.body as { name: string }).name, 'Demo Writing Desk');
    const missing = result.get('/sites/9999');
    assert.ok(missing && !missing.ok);
    assert.equal(missing.error.code, 'unknown_blog');
    assert.equal(missing.error.status, 404);
  });

  it('reader.following pages and orders; reader.freshlyPressed carries editorial; reader.tags', async () => {
    const first = await client().reader.following({ number: 5 });
    const second = await client().reader.following({ number: 5, page: 2 });
    assert.equal(new Set([...first.posts, ...second.posts].map((p) => p.ID)).size, 10);
    assert.match((await client().reader.following({ order: 'ASC', number: 1 })).posts[0].title ?? '', /#60$/);
    const featured = await client().reader.freshlyPressed({ number: 3 });
    assert.equal(featured.posts.length, 3);
    assert.equal(typeof featured.posts[0].editorial?.custom_headline, 'string');
    assert.deepEqual((await client().reader.tags()).tags.map((t) => t.slug), ['writing', 'editing', 'poetry']);
  });

  it('sites.get by ID and by domain', async () => {
    assert.equal((await client().sites.get(2004)).jetpack, true);
    assert.equal((await client().sites.get('demo.example.blog')).ID, 2001);
  });

  it('notifications.list normalizes both note shapes', async () => {
    const page = await client().notifications.list({ number: 12, fields: 'id,type,unread,read,timestamp,subject,body,meta' });
    assert.equal(page.notes.length, 12);
    const block = page.notes.find((n) => n.id === 60005)!;
    assert.equal(block.unread, 1, 'a block-shaped note with read:0 is unread');
    assert.equal(block.unreadIsCount, false);
    assert.equal(typeof block.timestamp, 'number');
    assert.match(block.subjectText, /mentioned you/);
    const template = page.notes.find((n) => n.id === 60000)!;
    assert.deepEqual([template.unread, template.unreadIsCount], [1, true]);
    assert.match(template.subjectText, /^Maya Lin commented on Morning pages$/);
  });

  it('notifications.markRead changes the service (read back), a negative count marks unread; seen records the time', async () => {
    const api = client();
    assert.deepEqual(await api.notifications.markRead({ 60001: 1 }), { success: true, updated: [60001] });
    assert.equal((await api.notifications.list({ ids: [60001] })).notes[0].unread, 1);
    await api.notifications.markRead({ 60001: 1, 60002: 3 });
    assert.deepEqual((await api.notifications.list({ ids: [60001, 60002] })).notes.map((n) => n.unread), [0, 0]);
    await api.notifications.markRead({ 60002: -1 });
    assert.equal((await api.notifications.list({ ids: [60002] })).notes[0].unread, 1);
    assert.equal(await api.notifications.seen(1793530000), 1793530000);
  });

  it('posts.trashed pages with the handle until the end, without duplicates', async () => {
    const ids: number[] = [];
    let handle: string | undefined;
    let found = 0;
    do {
      const page = await client().posts.trashed('demo.example.blog', { number: 5, type: 'any', page_handle: handle });
      found = page.found;
      ids.push(...page.posts.map((p) => p.ID));
      handle = page.nextPage;
    } while (handle);
    assert.equal(ids.length, found);
    assert.equal(new Set(ids).size, found);
  });

  it('posts.get, posts.restore (v1.1 and v1) back to the previous status', async () => {
    const api = client();
    assert.equal((await api.posts.get(2001, SPECIAL_POSTS.manyAttachments)).attachment_count, 25);
    const before = svc().world().posts.get(200)!.statusBeforeTrash;
    assert.equal((await api.posts.restore(2001, 200)).status, before);
    const v1 = await api.posts.restore(2001, 201, { version: '1' });
    assert.equal(typeof v1.comments_open, 'boolean');
  });

  it('posts.restoreMany: one request, an outcome per post with the spec\'s errors', async () => {
    const outcomes = await client().posts.restoreMany(2001, [202, SPECIAL_POSTS.contributorPublished, SPECIAL_POSTS.badFileType, 99999]);
    assert.equal(restRequests(svc()).filter((r) => r.method === 'POST').length, 1);
    const ok = outcomes.get(202)!;
    assert.ok(ok.ok);
    const refused = outcomes.get(SPECIAL_POSTS.contributorPublished)!;
    assert.ok(!refused.ok);
    assert.deepEqual([refused.error.code, refused.error.status, refused.error.serviceMessage], ['unauthorized', 403, 'Assigned author cannot publish post.']);
    const fileType = outcomes.get(SPECIAL_POSTS.badFileType)!;
    assert.ok(!fileType.ok && fileType.error.serviceMessage === 'Invalid file type.');
    const missing = outcomes.get(99999)!;
    assert.ok(!missing.ok && missing.error.code === 'unknown_post');
  });

  it('me and tokenInfo; a token of another client is refused by tokenInfo', async () => {
    assert.equal((await client().me()).username, 'demo');
    const info = await client(null).tokenInfo('12345', 'cs-demo-token');
    assert.deepEqual([info.client_id, info.user_id], ['12345', '1001']);
    await assert.rejects(client(null).tokenInfo('12345', 'cs-other-client-token'), (e: ContentSiteError) => e.code === 'invalid_token');
  });
});
