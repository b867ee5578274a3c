/** Every endpoint of the spec (and the few from service-facts), its parameters and limits. */
import * as assert from 'node:assert/strict';
import { SPECIAL_POSTS } from './index';
import { DEMO, useService } from './helpers';

const { call } = useService();
const invalidNumber = (r: { status: number; json: { error?: string } }) => {
  assert.equal(r.status, 400);
  assert.equal(r.json.error, 'invalid_number');
};

describe('GET /v1.1/users/suggest', () => {
  it('suggests the authors, editors and administrators of the site, with the avatar at image_size', async () => {
    const r = await call('GET', '/rest/v1.1/users/suggest?site_id=2001&image_size=48', { token: DEMO });
    assert.equal(r.status, 200);
    assert.deepEqual(r.json.suggestions.map((u: { user_login: string }) => u.user_login).sort(), ['ann', 'demo', 'ed']);
    const demo = r.json.suggestions.find((u: { user_login: string }) => u.user_login === 'demo');
    assert.deepEqual(Object.keys(demo).sort(), ['ID', 'classes', 'display_name', 'image_URL', 'source', 'user_login']);
    assert.match(demo.image_URL, /[?&]s=48/);
  });
  it('defaults image_size to 96 and refuses 0 and 2049', async () => {
    assert.match((await call('GET', '/rest/v1.1/users/suggest?site_id=2001', { token: DEMO })).json.suggestions[0].image_URL, /[?&]s=96/);
    for (const size of [0, 2049, -5]) assert.equal((await call('GET', `/rest/v1.1/users/suggest?site_id=2001&image_size=${size}`, { token: DEMO })).status, 400);
    assert.equal((await call('GET', '/rest/v1.1/users/suggest?site_id=2001&image_size=2048', { token: DEMO })).status, 200);
  });
  it('filters by the letters typed, and site overrides site_id', async () => {
    const r = await call('GET', '/rest/v1.1/users/suggest?site_id=2002&site=demo.example.blog&filter=an', { token: DEMO });
    assert.deepEqual(r.json.suggestions.map((u: { user_login: string }) => u.user_login), ['ann']);
  });
});

describe('GET /v1/insights and /v1/insights/$slug', () => {
  it('lists the reports the user may read', async () => {
    const r = await call('GET', '/rest/v1/insights', { token: DEMO });
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.json).sort(), ['has_custom', 'id', 'insights', 'name', 'today']);
    assert.ok(r.json.insights.some((i: { slug: string }) => i.slug === 'rest-api-calls'));
  });
  it('answers a report per unit, with points, data, summaries and started_tracking', async () => {
    for (const unit of ['daily', 'weekly', 'monthly', 'cumulative']) {
      const r = await call('GET', `/rest/v1/insights/rest-api-calls?unit=${unit}`);
      assert.equal(r.status, 200, unit);
      assert.equal(r.json.points, Object.keys(r.json.data).length);
      assert.equal(typeof r.json.summaries.last_7_days, 'string');
      assert.equal(typeof r.json.summaries.percent_change_since_previous_7_days, 'number');
    }
    const cumulative = Object.values((await call('GET', '/rest/v1/insights/rest-api-calls?unit=cumulative')).json.data) as number[];
    assert.deepEqual([...cumulative].sort((a, b) => a - b), cumulative, 'cumulative never goes down');
  });
  it('limits data to after..before, takes an encoded slash in the slug, refuses a bad unit, 404s an unknown slug', async () => {
    const now = 1793534400;
    const r = await call('GET', `/rest/v1/insights/clients%2Fdesktop?unit=daily&after=${now - 3 * 86400}&before=${now}`);
    assert.equal(r.status, 200);
    assert.equal(r.json.points, 4);
    assert.equal((await call('GET', '/rest/v1/insights/rest-api-calls?unit=hourly')).status, 400);
    assert.equal((await call('GET', '/rest/v1/insights/no-such-report')).status, 404);
  });
});

