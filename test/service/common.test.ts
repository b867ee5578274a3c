/**
 * The common parameters every client meets: http_envelope, pretty, fields, callback (JSONP),
 * context, meta, and form versus JSON bodies on POSTs.
 */
import * as assert from 'node:assert/strict';
import { callService, serviceFixture, type CallOptions, type Reply } from './reply';
import { SITES, USERS } from './index';

const DEMO = 'cs-demo-token';

describe('Common parameters', () => {
  const fx = serviceFixture();

  const call = (method: string, path: string, opts: CallOptions = {}): Promise<Reply> => callService(fx.svc.url, method, path, opts);

  describe('http_envelope', () => {
    for (const value of ['1', 'true']) {
      it(`http_envelope=${value} wraps a success as 200 {code: 200, headers: [{name, value}], body}`, async () => {
        const r = await call('GET', `/rest/v1.1/me?http_envelope=${value}&fields=ID,username`, { token: DEMO });
        assert.equal(r.status, 200);
        assert.deepEqual(r.json, {
          code: 200,
          headers: [{ name: 'Content-Type', value: 'application/json' }],
          body: { ID: USERS.demo, username: 'demo' },
        });
      });
      it(`http_envelope=${value} wraps an error as HTTP 200 with the real code inside`, async () => {
        const r = await call('GET', `/rest/v1/sites/${SITES.private}?http_envelope=${value}`);
        assert.equal(r.status, 200);
        assert.deepEqual(r.json, {
          code: 403,
          headers: [{ name: 'Content-Type', value: 'application/json' }],
          body: { error: 'unauthorized', message: 'User cannot access this private blog.' },
        });
      });
    }
    it('wraps a spec error row of a POST (notifications/read without a token)', async () => {
      const r = await call('POST', '/rest/v1.1/notifications/read?http_envelope=1', { body: 'counts[60000]=1' });
      assert.equal(r.status, 200);
      assert.deepEqual(r.json, {
        code: 403,
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        body: { error: 'authorization_required', message: 'An active access token must be used to retrieve notifications.' },
      });
    });
    it('accepts t, T and TRUE for true, as the real service (is_truthy) does', async () => {
      for (const value of ['t', 'T', 'TRUE']) {
        const r = await call('GET', `/rest/v1/sites/${SITES.private}?http_envelope=${value}`);
        assert.equal(r.status, 200, value);
        assert.equal(r.json.code, 403, value);
        assert.deepEqual(r.json.body, { error: 'unauthorized', message: 'User cannot access this private blog.' });
      }
    });
    it('any other value (yes, 2, f) is false, as the real service reads it: no envelope, no error', async () => {
      for (const value of ['yes', '2', 'f']) {
        const r = await call('GET', `/rest/v1/sites/${SITES.private}?http_envelope=${value}`);
        assert.equal(r.status, 403, value);
        assert.deepEqual(r.json, { error: 'unauthorized', message: 'User cannot access this private blog.' });
      }
    });
    it('wraps a 405 as HTTP 200, the Allow header inside the envelope', async () => {
      const r = await call('POST', `/rest/v1/sites/${SITES.demo}?http_envelope=1`, { token: DEMO });
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('allow'), null);
      assert.deepEqual(r.json, {
        code: 405,
        headers: [
          { name: 'Content-Type', value: 'application/json' },
          { name: 'Allow', value: 'GET' },
        ],
        body: { error: 'not_allowed', error_message: 'Method not allowed' },
      });
    });
    it('wraps the 400 of an unreadable JSON body as HTTP 200', async () => {
      const r = await call('POST', '/rest/v1.1/notifications/read?http_envelope=1', {
        token: DEMO,
        body: '{counts',
        contentType: 'application/json',
      });
      assert.equal(r.status, 200);
      assert.deepEqual(r.json, {
        code: 400,
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        body: { error: 'invalid_input', message: 'The request body is not valid JSON.' },
      });
    });
    it('wraps the 400 of an invalid callback as HTTP 200, plain JSON', async () => {
      const r = await call('GET', `/rest/v1/sites/${SITES.demo}?http_envelope=1&callback=alert(1)`);
      assert.equal(r.status, 200);
      assert.match(r.type, /^application\/json/);
      assert.deepEqual(r.json, {
        code: 400,
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        body: { error: 'invalid_callback', message: 'The callback must be a JavaScript identifier.' },
      });
    });
    it('an envelope with a valid callback is the envelope inside the JSONP call', async () => {
      const r = await call('POST', `/rest/v1/sites/${SITES.demo}?http_envelope=1&callback=cb`);
      assert.equal(r.status, 200);
      const m = /^\/\*\*\/cb\(([\s\S]*)\)$/.exec(r.text);
      assert.ok(m, r.text);
      assert.equal(JSON.parse(m[1]).code, 405);
    });
    it('http_envelope=0 (and absent) answers the real status unwrapped', async () => {
      const r = await call('GET', `/rest/v1/sites/${SITES.private}?http_envelope=0`);
      assert.equal(r.status, 403);
      assert.deepEqual(r.json, { error: 'unauthorized', message: 'User cannot access this private blog.' });
    });
  });

  describe('pretty', () => {
    it('pretty=1 indents the JSON by two spaces; without it the answer is on one line', async () => {
      const pretty = await call('GET', `/rest/v1/sites/${SITES.demo}?pretty=1`);
      assert.equal(pretty.status, 200);
      assert.equal(pretty.text, JSON.stringify(pretty.json, null, 2));
      assert.match(pretty.text, /^\{\n {2}"ID": 2001,\n/);
      const plain = await call('GET', `/rest/v1/sites/${SITES.demo}`);
      assert.equal(plain.text.includes('\n'), false);
      assert.equal(plain.text, JSON.stringify(plain.json));
    });
    it('pretty=true, t and TRUE work too; pretty=0, f, false and other values do not indent', async () => {
      for (const value of ['true', 't', 'TRUE']) {
        const r = await call('GET', `/rest/v1/sites/${SITES.demo}?pretty=${value}`);
        assert.equal(r.text, JSON.stringify(r.json, null, 2), value);
      }
      for (const value of ['0', 'f', 'false', 'yes']) {
        const r = await call('GET', `/rest/v1/sites/${SITES.demo}?pretty=${value}`);
        assert.equal(r.status, 200, value);
        assert.equal(r.text, JSON.stringify(r.json), value);
      }
    });
    it('pretty applies to a 405 too', async () => {
      const r = await call('POST', `/rest/v1/sites/${SITES.demo}?pretty=1`);
      assert.equal(r.status, 405);
      assert.equal(r.text, JSON.stringify({ error: 'not_allowed', error_message: 'Method not allowed' }, null, 2));
    });
  });

  describe('fields', () => {
    it('keeps only the named fields of one post', async () => {
      const r = await call('GET', `/rest/v1.1/sites/${SITES.demo}/posts/200?fields=ID,status,title`, { token: DEMO });
      assert.equal(r.status, 200);
      assert.deepEqual(Object.keys(r.json).sort(), ['ID', 'status', 'title']);
      assert.equal(r.json.ID, 200);
      assert.equal(r.json.status, 'trash');
    });
    it('keeps only the named fields of each listed post, leaving found and meta', async () => {
      const r = await call('GET', `/rest/v1.1/sites/${SITES.demo}/posts/?status=trash&number=3&fields=ID,type`, { token: DEMO });
      assert.equal(r.status, 200);
      assert.equal(r.json.found, 13);
      assert.equal(typeof r.json.meta.next_page, 'string');
      assert.deepEqual(r.json.posts, [
        { ID: 200, type: 'post' },
        { ID: 201, type: 'post' },
        { ID: 192, type: 'post' },
      ]);
    });
    it('applies to each post of a restore-several result, leaving errors whole', async () => {
      const r = await call('POST', `/rest/v1.1/sites/${SITES.demo}/posts/restore?fields=ID,status`, {
        token: DEMO,
        body: 'post_ids[]=200&post_ids[]=191',
      });
      assert.deepEqual(r.json, {
        results: {
          '191': { errors: { invalid_field: ['Invalid API FIELD'] }, error_data: { invalid_field: 400 } },
          '200': { ID: 200, status: 'publish' },
        },
      });
    });
  });

  describe('callback (JSONP)', () => {
    it('wraps the answer as /**/cb(...) with application/javascript', async () => {
      const r = await call('GET', `/rest/v1/sites/${SITES.demo}?callback=cb`);
      assert.equal(r.status, 200);
      assert.equal(r.type, 'application/javascript; charset=UTF-8');
      const m = /^\/\*\*\/cb\(([\s\S]*)\)$/.exec(r.text);
      assert.ok(m, r.text);
      assert.equal(JSON.parse(m[1]).ID, SITES.demo);
    });
    it('accepts dotted names like jQuery.cb_1', async () => {
      const r = await call('GET', `/rest/v1/sites/${SITES.demo}?callback=jQuery.cb_1`);
      assert.equal(r.text.startsWith('/**/jQuery.cb_1({'), true);
    });
    it('a callback that is not an identifier is 400 invalid_callback', async () => {
      for (const bad of ['alert(1)', '1abc', 'a%20b']) {
        const r = await call('GET', `/rest/v1/sites/${SITES.demo}?callback=${bad}`);
        assert.equal(r.status, 400, bad);
        assert.deepEqual(r.json, { error: 'invalid_callback', message: 'The callback must be a JavaScript identifier.' });
      }
    });
  });

  describe('context', () => {
    it('display (the default) keeps paragraph tags; edit gives the raw text', async () => {
      const display = await call('GET', `/rest/v1.1/sites/${SITES.demo}/posts/200?fields=content`, { token: DEMO });
      const explicit = await call('GET', `/rest/v1.1/sites/${SITES.demo}/posts/200?fields=content&context=display`, { token: DEMO });
      const edit = await call('GET', `/rest/v1.1/sites/${SITES.demo}/posts/200?fields=content&context=edit`, { token: DEMO });
      assert.match(display.json.content, /^<p>.*<\/p>\n<p>.*<\/p>$/);
      assert.equal(explicit.json.content, display.json.content);
      assert.equal(edit.json.content, display.json.content.replace(/<\/?p>/g, '').replace(/\n+/g, '\n\n'));
      assert.equal(edit.json.content.includes('<p>'), false);
    });
    it('context=bogus is 400 invalid_input', async () => {
      const r = await call('GET', `/rest/v1.1/sites/${SITES.demo}/posts/200?context=bogus`, { token: DEMO });
      assert.equal(r.status, 400);
      assert.deepEqual(r.json, { error: 'invalid_input', message: '"context" must be display or edit.' });
    });
  });

  describe('meta', () => {
    it('meta=site fills meta.data.site of a post from its linked endpoint', async () => {
      const r = await call('GET', `/rest/v1.1/sites/${SITES.demo}/posts/200?meta=site`, { token: DEMO });
      assert.equal(r.status, 200);
      assert.equal(r.json.meta.data.site.ID, SITES.demo);
      assert.equal(r.json.meta.data.site.name, 'Demo Writing Desk');
      assert.equal(typeof r.json.meta.links.site, 'string');
    });
    it('meta=site fills each listed post; without meta there is no meta.data', async () => {
      const r = await call('GET', `/rest/v1.1/sites/${SITES.demo}/posts/?status=trash&number=2&meta=site`, { token: DEMO });
      for (const p of r.json.posts) assert.equal(p.meta.data.site.ID, SITES.demo);
      const plain = await call('GET', `/rest/v1.1/sites/${SITES.demo}/posts/200`, { token: DEMO });
      assert.equal('data' in plain.json.meta, false);
    });
  });

  describe('meta on notifications and the followed-blogs feed', () => {
    it("meta=site,post fills meta.data of each note from this service's own site and post routes", async () => {
      const r = await call('GET', '/rest/v1/notifications/?number=3&fields=id,meta&meta=site,post', { token: DEMO });
      assert.equal(r.status, 200);
      assert.equal(r.json.notes.length, 3);
      for (const note of r.json.notes) {
        assert.equal(note.meta.links.site, `${fx.svc.restUrl}/v1/sites/${SITES.demo}`);
        assert.equal(note.meta.data.site.ID, SITES.demo);
        assert.equal(note.meta.data.site.name, 'Demo Writing Desk');
        if (note.meta.links.post) {
          assert.equal(note.meta.data.post.ID, note.meta.ids.post);
          assert.equal(note.meta.data.post.site_ID, SITES.demo);
        }
      }
      assert.ok(
        r.json.notes.some((n: { meta: { data: { post?: unknown } } }) => n.meta.data.post),
        'one of the notes links a post',
      );
    });
    it('without meta a note has no meta.data; a meta name the note does not link is left out', async () => {
      const plain = await call('GET', '/rest/v1/notifications/?number=2&fields=id,meta', { token: DEMO });
      for (const note of plain.json.notes) assert.equal('data' in note.meta, false);
      const other = await call('GET', '/rest/v1/notifications/?number=2&fields=id,meta&meta=likes', { token: DEMO });
      for (const note of other.json.notes) assert.equal('data' in note.meta, false);
    });
    it('every meta link of the feed points at this service, and meta=site,self fills each post', async () => {
      const r = await call('GET', '/rest/v1/read/following/?number=4&meta=site,self', { token: DEMO });
      assert.equal(r.status, 200);
      for (const post of r.json.posts) {
        for (const link of Object.values(post.meta.links) as string[]) assert.ok(link.startsWith(`${fx.svc.restUrl}/`), link);
        if (post.site_is_private) {
          // A private blog the user is no member of: the linked endpoint refuses, so false.
          assert.deepEqual(post.meta.data, { site: false, self: false });
          continue;
        }
        assert.equal(post.meta.data.site.ID, post.site_ID);
        assert.equal(post.meta.data.site.name, post.site_name);
        assert.equal(post.meta.data.self.ID, post.ID);
        assert.equal(post.meta.data.self.title, post.title);
      }
      assert.equal(r.json.posts.filter((p: { site_is_private: boolean }) => !p.site_is_private).length, 3);
    });
    it('a linked feed post answers on its own at the address the link gives', async () => {
      const feed = await call('GET', '/rest/v1/read/following/?number=1', { token: DEMO });
      const post = feed.json.posts[0];
      const self = await call('GET', (post.meta.links.self as string).slice(fx.svc.url.length), { token: DEMO });
      assert.equal(self.status, 200);
      assert.deepEqual(
        { ID: self.json.ID, site_ID: self.json.site_ID, title: self.json.title },
        { ID: post.ID, site_ID: post.site_ID, title: post.title },
      );
    });
  });

  describe('bool parameters of an endpoint', () => {
    it('unread=t and unread=TRUE are true, unread=f and unread=FALSE are false; unread=maybe is 400', async () => {
      const all = await call('GET', '/rest/v1/notifications/?number=99&fields=id,unread', { token: DEMO });
      const unreadIds = all.json.notes
        .filter((n: { unread: number; read?: number }) => n.unread > 0 || n.read === 0)
        .map((n: { id: number }) => n.id);
      assert.ok(unreadIds.length > 0 && unreadIds.length < all.json.notes.length);
      for (const value of ['t', 'TRUE', '1']) {
        const r = await call('GET', `/rest/v1/notifications/?number=99&fields=id&unread=${value}`, { token: DEMO });
        assert.deepEqual(
          r.json.notes.map((n: { id: number }) => n.id),
          unreadIds,
          value,
        );
      }
      for (const value of ['f', 'FALSE', '0']) {
        const r = await call('GET', `/rest/v1/notifications/?number=99&fields=id&unread=${value}`, { token: DEMO });
        assert.equal(r.json.notes.length, all.json.notes.length, value);
      }
      const bad = await call('GET', '/rest/v1/notifications/?unread=maybe', { token: DEMO });
      assert.equal(bad.status, 400);
      assert.deepEqual(bad.json, { error: 'invalid_input', message: '"unread" must be true or false.' });
    });
  });

  describe('POST bodies: form-encoded or JSON', () => {
    it('restore several takes post_ids[] form fields, a comma-separated post_ids, and a JSON array', async () => {
      const form = await call('POST', `/rest/v1.1/sites/${SITES.demo}/posts/restore?fields=status`, {
        token: DEMO,
        body: 'post_ids[]=200&post_ids[]=201',
      });
      assert.deepEqual(form.json, { results: { '200': { status: 'publish' }, '201': { status: 'draft' } } });
      const comma = await call('POST', `/rest/v1.1/sites/${SITES.demo}/posts/restore?fields=status`, {
        token: DEMO,
        body: 'post_ids=202,203',
      });
      assert.deepEqual(comma.json, { results: { '202': { status: 'pending' }, '203': { status: 'private' } } });
      const json = await call('POST', `/rest/v1.1/sites/${SITES.demo}/posts/restore?fields=status`, {
        token: DEMO,
        body: JSON.stringify({ post_ids: [205, 206] }),
        contentType: 'application/json',
      });
      assert.deepEqual(json.json, { results: { '205': { status: 'future' }, '206': { status: 'publish' } } });
    });
    it('notifications/read takes counts[id]=n as a form and {counts: {id: n}} as JSON', async () => {
      const form = await call('POST', '/rest/v1.1/notifications/read', { token: DEMO, body: 'counts[60001]=1' });
      assert.deepEqual(form.json, { success: true, updated: [60001] });
      const json = await call('POST', '/rest/v1.1/notifications/read', {
        token: DEMO,
        body: JSON.stringify({ counts: { '60002': 1 } }),
        contentType: 'application/json',
      });
      assert.deepEqual(json.json, { success: true, updated: [60002] });
    });
    it('a body starting with { that is not JSON is 400 invalid_input', async () => {
      const r = await call('POST', '/rest/v1.1/notifications/read', { token: DEMO, body: '{counts', contentType: 'application/json' });
      assert.equal(r.status, 400);
      assert.deepEqual(r.json, { error: 'invalid_input', message: 'The request body is not valid JSON.' });
    });
  });
});
