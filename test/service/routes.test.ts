/**
 * Every route of the spec (plus the trash listing, one post and /me from the service facts), with
 * its parameter rules, defaults and limits, as a client would notice them.
 */
import * as assert from 'node:assert/strict';
import { callService, serviceFixture, type CallOptions, type Reply } from './reply';
import { DEFAULT_NOW, SITES, SPECIAL_POSTS, USERS } from './index';
import { iso } from './shapes';

/** Timestamp of the demo user's seeded note 60000 + i. */
const noteTime = (i: number): number => DEFAULT_NOW - i * 37 * 60 - 120;
/** Date of the demo user's followed-feed post 7000 + i. */
const feedTime = (i: number): number => DEFAULT_NOW - (i + 1) * 3 * 3600;
const DEMO = 'cs-demo-token';

describe('Routes and their parameter rules', () => {
  const fx = serviceFixture();

  const call = (method: string, path: string, opts: CallOptions = {}): Promise<Reply> => callService(fx.svc.url, method, path, opts);
  const get = (path: string, token: string | null = DEMO): Promise<Reply> => call('GET', path, { token: token ?? undefined });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const ok = async (path: string, token: string | null = DEMO): Promise<any> => {
    const r = await get(path, token);
    assert.equal(r.status, 200, `${path}: ${r.text}`);
    return r.json;
  };
  const expectError = (r: Reply, status: number, error: string, message: string): void => {
    assert.equal(r.status, status, r.text);
    assert.deepEqual(r.json, { error, message });
  };

  describe('GET /v1.1/users/suggest (mention suggestions)', () => {
    it('suggests the administrators, editors and authors of the site (not contributors or subscribers), with image_URL at 96 px by default', async () => {
      const body = await ok(`/rest/v1.1/users/suggest?site_id=${SITES.demo}`);
      assert.deepEqual(body, {
        suggestions: [
          {
            ID: USERS.demo,
            user_login: 'demo',
            display_name: 'Demo Writer',
            source: ['same-site'],
            classes: '',
            image_URL: 'https://gravatar.example/avatar/demo?s=96&d=mm',
          },
          {
            ID: USERS.ed,
            user_login: 'ed',
            display_name: 'Ed Itor',
            source: ['same-site'],
            classes: '',
            image_URL: 'https://gravatar.example/avatar/ed?s=96&d=mm',
          },
          {
            ID: USERS.ann,
            user_login: 'ann',
            display_name: 'Ann Author',
            source: ['same-site'],
            classes: '',
            image_URL: 'https://gravatar.example/avatar/ann?s=96&d=mm',
          },
        ],
      });
    });
    it('filter narrows by login or a word of the name', async () => {
      const byName = await ok(`/rest/v1.1/users/suggest?site_id=${SITES.demo}&filter=auth`);
      assert.deepEqual(
        byName.suggestions.map((s: { user_login: string }) => s.user_login),
        ['ann'],
      );
      const byLogin = await ok(`/rest/v1.1/users/suggest?site_id=${SITES.demo}&filter=De`);
      assert.deepEqual(
        byLogin.suggestions.map((s: { user_login: string }) => s.user_login),
        ['demo'],
      );
      const none = await ok(`/rest/v1.1/users/suggest?site_id=${SITES.demo}&filter=zzz`);
      assert.deepEqual(none.suggestions, []);
    });
    it('image_size 1 and 2048 are accepted and used in image_URL; 0 and 2049 are 400 invalid_input', async () => {
      const one = await ok(`/rest/v1.1/users/suggest?site_id=${SITES.demo}&image_size=1&filter=ed`);
      assert.equal(one.suggestions[0].image_URL, 'https://gravatar.example/avatar/ed?s=1&d=mm');
      const max = await ok(`/rest/v1.1/users/suggest?site_id=${SITES.demo}&image_size=2048&filter=ed`);
      assert.equal(max.suggestions[0].image_URL, 'https://gravatar.example/avatar/ed?s=2048&d=mm');
      for (const size of ['0', '2049', 'big']) {
        expectError(
          await get(`/rest/v1.1/users/suggest?site_id=${SITES.demo}&image_size=${size}`),
          400,
          'invalid_input',
          '"image_size" must be a whole number from 1 to 2048.',
        );
      }
    });
    it('site (a domain) overrides site_id', async () => {
      const body = await ok(`/rest/v1.1/users/suggest?site_id=${SITES.demo}&site=selfhosted.example.org`);
      assert.deepEqual(
        body.suggestions.map((s: { ID: number }) => s.ID),
        [USERS.demo],
      );
    });
    it('requires a token: 403 authorization_required', async () => {
      expectError(
        await get(`/rest/v1.1/users/suggest?site_id=${SITES.demo}`, null),
        403,
        'authorization_required',
        'An active access token must be used to query information about users.',
      );
    });
  });

  describe('GET /v1/insights and /v1/insights/$slug (usage insights)', () => {
    it('lists the reports with name, id, insights, today and has_custom', async () => {
      const body = await ok('/rest/v1/insights');
      assert.equal(body.name, 'Demo Writer’s insights');
      assert.equal(body.id, USERS.demo);
      assert.equal(body.has_custom, false);
      assert.deepEqual(
        body.insights.map((i: { slug: string }) => i.slug),
        ['rest-api-calls', 'rest-api-writes', 'clients/desktop'],
      );
      assert.deepEqual(
        body.today.map((i: { value: number }) => i.value),
        [171, 20, 9],
      );
    });
    it('the list requires a token: 403 authorization_required', async () => {
      expectError(
        await get('/rest/v1/insights', null),
        403,
        'authorization_required',
        'An active access token must be used to read insights.',
      );
    });
    it('a report answers points, data, summaries and started_tracking; weekly by default (12 day labels)', async () => {
      const body = await ok('/rest/v1/insights/rest-api-calls', null);
      assert.deepEqual(Object.keys(body).sort(), ['data', 'points', 'started_tracking', 'summaries']);
      assert.equal(body.points, Object.keys(body.data).length);
      assert.equal(body.points, 12);
      for (const label of Object.keys(body.data)) assert.match(label, /^\d{4}-\d{2}-\d{2}$/);
      assert.equal(body.started_tracking, '2024-01-01');
      assert.deepEqual(body.summaries, {
        last_24_hours: '171',
        last_7_days: '1200',
        last_31_days: '5314',
        last_365_days: '62571',
        percent_change_since_previous_24_hours: 4.2,
        percent_change_since_previous_7_days: -1.5,
        percent_change_since_previous_31_days: 12,
        percent_change_since_previous_365_days: 48.3,
      });
    });
    it('unit=monthly labels by month, unit=cumulative never decreases, a bad unit is 400', async () => {
      const monthly = await ok('/rest/v1/insights/rest-api-writes?unit=monthly', null);
      for (const label of Object.keys(monthly.data)) assert.match(label, /^\d{4}-\d{2}$/);
      const cumulative = await ok('/rest/v1/insights/rest-api-writes?unit=cumulative', null);
      const values = Object.values(cumulative.data) as number[];
      assert.deepEqual(
        [...values].sort((a, b) => a - b),
        values,
      );
      assert.ok(values[values.length - 1] > values[0]);
      expectError(
        await get('/rest/v1/insights/rest-api-writes?unit=hourly'),
        400,
        'invalid_input',
        '"unit" must be one of daily, weekly, monthly, cumulative.',
      );
    });
    it('after and before bound the data (after=before gives one daily point; after > before is 400)', async () => {
      const t = DEFAULT_NOW - 5 * 86400;
      const one = await ok(`/rest/v1/insights/rest-api-calls?unit=daily&after=${t}&before=${t}`, null);
      assert.equal(one.points, 1);
      assert.deepEqual(Object.keys(one.data), [new Date(t * 1000).toISOString().slice(0, 10)]);
      const week = await ok(`/rest/v1/insights/rest-api-calls?unit=daily&after=${t}&before=${t + 6 * 86400}`, null);
      assert.equal(week.points, 7);
      expectError(
        await get(`/rest/v1/insights/rest-api-calls?after=${t + 1}&before=${t}`),
        400,
        'invalid_input',
        '"after" must not be later than "before".',
      );
    });
    it('takes a slug with an encoded slash (clients%2Fdesktop)', async () => {
      const body = await ok('/rest/v1/insights/clients%2Fdesktop', null);
      assert.equal(body.summaries.last_7_days, '60');
    });
    it('an unknown slug is 404 unknown_insight', async () => {
      expectError(await get('/rest/v1/insights/no-such-report'), 404, 'unknown_insight', 'There is no insight called "no-such-report".');
    });
  });

  describe('GET /v1/batch/ (several GETs in one call)', () => {
    it('keys every answer by the url exactly as sent, query string included; a failing url is errors/error_data and the batch is still 200 (v1)', async () => {
      const urls = ['/sites/2001', '/freshly-pressed/?number=2', '/sites/999999'];
      const r = await get(`/rest/v1/batch/?${urls.map((u) => `urls[]=${encodeURIComponent(u)}`).join('&')}`);
      assert.equal(r.status, 200);
      assert.deepEqual(Object.keys(r.json), urls);
      assert.equal(r.json['/sites/2001'].ID, SITES.demo);
      assert.equal(r.json['/freshly-pressed/?number=2'].number, 2);
      assert.deepEqual(r.json['/sites/999999'], { errors: { unknown_blog: ['Unknown blog'] }, error_data: { unknown_blog: 404 } });
    });
    it("runs under v1.1 with each url under v1.1, and passes the caller's token to each url", async () => {
      const urls = ['/me?fields=ID', `/sites/${SITES.demo}/posts/?status=trash&number=1&fields=ID`];
      const r = await get(`/rest/v1.1/batch?${urls.map((u) => `urls[]=${encodeURIComponent(u)}`).join('&')}`);
      assert.equal(r.status, 200);
      assert.deepEqual(Object.keys(r.json), urls);
      assert.deepEqual(r.json['/me?fields=ID'], { ID: USERS.demo });
      assert.equal(r.json[urls[1]].found, 13);
      assert.equal(r.json[urls[1]].posts.length, 1);
      const anonymous = await get(`/rest/v1.1/batch?urls[]=${encodeURIComponent('/me')}`, null);
      assert.deepEqual(anonymous.json, {
        '/me': {
          errors: { authorization_required: ['An active access token must be used to query information about the current user.'] },
          error_data: { authorization_required: 403 },
        },
      });
    });
    it('an unknown route inside a batch is rest_no_route 404; an empty batch is 400', async () => {
      const r = await get(`/rest/v1/batch/?urls[]=${encodeURIComponent('/nothing')}`);
      assert.deepEqual(r.json, {
        '/nothing': {
          errors: { rest_no_route: ['No route was found matching the URL and request method'] },
          error_data: { rest_no_route: 404 },
        },
      });
      expectError(await get('/rest/v1/batch/'), 400, 'invalid_input', 'Give at least one url as urls[].');
    });
  });

  describe('GET /v1/read/following/ (followed blogs feed)', () => {
    it('answers 10 posts by default, newest first, with number and date_range', async () => {
      const body = await ok('/rest/v1/read/following/');
      assert.equal(body.number, 10);
      assert.deepEqual(
        body.posts.map((p: { ID: number }) => p.ID),
        [7000, 7001, 7002, 7003, 7004, 7005, 7006, 7007, 7008, 7009],
      );
      assert.deepEqual(body.date_range, { before: iso(feedTime(0)), after: iso(feedTime(9)) });
    });
    it('each post carries the feed fields pseudo_ID, is_external, site_name, site_URL, site_is_private', async () => {
      const body = await ok('/rest/v1/read/following/?number=4');
      const pick = (p: Record<string, unknown>) => ({
        pseudo_ID: p.pseudo_ID,
        is_external: p.is_external,
        site_name: p.site_name,
        site_URL: p.site_URL,
        site_is_private: p.site_is_private,
      });
      assert.deepEqual(pick(body.posts[0]), {
        pseudo_ID: '3101-7000-post-1',
        is_external: false,
        site_name: 'Longhand Quarterly',
        site_URL: 'https://longhand.example.com',
        site_is_private: false,
      });
      assert.deepEqual(pick(body.posts[1]), {
        pseudo_ID: '3102-7001-post-2',
        is_external: true,
        site_name: 'The Margin',
        site_URL: 'https://margin.example.net',
        site_is_private: false,
      });
      assert.deepEqual(pick(body.posts[3]), {
        pseudo_ID: '3104-7003-post-4',
        is_external: false,
        site_name: 'Friends Only Letters',
        site_URL: 'https://letters.example.blog',
        site_is_private: true,
      });
    });
    it('number up to 40; 41 and 0 are 400 invalid_number', async () => {
      assert.equal((await ok('/rest/v1/read/following/?number=40')).number, 40);
      for (const n of ['41', '0'])
        expectError(
          await get(`/rest/v1/read/following/?number=${n}`),
          400,
          'invalid_number',
          '"number" must be a whole number from 1 to 40.',
        );
    });
    it('page is 1-indexed; order=ASC gives oldest first', async () => {
      const page2 = await ok('/rest/v1/read/following/?number=5&page=2');
      assert.deepEqual(
        page2.posts.map((p: { ID: number }) => p.ID),
        [7005, 7006, 7007, 7008, 7009],
      );
      const asc = await ok('/rest/v1/read/following/?number=3&order=ASC');
      assert.deepEqual(
        asc.posts.map((p: { ID: number }) => p.ID),
        [7059, 7058, 7057],
      );
      const desc = await ok('/rest/v1/read/following/?number=3&order=DESC');
      assert.deepEqual(
        desc.posts.map((p: { ID: number }) => p.ID),
        [7000, 7001, 7002],
      );
    });
    it('after and before are inclusive and show in date_range', async () => {
      const after = iso(feedTime(5));
      const before = iso(feedTime(2));
      const body = await ok(`/rest/v1/read/following/?after=${encodeURIComponent(after)}&before=${encodeURIComponent(before)}`);
      assert.deepEqual(
        body.posts.map((p: { ID: number }) => p.ID),
        [7002, 7003, 7004, 7005],
      );
      assert.equal(body.number, 4);
      assert.deepEqual(body.date_range, { before, after });
      expectError(await get('/rest/v1/read/following/?after=yesterday'), 400, 'invalid_input', '"after" must be an ISO 8601 datetime.');
    });
    it('requires a token', async () => {
      expectError(
        await get('/rest/v1/read/following/', null),
        403,
        'authorization_required',
        'An active access token must be used to query information about the current user.',
      );
    });
  });

  describe('GET /v1/freshly-pressed/ (featured posts)', () => {
    it('answers 10 by default, newest pick first, each with an editorial object whose values are all strings', async () => {
      const body = await ok('/rest/v1/freshly-pressed/', null);
      assert.equal(body.number, 10);
      assert.deepEqual(
        body.posts.map((p: { ID: number }) => p.ID),
        [8000, 8001, 8002, 8003, 8004, 8005, 8006, 8007, 8008, 8009],
      );
      const ed = body.posts[0].editorial;
      assert.deepEqual(Object.keys(ed).sort(), [
        'blog_id',
        'blog_name',
        'custom_blog_title',
        'custom_headline',
        'displayed_on',
        'highlight_topic',
        'highlight_topic_title',
        'image',
        'picked_on',
        'post_id',
        'screen_offset',
        'site_id',
      ]);
      for (const p of body.posts) for (const v of Object.values(p.editorial)) assert.equal(typeof v, 'string');
      assert.equal(ed.blog_id, '3101');
      assert.equal(ed.post_id, '8000');
      assert.equal(ed.picked_on, '2026-11-01 11:00:00');
      assert.equal(ed.displayed_on, '2026-11-01 11:30:00');
    });
    it('date_range has newest and oldest picks', async () => {
      const body = await ok('/rest/v1/freshly-pressed/?number=3', null);
      assert.equal(body.number, 3);
      assert.deepEqual(body.date_range, { newest: iso(DEFAULT_NOW - 3600), oldest: iso(DEFAULT_NOW - 2 * 86400 - 3600) });
    });
    it('number max 40: 41 is 400 invalid_number', async () => {
      expectError(
        await get('/rest/v1/freshly-pressed/?number=41', null),
        400,
        'invalid_number',
        '"number" must be a whole number from 1 to 40.',
      );
    });
    it('content_width shrinks wider images (default 480), keeping the aspect ratio', async () => {
      const def = await ok('/rest/v1/freshly-pressed/?number=1', null);
      assert.match(def.posts[0].content, /width="480" height="320"/);
      const narrow = await ok('/rest/v1/freshly-pressed/?number=1&content_width=512', null);
      assert.match(narrow.posts[0].content, /width="512" height="342"/);
      const wide = await ok('/rest/v1/freshly-pressed/?number=1&content_width=2000', null);
      assert.match(wide.posts[0].content, /width="1024" height="683"/);
    });
    it('thumb_width and thumb_height size editorial.image (defaults 252 x 160)', async () => {
      const def = await ok('/rest/v1/freshly-pressed/?number=1', null);
      assert.equal(def.posts[0].editorial.image, 'https://longhand.example.com/img/featured-8000.jpg?w=252&h=160&crop=1');
      const sized = await ok('/rest/v1/freshly-pressed/?number=1&thumb_width=300&thumb_height=200', null);
      assert.equal(sized.posts[0].editorial.image, 'https://longhand.example.com/img/featured-8000.jpg?w=300&h=200&crop=1');
    });
    it('after and before filter by pick date', async () => {
      const after = iso(DEFAULT_NOW - 2 * 86400 - 3600);
      const before = iso(DEFAULT_NOW - 86400 - 3600);
      const body = await ok(`/rest/v1/freshly-pressed/?after=${encodeURIComponent(after)}&before=${encodeURIComponent(before)}`, null);
      assert.deepEqual(
        body.posts.map((p: { ID: number }) => p.ID),
        [8001, 8002],
      );
    });
    it('answers under v1.1 too (the official client calls it there), the same as under v1, with or without the trailing slash', async () => {
      const v1 = await ok('/rest/v1/freshly-pressed/?number=3', null);
      assert.deepEqual(await ok('/rest/v1.1/freshly-pressed/?number=3', null), v1);
      // Signed in, each post says whether this reader follows its site.
      assert.deepEqual(await ok('/rest/v1.1/freshly-pressed?number=3', DEMO), await ok('/rest/v1/freshly-pressed/?number=3', DEMO));
    });
  });

  describe('GET /v1/read/tags (subscribed tags)', () => {
    it('lists the tags the user follows', async () => {
      const body = await ok('/rest/v1/read/tags');
      assert.deepEqual(
        body.tags.map((t: { slug: string }) => t.slug),
        ['writing', 'editing', 'poetry'],
      );
      const ed = await ok('/rest/v1/read/tags', 'cs-ed-token');
      assert.deepEqual(
        ed.tags.map((t: { slug: string }) => t.slug),
        ['editing'],
      );
      const ann = await ok('/rest/v1/read/tags', 'cs-ann-token');
      assert.deepEqual(ann.tags, []);
    });
  });

  describe('GET /v1/sites/$site (site information)', () => {
    it('answers a site by ID', async () => {
      const body = await ok(`/rest/v1/sites/${SITES.demo}`, null);
      assert.equal(body.ID, SITES.demo);
      assert.equal(body.name, 'Demo Writing Desk');
      assert.equal(body.description, 'Notes on writing, drafted in public');
      assert.equal(body.URL, 'https://demo.example.blog');
      assert.equal(body.jetpack, false);
      assert.equal(body.post_count, 12);
      assert.equal(body.lang, 'en');
      assert.deepEqual(Object.keys(body.meta.links).sort(), ['comments', 'help', 'posts', 'self', 'xmlrpc']);
    });
    it('answers a site by domain; the connected self-hosted site has jetpack true', async () => {
      const body = await ok('/rest/v1/sites/selfhosted.example.org', null);
      assert.equal(body.ID, SITES.selfHosted);
      assert.equal(body.jetpack, true);
      assert.equal(body.post_count, 1);
    });
    it('a private site is 403 for anonymous and non-members, 200 for a member', async () => {
      for (const token of [null, 'cs-ed-token'])
        expectError(await get(`/rest/v1/sites/${SITES.private}`, token), 403, 'unauthorized', 'User cannot access this private blog.');
      assert.equal((await ok(`/rest/v1/sites/private.example.blog`)).ID, SITES.private);
      expectError(await get(`/rest/v1/sites/${SITES.restricted}`), 403, 'unauthorized', 'User cannot access this restricted blog');
      assert.equal((await ok(`/rest/v1/sites/${SITES.restricted}`, 'cs-rita-token')).is_private, true);
    });
    it('an unknown site is 404 unknown_blog', async () => {
      expectError(await get('/rest/v1/sites/31337', null), 404, 'unknown_blog', 'Unknown blog');
      expectError(await get('/rest/v1/sites/nowhere.example.blog', null), 404, 'unknown_blog', 'Unknown blog');
    });
  });

  describe('GET /v1/notifications/ (listing)', () => {
    it('answers 9 notes by default, newest first, with only the default fields and note_hash, number and last_seen_time', async () => {
      const body = await ok('/rest/v1/notifications/');
      assert.equal(body.number, 9);
      assert.equal(body.last_seen_time, DEFAULT_NOW - 3 * 3600);
      assert.deepEqual(
        body.notes.map((n: { id: number }) => n.id),
        [60000, 60001, 60002, 60003, 60004, 60005, 60006, 60007, 60008],
      );
      assert.deepEqual(Object.keys(body.notes[0]).sort(), ['body', 'id', 'note_hash', 'noticon', 'subject', 'timestamp', 'type', 'unread']);
      assert.deepEqual(Object.keys(body.notes[5]).sort(), ['body', 'id', 'note_hash', 'noticon', 'read', 'subject', 'timestamp', 'type']);
    });
    it('fields chooses the note fields', async () => {
      const body = await ok('/rest/v1/notifications/?fields=id,note_hash,date&number=2');
      assert.deepEqual(
        body.notes.map((n: object) => Object.keys(n).sort()),
        [
          ['date', 'id', 'note_hash'],
          ['date', 'id', 'note_hash'],
        ],
      );
      assert.equal(body.notes[0].date, iso(noteTime(0)));
      const meta = await ok('/rest/v1.1/notifications/?fields=id,meta&number=1');
      assert.deepEqual(meta.notes[0].meta.ids, { site: SITES.demo, post: 100, user: 4000, comment: 8800 });
      assert.deepEqual(
        Object.keys(meta.notes[0]).sort(),
        ['id', 'meta', 'note_hash'],
        'note_hash whatever fields says, as the real service sends it',
      );
      const one = await ok('/rest/v1.1/notifications/60000?fields=id,unread');
      assert.deepEqual(Object.keys(one.notes[0]).sort(), ['id', 'note_hash', 'unread'], 'and so does one note');
    });
    it('number up to 99; 100 is 400 invalid_number', async () => {
      const body = await ok('/rest/v1/notifications/?number=99&fields=id');
      assert.equal(body.number, 40);
      expectError(await get('/rest/v1/notifications/?number=100'), 400, 'invalid_number', '"number" must be a whole number from 1 to 99.');
    });
    it('type, unread, read and ids[] filter', async () => {
      const likes = await ok('/rest/v1/notifications/?type=like&number=99&fields=id,type');
      assert.deepEqual(
        likes.notes.map((n: { id: number }) => n.id),
        [60001, 60007, 60013, 60019, 60025, 60031, 60037],
      );
      const unread = await ok('/rest/v1/notifications/?unread=1&number=99&fields=id');
      assert.deepEqual(
        unread.notes.map((n: { id: number }) => n.id),
        [60000, 60001, 60002, 60003, 60004, 60005, 60006, 60007],
      );
      const read = await ok('/rest/v1/notifications/?read=true&number=99&fields=id');
      assert.equal(read.number, 32);
      assert.equal(read.notes[0].id, 60008);
      const ids = await ok('/rest/v1/notifications/?ids[]=60004&ids[]=60002&fields=id');
      assert.deepEqual(
        ids.notes.map((n: { id: number }) => n.id),
        [60002, 60004],
      );
    });
    it('since and before are inclusive UNIX times', async () => {
      const since = await ok(`/rest/v1/notifications/?since=${noteTime(3)}&fields=id`);
      assert.deepEqual(
        since.notes.map((n: { id: number }) => n.id),
        [60000, 60001, 60002, 60003],
      );
      const before = await ok(`/rest/v1/notifications/?before=${noteTime(3)}&number=2&fields=id`);
      assert.deepEqual(
        before.notes.map((n: { id: number }) => n.id),
        [60003, 60004],
      );
    });
    it('num_note_items cuts body.items (default 9)', async () => {
      const all = await ok('/rest/v1/notifications/?ids[]=60000');
      assert.equal(all.notes[0].body.items.length, 3);
      const one = await ok('/rest/v1/notifications/?ids[]=60000&num_note_items=1');
      assert.equal(one.notes[0].body.items.length, 1);
      assert.deepEqual(one.notes[0].body.items[0], all.notes[0].body.items[0]);
    });
    it('trap=1 gives folded similar notes an empty subject; without trap they keep it', async () => {
      const trapped = await ok('/rest/v1/notifications/?type=like&trap=1&number=99&fields=id,subject');
      const empty = trapped.notes.filter((n: { subject: object }) => Object.keys(n.subject).length === 0).map((n: { id: number }) => n.id);
      assert.deepEqual(empty, [60013, 60019, 60025, 60031, 60037]);
      const plain = await ok('/rest/v1/notifications/?type=like&number=99&fields=id,subject');
      for (const n of plain.notes) assert.notDeepEqual(n.subject, {});
    });
    it('carries all three templates and block-shaped notes with read and an ISO timestamp', async () => {
      const body = await ok('/rest/v1/notifications/?number=6');
      assert.equal(body.notes[0].body.template, 'multi-line-list');
      assert.equal(body.notes[1].body.template, 'single-line-list');
      assert.equal(body.notes[4].body.template, 'big-badge');
      assert.equal(body.notes[4].body.badge, 'https://s.example/badges/likes-256.png');
      const block = body.notes[5];
      assert.equal(Array.isArray(block.body), true);
      assert.equal(Array.isArray(block.subject), true);
      assert.equal(block.read, 0);
      assert.equal(block.timestamp, '2026-11-01T08:53:00+00:00');
      assert.equal(body.notes[0].timestamp, noteTime(0));
      const readBlock = await ok('/rest/v1/notifications/?ids[]=60011');
      assert.equal(readBlock.notes[0].read, 1);
    });
    it('requires a token', async () => {
      expectError(
        await get('/rest/v1/notifications/', null),
        403,
        'authorization_required',
        'An active access token must be used to retrieve notifications.',
      );
    });
  });

  describe('GET /v1.1/sites/$site/posts/?status=trash (the trash listing)', () => {
    const trash = `/rest/v1.1/sites/${SITES.demo}/posts/?status=trash`;
    it('lists 20 at most by default, newest first, with found', async () => {
      const body = await ok(`${trash}&fields=ID,status`);
      assert.equal(body.found, 13);
      assert.equal(body.posts.length, 13);
      assert.deepEqual(
        body.posts.map((p: { ID: number }) => p.ID),
        [200, 201, 192, 202, 193, 194, 203, 205, 206, 207, 208, 210, 211],
      );
      for (const p of body.posts) assert.equal(p.status, 'trash');
      assert.equal(body.meta.next_page, undefined);
      const small = await ok(`/rest/v1.1/sites/${SITES.demo}/posts/?status=trash&type=any&fields=ID`);
      assert.equal(small.found, 17);
      assert.equal(small.posts.length, 17);
    });
    it('number up to 100; 101 is 400 invalid_number', async () => {
      assert.equal((await ok(`${trash}&number=100&fields=ID`)).posts.length, 13);
      expectError(await get(`${trash}&number=101`), 400, 'invalid_number', '"number" must be a whole number from 1 to 100.');
    });
    it('page_handle pages through meta.next_page without duplicates until it is absent', async () => {
      const seen: number[] = [];
      let handle: string | undefined;
      let pages = 0;
      do {
        const body = await ok(`${trash}&number=5&fields=ID${handle ? `&page_handle=${encodeURIComponent(handle)}` : ''}`);
        seen.push(...body.posts.map((p: { ID: number }) => p.ID));
        handle = body.meta.next_page;
        pages++;
      } while (handle && pages < 10);
      assert.equal(pages, 3);
      assert.equal(seen.length, 13);
      assert.equal(new Set(seen).size, 13);
      expectError(await get(`${trash}&page_handle=garbage`), 400, 'invalid_input', '"page_handle" is not a handle this service gave out.');
    });
    it('type=any includes pages and type=page only pages', async () => {
      const any = await ok(`${trash}&type=any&number=100&fields=ID,type`);
      assert.deepEqual(
        any.posts
          .filter((p: { type: string }) => p.type === 'page')
          .map((p: { ID: number }) => p.ID)
          .sort(),
        [204, 209],
      );
      const pages = await ok(`${trash}&type=page&fields=ID,type`);
      assert.deepEqual(pages.posts.map((p: { ID: number }) => p.ID).sort(), [204, 209]);
    });
    it('a subscriber sees found 0 and no posts (not an error)', async () => {
      assert.deepEqual(await ok(trash, 'cs-sub-token'), {
        found: 0,
        posts: [],
        meta: { links: { counts: `${fx.svc.url}/rest/v1.1/sites/${SITES.demo}/post-counts/post` } },
      });
    });
  });

  describe('GET /v1.1/sites/$site/posts/$ID (one post)', () => {
    it('context=edit adds revisions; display does not', async () => {
      const edit = await ok(`/rest/v1.1/sites/${SITES.demo}/posts/200?context=edit`);
      assert.deepEqual(edit.revisions, [2001, 2002]);
      const display = await ok(`/rest/v1.1/sites/${SITES.demo}/posts/200`);
      assert.equal('revisions' in display, false);
    });
    it('returns at most the 20 newest attachments, with attachment_count 25', async () => {
      const body = await ok(`/rest/v1.1/sites/${SITES.demo}/posts/${SPECIAL_POSTS.manyAttachments}`);
      assert.equal(body.attachment_count, 25);
      assert.deepEqual(
        Object.keys(body.attachments).map(Number).sort(),
        Array.from({ length: 20 }, (_, i) => 9005 + i),
      );
      assert.equal(body.featured_image, 'https://demo.example.blog/files/photo-25.jpg');
    });
    it('a trashed post is 403 for a subscriber, an unknown one 404', async () => {
      expectError(await get(`/rest/v1.1/sites/${SITES.demo}/posts/200`, 'cs-sub-token'), 403, 'unauthorized', 'User cannot view post');
      expectError(await get(`/rest/v1.1/sites/${SITES.demo}/posts/5`), 404, 'unknown_post', 'Unknown post');
    });
  });

  describe('POST restore (v1 and v1.1 shapes)', () => {
    it('v1 answers comments_open, pings_open, comment_count, current_user_can and no v1.1 groups', async () => {
      const r = await call('POST', `/rest/v1/sites/${SITES.demo}/posts/200/restore`, { token: DEMO });
      assert.equal(r.status, 200);
      assert.equal(r.json.ID, 200);
      assert.equal(r.json.comments_open, true);
      assert.equal(r.json.pings_open, true);
      assert.equal(typeof r.json.comment_count, 'number');
      assert.deepEqual(r.json.current_user_can, { publish_post: true, delete_post: true, edit_post: true });
      for (const k of ['discussion', 'terms', 'other_URLs']) assert.equal(k in r.json, false, k);
    });
    it('v1.1 groups discussion and adds terms, attachment_count and other_URLs, without comments_open or current_user_can', async () => {
      const r = await call('POST', `/rest/v1.1/sites/${SITES.demo}/posts/203/restore`, { token: DEMO });
      assert.equal(r.status, 200);
      assert.deepEqual(Object.keys(r.json.discussion).sort(), [
        'comment_count',
        'comment_status',
        'comments_open',
        'ping_status',
        'pings_open',
      ]);
      assert.deepEqual(Object.keys(r.json.terms).sort(), ['category', 'mentions', 'post_format', 'post_tag']);
      assert.equal(r.json.attachment_count, 0);
      assert.deepEqual(r.json.other_URLs, {
        permalink_URL: 'https://demo.example.blog/%year%/%monthnum%/%postname%/',
        suggested_slug: r.json.slug,
      });
      assert.deepEqual(r.json.capabilities, { publish_post: true, edit_post: true, delete_post: true });
      for (const k of ['comments_open', 'pings_open', 'current_user_can', 'revisions']) assert.equal(k in r.json, false, k);
    });
    it('restore by site domain works and with context=edit includes revisions', async () => {
      const r = await call('POST', '/rest/v1.1/sites/demo.example.blog/posts/205/restore?context=edit', { token: DEMO });
      assert.equal(r.status, 200);
      assert.deepEqual(r.json.revisions, [2051, 2052]);
    });
  });

  describe('GET /v1.1/me', () => {
    it('answers the signed-in user', async () => {
      const body = await ok('/rest/v1.1/me');
      assert.equal(body.ID, USERS.demo);
      assert.equal(body.username, 'demo');
      assert.equal(body.display_name, 'Demo Writer');
      assert.equal(body.email, 'demo@example.blog');
      assert.equal(body.primary_blog, SITES.demo);
      assert.equal(body.primary_blog_url, 'https://demo.example.blog');
      assert.equal(body.avatar_URL, 'https://gravatar.example/avatar/demo?s=96');
      assert.equal(body.site_count, 3);
      assert.equal((await ok('/rest/v1.1/me', 'cs-rita-token')).primary_blog, SITES.restricted);
    });
    it('requires a token', async () => {
      expectError(
        await get('/rest/v1.1/me', null),
        403,
        'authorization_required',
        'An active access token must be used to query information about the current user.',
      );
    });
  });
});