describe('GET /v1/batch/', () => {
  it('keys each answer by the url exactly as sent, query included; a failing one is errors/error_data in a 200', async () => {
    const urls = ['/sites/2001', '/sites/9999', '/me', '/notifications/?number=2&fields=id'];
    const r = await call('GET', `/rest/v1/batch/?${urls.map((u) => `urls[]=${encodeURIComponent(u)}`).join('&')}`, { token: DEMO });
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.json).sort(), [...urls].sort());
    assert.equal(r.json['/sites/2001'].name, 'Demo Writing Desk');
    assert.deepEqual(r.json['/sites/9999'], { errors: { unknown_blog: ['Unknown blog'] }, error_data: { unknown_blog: 404 } });
    assert.equal(r.json['/me'].username, 'demo');
    assert.deepEqual(r.json['/notifications/?number=2&fields=id'].notes, [{ id: 60000 }, { id: 60001 }]);
  });
  it('runs under v1.1 as the real service does, with each url under that version', async () => {
    const r = await call('GET', '/rest/v1.1/batch?urls[]=/me&urls[]=/users/suggest?site_id=2001', { token: DEMO });
    assert.equal(r.json['/me'].ID, 1001);
    assert.equal(r.json['/users/suggest?site_id=2001'].suggestions.length, 3);
  });
  it('refuses an empty batch', async () => {
    assert.equal((await call('GET', '/rest/v1/batch/', { token: DEMO })).status, 400);
  });
});

