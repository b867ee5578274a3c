import * as assert from 'node:assert/strict';
import { normalizeNotification, splitBatch, stripHtml, unwrapEnvelope } from '../../../src/api';
import { splitRestoreResults } from '../../../src/api/postChanges';
import { decodeResponse } from '../../../src/api/decode';
import { ContentSiteError } from '../../../src/api/errors';
import { commentSchema } from '../../../src/api/schemas/comment';
import { rawNotificationSchema } from '../../../src/api/schemas/notification';
import { feedPostSchema } from '../../../src/api/schemas/post';
import { trashListSchema } from '../../../src/api/schemas/trash';
import { loadSchemas } from '../../../src/api/schemasLoad';

const ctx = { request: 'GET /test' };
const raw = (status: number, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) => ({
  status,
  headers,
  text: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('notification normalisation (real payload shapes)', () => {
  // The client loads its schemas before it reads an answer (Transport.send): so does this.
  before(() => loadSchemas());

  it('reads a block-shaped note with ranges, read instead of unread, and an ISO timestamp', () => {
    const parsed = rawNotificationSchema.parse({
      id: 6481,
      type: 'comment',
      read: 0,
      timestamp: '2026-11-20T10:00:00+00:00',
      subject: [
        {
          text: 'Ann replied to your post Hello',
          ranges: [
            { type: 'user', indices: [0, 3], id: 1003 },
            { type: 'post', indices: [25, 30], url: 'https://demo.example.blog/hello' },
          ],
        },
      ],
      body: [{ text: 'Thanks!', media: [{ type: 'image', indices: [0, 0], url: 'https://img.example/a.png' }] }],
    });
    const note = normalizeNotification(parsed);
    assert.equal(note.unread, 1, 'read: 0 means one unread update');
    assert.equal(note.timestamp, Date.parse('2026-11-20T10:00:00Z') / 1000);
    assert.equal(note.subjectText, 'Ann replied to your post Hello');
    assert.equal(note.url, 'https://demo.example.blog/hello');
  });

  it('reads the spec template shape and strips HTML from the subject for labels', () => {
    const note = normalizeNotification(
      rawNotificationSchema.parse({
        id: 7,
        unread: 3,
        timestamp: 1763630000,
        type: 'like',
        subject: { html: '<b>Ed</b> &amp; 2 others liked <a href="https://x.example/p">your post</a>' },
        body: { template: 'single-line-list', header_link: 'https://x.example/p', items: [{ header: 'Ed' }] },
      }),
    );
    assert.equal(note.subjectText, 'Ed & 2 others liked your post');
    assert.equal(note.unread, 3);
    assert.equal(note.url, 'https://x.example/p');
  });

  it('accepts read: true and numeric strings, and refuses a note without an id', () => {
    assert.equal(normalizeNotification(rawNotificationSchema.parse({ id: '12', read: true, timestamp: '1763630000' })).unread, 0);
    assert.equal(rawNotificationSchema.safeParse({ unread: 1 }).success, false);
  });

  it('strips tags, scripts and entities', () => {
    assert.equal(stripHtml('<script>alert(1)</script><p>A&lt;b&gt; &#39;c&#x27;</p>'), "A<b> 'c'");
  });
});

describe("a post's or a comment's link", () => {
  // The client loads its schemas before it reads an answer (Transport.send): so does this.
  before(() => loadSchemas());

  it('is kept as the URL parser writes it when it is http(s), dropped otherwise; the rest of the item is read', () => {
    const post = (URL: string) => feedPostSchema.parse({ ID: 5, title: 'T', URL, short_URL: URL });
    assert.equal(
      post('https://ok.example/a) ![p](https://tracker.example/p.png').URL,
      'https://ok.example/a)%20![p](https://tracker.example/p.png',
    );
    for (const bad of ['javascript:alert(1)', 'command:x', 'data:,x', '/relative', '']) {
      const p = post(bad);
      assert.deepEqual([p.URL, p.short_URL, p.title], [undefined, undefined, 'T'], bad);
    }
    const comment = commentSchema.parse({
      ID: 1,
      post: { ID: 2 },
      author: { ID: 3 },
      content: 'c',
      status: 'approved',
      parent: false,
      URL: 'javascript:x',
    });
    assert.equal(comment.URL, undefined);
  });
});

describe('trash listing', () => {
  // The client loads its schemas before it reads an answer (Transport.send): so does this.
  before(() => loadSchemas());

  it('keeps found and the opaque next_page handle', () => {
    const list = trashListSchema.parse({
      found: 42,
      posts: [{ ID: 5, title: 'T', status: 'trash', type: 'post' }],
      meta: { next_page: 'value=2026-11-01&id=5' },
    });
    assert.equal(list.found, 42);
    assert.equal(list.meta?.next_page, 'value=2026-11-01&id=5');
  });
});

describe('batch answers', () => {
  // The client loads its schemas before it reads an answer (Transport.send): so does this.
  before(() => loadSchemas());

  it('maps each url as given to its body or its typed error', () => {
    const urls = ['/sites/2001', '/sites/9999', '/read/tags'];
    const out = splitBatch(
      urls,
      {
        '/sites/2001': { ID: 2001, name: 'Demo' },
        '/sites/9999': { errors: { unknown_blog: ['Unknown blog'] }, error_data: { unknown_blog: 404 } },
      },
      ctx,
    );
    const ok = out.get('/sites/2001');
    assert.ok(ok?.ok);
    assert.deepEqual(ok.body, { ID: 2001, name: 'Demo' });
    const bad = out.get('/sites/9999');
    assert.ok(bad && !bad.ok);
    assert.equal(bad.error.code, 'unknown_blog');
    assert.equal(bad.error.serviceMessage, 'Unknown blog');
    assert.equal(bad.error.status, 404);
    const missing = out.get('/read/tags');
    assert.ok(missing && !missing.ok);
    assert.equal(missing.error.kind, 'bad_response');
  });
});

describe('restore-several answers', () => {
  // The client loads its schemas before it reads an answer (Transport.send): so does this.
  before(() => loadSchemas());

  it('splits per-post results into restored posts and errors', () => {
    const out = splitRestoreResults(
      [881, 882],
      {
        results: {
          881: { ID: 881, status: 'draft', title: 'Back' },
          882: { errors: { unauthorized: ['User cannot delete post'] }, error_data: { unauthorized: 403 } },
        },
      },
      { request: 'POST x', site: 'demo.example.blog' },
    );
    const a = out.get(881);
    assert.ok(a?.ok);
    assert.equal(a.post.status, 'draft');
    const b = out.get(882);
    assert.ok(b && !b.ok);
    assert.equal(b.error.serviceMessage, 'User cannot delete post');
    assert.match(b.error.userMessage, /demo\.example\.blog/);
  });
});

describe('envelope and error decoding', () => {
  // The client loads its schemas before it reads an answer (Transport.send): so does this.
  before(() => loadSchemas());

  it('unwraps http_envelope and lets the inner status decide', () => {
    const env = {
      code: 403,
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      body: { error: 'unauthorized', message: 'User cannot restore trashed posts' },
    };
    assert.equal(unwrapEnvelope(env)?.status, 403);
    assert.throws(
      () => decodeResponse(raw(200, env), { ...ctx, envelope: true, site: 'demo.example.blog' }),
      (e: unknown) =>
        e instanceof ContentSiteError &&
        e.kind === 'api' &&
        e.status === 403 &&
        e.code === 'unauthorized' &&
        e.userMessage ===
          "You can't restore posts on demo.example.blog: your role can't restore trashed posts. Ask an editor or administrator.",
    );
    assert.deepEqual(decodeResponse(raw(200, { code: 200, headers: [], body: { ok: 1 } }), { ...ctx, envelope: true }), { ok: 1 });
  });

  it('classifies 401, authorization_required, 429 with Retry-After, HTML pages and malformed JSON', () => {
    const kindOf = (r: ReturnType<typeof raw>) => {
      try {
        decodeResponse(r, ctx);
      } catch (e) {
        return e as ContentSiteError;
      }
      assert.fail('expected an error');
    };
    assert.equal(kindOf(raw(401, { error: 'invalid_token', message: 'The OAuth2 token is invalid.' })).kind, 'auth');
    assert.equal(
      kindOf(raw(403, { error: 'authorization_required', message: 'An active access token must be used to retrieve notifications.' })).kind,
      'auth',
    );
    const limited = kindOf(
      raw(429, { error: 'rate_limited', message: 'slow down' }, { 'content-type': 'application/json', 'retry-after': '7' }),
    );
    assert.equal(limited.kind, 'rate_limited');
    assert.equal(limited.retryAfter, 7);
    const html = kindOf(raw(502, '<html><body>Bad gateway</body></html>', { 'content-type': 'text/html' }));
    assert.equal(html.kind, 'api');
    assert.equal(html.status, 502);
    assert.match(html.userMessage, /error page/);
    assert.equal(kindOf(raw(200, '{"notes": [')).kind, 'bad_response');
    assert.equal(kindOf(raw(200, '<html></html>', { 'content-type': 'text/html' })).kind, 'bad_response');
  });
});