describe('GET /v1/read/following/', () => {
  it('answers 10 posts by default, newest first, with the feed fields and date_range', async () => {
    const r = await call('GET', '/rest/v1/read/following/', { token: DEMO });
    assert.equal(r.json.number, 10);
    assert.equal(r.json.posts.length, 10);
    const dates = r.json.posts.map((p: { date: string }) => Date.parse(p.date));
    assert.deepEqual(dates, [...dates].sort((a, b) => b - a));
    for (const key of ['pseudo_ID', 'is_external', 'site_name', 'site_URL', 'site_is_private']) assert.ok(key in r.json.posts[0], key);
    assert.deepEqual(Object.keys(r.json.date_range).sort(), ['after', 'before']);
  });
  it('pages, orders ASC, and filters after/before inclusively', async () => {
    const p1 = (await call('GET', '/rest/v1/read/following/?number=5&page=1', { token: DEMO })).json.posts.map((p: { ID: number }) => p.ID);
    const p2 = (await call('GET', '/rest/v1/read/following/?number=5&page=2', { token: DEMO })).json.posts.map((p: { ID: number }) => p.ID);
    assert.equal(new Set([...p1, ...p2]).size, 10);
    const asc = (await call('GET', '/rest/v1/read/following/?order=ASC&number=1', { token: DEMO })).json.posts[0];
    assert.match(asc.title, /#60$/);
    const one = (await call('GET', '/rest/v1/read/following/?number=40', { token: DEMO })).json.posts[3];
    const exact = await call('GET', `/rest/v1/read/following/?after=${encodeURIComponent(one.date)}&before=${encodeURIComponent(one.date)}`, { token: DEMO });
    assert.deepEqual(exact.json.posts.map((p: { ID: number }) => p.ID), [one.ID]);
  });
  it('allows number up to 40 and refuses 41 with invalid_number; refuses a bad date and no token', async () => {
    assert.equal((await call('GET', '/rest/v1/read/following/?number=40', { token: DEMO })).json.posts.length, 40);
    invalidNumber(await call('GET', '/rest/v1/read/following/?number=41', { token: DEMO }));
    invalidNumber(await call('GET', '/rest/v1/read/following/?number=0', { token: DEMO }));
    assert.equal((await call('GET', '/rest/v1/read/following/?after=yesterday', { token: DEMO })).status, 400);
    assert.equal((await call('GET', '/rest/v1/read/following/')).status, 403);
  });
});

describe('GET /v1/freshly-pressed/', () => {
  it('answers featured posts with an editorial object of strings, newest pick first, and date_range newest/oldest', async () => {
    const r = await call('GET', '/rest/v1/freshly-pressed/');
    assert.equal(r.json.number, 10);
    const ed = r.json.posts[0].editorial;
    for (const key of ['blog_id', 'post_id', 'image', 'custom_headline', 'custom_blog_title', 'displayed_on', 'picked_on', 'highlight_topic', 'highlight_topic_title', 'screen_offset', 'blog_name', 'site_id']) assert.equal(typeof ed[key], 'string', key);
    assert.deepEqual(Object.keys(r.json.date_range).sort(), ['newest', 'oldest']);
  });
  it('applies content_width to images and the thumbnail size to editorial.image; number max 40', async () => {
    const r = await call('GET', '/rest/v1/freshly-pressed/?number=1&content_width=300&thumb_width=100&thumb_height=50');
    assert.match(r.json.posts[0].content, /width="300"/);
    assert.match(r.json.posts[0].editorial.image, /w=100&h=50/);
    assert.match((await call('GET', '/rest/v1/freshly-pressed/?number=1')).json.posts[0].editorial.image, /w=252&h=160/);
    invalidNumber(await call('GET', '/rest/v1/freshly-pressed/?number=41'));
  });
});

describe('GET /v1/read/tags and /v1/sites/$site and /v1.1/me', () => {
  it('lists the subscribed tags', async () => {
    assert.deepEqual((await call('GET', '/rest/v1/read/tags', { token: DEMO })).json.tags.map((t: { slug: string }) => t.slug), ['writing', 'editing', 'poetry']);
  });
  it('answers a site by ID and by domain, with jetpack for the connected self-hosted one', async () => {
    const byId = (await call('GET', '/rest/v1/sites/2004')).json;
    const byDomain = (await call('GET', '/rest/v1/sites/selfhosted.example.org')).json;
    assert.deepEqual(byId, byDomain);
    assert.equal(byId.jetpack, true);
    for (const key of ['ID', 'name', 'description', 'URL', 'post_count', 'lang', 'meta']) assert.ok(key in byId, key);
    assert.equal((await call('GET', '/rest/v1/sites/2001')).json.jetpack, false);
  });
  it('hides a private site from non-members and says unknown_blog for a missing one', async () => {
    assert.equal((await call('GET', '/rest/v1/sites/2002', { token: 'cs-ed-token' })).json.message, 'User cannot access this private blog.');
    assert.equal((await call('GET', '/rest/v1/sites/2002', { token: DEMO })).json.name, 'Private Notebook');
    const missing = await call('GET', '/rest/v1/sites/nowhere.example');
    assert.deepEqual([missing.status, missing.json.error], [404, 'unknown_blog']);
  });
  it('answers /me like the real service', async () => {
    const me = (await call('GET', '/rest/v1.1/me', { token: DEMO })).json;
    assert.deepEqual([me.ID, me.username, me.display_name, me.primary_blog, me.primary_blog_url], [1001, 'demo', 'Demo Writer', 2001, 'https://demo.example.blog']);
    assert.match(me.avatar_URL, /^https:/);
  });
});

describe('GET /v1/notifications/', () => {
  it('answers 9 notes by default, newest first, with only the default fields', async () => {
    const r = await call('GET', '/rest/v1/notifications/', { token: DEMO });
    assert.equal(r.json.number, 9);
    assert.equal(typeof r.json.last_seen_time, 'number');
    const ts = r.json.notes.map((n: { timestamp: number | string }) => (typeof n.timestamp === 'number' ? n.timestamp : Date.parse(n.timestamp) / 1000));
    assert.deepEqual(ts, [...ts].sort((a, b) => b - a));
    assert.deepEqual(Object.keys(r.json.notes[0]).sort(), ['body', 'id', 'noticon', 'subject', 'timestamp', 'type', 'unread']);
  });
  it('carries all three templates and the block shape (with read and an ISO timestamp)', async () => {
    const notes = (await call('GET', '/rest/v1/notifications/?number=12&fields=id,body,read,unread,timestamp', { token: DEMO })).json.notes;
    const templates = new Set(notes.map((n: { body: { template?: string } }) => (Array.isArray(n.body) ? 'blocks' : n.body.template)));
    assert.deepEqual([...templates].sort(), ['big-badge', 'blocks', 'multi-line-list', 'single-line-list']);
    const block = notes.find((n: { body: unknown }) => Array.isArray(n.body));
    assert.ok('read' in block && !('unread' in block));
    assert.match(block.timestamp, /^\d{4}-\d{2}-\d{2}T/);
  });
  it('takes number up to 99, refuses 100; filters by type, unread, read, ids, since and before (inclusive)', async () => {
    assert.equal((await call('GET', '/rest/v1/notifications/?number=99', { token: DEMO })).json.number, 40);
    invalidNumber(await call('GET', '/rest/v1/notifications/?number=100', { token: DEMO }));
    const likes = (await call('GET', '/rest/v1/notifications/?type=like&number=99&fields=type', { token: DEMO })).json.notes;
    assert.ok(likes.length > 0 && likes.every((n: { type: string }) => n.type === 'like'));
    assert.equal((await call('GET', '/rest/v1/notifications/?unread=1&number=99&fields=id', { token: DEMO })).json.number, 8);
    assert.equal((await call('GET', '/rest/v1/notifications/?read=true&number=99&fields=id', { token: DEMO })).json.number, 32);
    assert.deepEqual((await call('GET', '/rest/v1/notifications/?ids[]=60002&ids[]=60005&fields=id', { token: DEMO })).json.notes, [{ id: 60002 }, { id: 60005 }]);
    const third = (await call('GET', '/rest/v1/notifications/?number=3&fields=id,timestamp', { token: DEMO })).json.notes[2];
    assert.equal((await call('GET', `/rest/v1/notifications/?before=${third.timestamp}&number=1&fields=id`, { token: DEMO })).json.notes[0].id, third.id);
    assert.equal((await call('GET', `/rest/v1/notifications/?since=${third.timestamp}&number=99&fields=id`, { token: DEMO })).json.number, 3);
  });
  it('cuts multi-item bodies to num_note_items, and trap=1 empties the subjects of folded similar notes', async () => {
    const one = (await call('GET', '/rest/v1/notifications/?ids[]=60000&num_note_items=1', { token: DEMO })).json.notes[0];
    assert.equal(one.body.items.length, 1);
    const trapped = (await call('GET', '/rest/v1/notifications/?type=like&number=99&trap=1&fields=id,subject', { token: DEMO })).json.notes;
    const empty = trapped.filter((n: { subject: object }) => Object.keys(n.subject).length === 0);
    assert.ok(empty.length > 0 && empty.length < trapped.length);
  });
});

describe('GET /v1.1/sites/$site/posts/ (the trash listing) and /v1.1/sites/$site/posts/$ID', () => {
  it('lists the trash 20 at a time and pages through meta.next_page without duplicates', async () => {
    const seen: number[] = [];
    let handle: string | undefined;
    let found = 0;
    do {
      const r = await call('GET', `/rest/v1.1/sites/2001/posts/?status=trash&type=any&number=7${handle ? `&page_handle=${encodeURIComponent(handle)}` : ''}`, { token: DEMO });
      found = r.json.found;
      seen.push(...r.json.posts.map((p: { ID: number; status: string }) => (assert.equal(p.status, 'trash'), p.ID)));
      handle = r.json.meta.next_page;
    } while (handle);
    assert.equal(seen.length, found);
    assert.equal(new Set(seen).size, found);
    // 17 in the trash: the default page (20) holds them all, 16 a page leaves a handle.
    const all = (await call('GET', '/rest/v1.1/sites/2001/posts/?status=trash&type=any', { token: DEMO })).json;
    assert.deepEqual([all.found, all.posts.length, all.meta.next_page], [17, 17, undefined]);
    assert.equal(typeof (await call('GET', '/rest/v1.1/sites/2001/posts/?status=trash&type=any&number=16', { token: DEMO })).json.meta.next_page, 'string');
  });
  it('limits number to 100 (invalid_number past it), lists pages only with type=any or page, and nothing for a subscriber', async () => {
    invalidNumber(await call('GET', '/rest/v1.1/sites/2001/posts/?status=trash&number=101', { token: DEMO }));
    const posts = (await call('GET', '/rest/v1.1/sites/2001/posts/?status=trash&number=100', { token: DEMO })).json.posts;
    assert.ok(posts.every((p: { type: string }) => p.type === 'post'));
    assert.ok((await call('GET', '/rest/v1.1/sites/2001/posts/?status=trash&type=page', { token: DEMO })).json.posts.every((p: { type: string }) => p.type === 'page'));
    assert.deepEqual((await call('GET', '/rest/v1.1/sites/2001/posts/?status=trash', { token: 'cs-sub-token' })).json, { found: 0, posts: [], meta: { links: { counts: (await call('GET', '/rest/v1.1/sites/2001/posts/?status=trash', { token: 'cs-sub-token' })).json.meta.links.counts } } });
  });
  it('answers one post in the v1.1 shape; context=edit adds revisions; at most 20 attachments with the total', async () => {
    const r = (await call('GET', `/rest/v1.1/sites/2001/posts/${SPECIAL_POSTS.manyAttachments}`, { token: DEMO })).json;
    for (const key of ['discussion', 'terms', 'attachment_count', 'other_URLs', 'capabilities']) assert.ok(key in r, key);
    assert.ok(!('revisions' in r));
    assert.equal(Object.keys(r.attachments).length, 20);
    assert.equal(r.attachment_count, 25);
    const edit = (await call('GET', `/rest/v1.1/sites/2001/posts/${SPECIAL_POSTS.manyAttachments}?context=edit`, { token: DEMO })).json;
    assert.deepEqual(edit.revisions, [1941, 1942]);
  });
});

describe('POST restore: the two shapes', () => {
  it('v1.1 groups discussion and adds terms, attachment_count, other_URLs; v1 has comments_open, pings_open, comment_count, current_user_can', async () => {
    const v11 = (await call('POST', '/rest/v1.1/sites/2001/posts/200/restore', { token: DEMO })).json;
    for (const key of ['discussion', 'terms', 'attachment_count', 'other_URLs', 'capabilities']) assert.ok(key in v11, key);
    for (const key of ['comments_open', 'pings_open', 'comment_count', 'current_user_can']) assert.ok(!(key in v11), key);
    const v1 = (await call('POST', '/rest/v1/sites/2001/posts/201/restore', { token: DEMO })).json;
    for (const key of ['comments_open', 'pings_open', 'comment_count', 'current_user_can', 'capabilities']) assert.ok(key in v1, key);
    assert.ok(!('discussion' in v1));
  });
  it('404 unknown_post for a post of another site or none; 404 unknown_blog for no such site', async () => {
    assert.equal((await call('POST', '/rest/v1.1/sites/2001/posts/300/restore', { token: DEMO })).json.error, 'unknown_post');
    assert.equal((await call('POST', '/rest/v1.1/sites/2001/posts/99999/restore', { token: DEMO })).json.error, 'unknown_post');
    assert.equal((await call('POST', '/rest/v1.1/sites/nowhere.example/posts/200/restore', { token: DEMO })).json.error, 'unknown_blog');
  });
  it('restore several: no ids is empty_post_ids; ids may be a comma-separated string', async () => {
    assert.equal((await call('POST', '/rest/v1.1/sites/2001/posts/restore', { token: DEMO, form: '' })).json.error, 'empty_post_ids');
    const r = await call('POST', '/rest/v1.1/sites/2001/posts/restore', { token: DEMO, form: 'post_ids=200,201' });
    assert.deepEqual(Object.keys(r.json.results).sort(), ['200', '201']);
  });
});
