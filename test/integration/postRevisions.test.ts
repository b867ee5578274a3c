/**
 * A post's revisions through the client (`posts.revisions`, src/api/postRevisions.ts) against the
 * reference service: every save that changed the text, by whoever saved it, newest last, with each
 * one's words added and deleted; refusals and bad input as the other methods give them.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteClient, ContentSiteError } from '../../src/api';
import { startService, USERS, type RunningService } from '../service';

const SITE = '2001';

describe('A post’s revisions (posts.revisions)', function () {
  this.timeout(30_000);
  let svc: RunningService;
  const clients: ContentSiteClient[] = [];
  before(async () => {
    svc = await startService();
  });
  beforeEach(() => svc.reset());
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await svc.close();
  });
  const client = (token = 'cs-demo-token') => {
    const c = new ContentSiteClient({ baseUrl: svc.restUrl, token, retry: { maxTries: 1 } });
    clients.push(c);
    return c;
  };
  const diffRequests = () => svc.requests.filter((r) => r.path.includes('/diffs/'));

  it('lists each save that changed the text, by whoever saved it, newest last, with the words each added and deleted', async () => {
    const demo = client();
    const made = await demo.posts.create(SITE, { title: 'Tide tables', content: '<p>Low water at noon.</p>', status: 'draft' });
    await client('cs-ed-token').posts.update(SITE, made.ID, { content: '<p>Low water at six.</p>' });
    const last = await demo.posts.update(SITE, made.ID, { title: 'Tide tables, corrected' });

    const { revisions, diffs } = await demo.posts.revisions(SITE, made.ID);
    assert.deepEqual(
      revisions.map((r) => [r.title, r.content, r.author]),
      [
        ['Tide tables', '<p>Low water at noon.</p>', USERS.demo],
        ['Tide tables', '<p>Low water at six.</p>', USERS.ed],
        ['Tide tables, corrected', '<p>Low water at six.</p>', USERS.demo],
      ],
    );
    for (const r of revisions) {
      assert.match(r.modified, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/, 'an ISO date');
      assert.match(r.date, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/, 'an ISO date');
    }
    assert.equal(Date.parse(revisions[2].modified), Date.parse(last.modified!), 'the newest is the post as it stands');
    const ids = revisions.map((r) => r.id);
    assert.deepEqual(diffs, [
      { from: 0, to: ids[0], add: 6, del: 0 },
      { from: ids[0], to: ids[1], add: 1, del: 1 },
      { from: ids[1], to: ids[2], add: 2, del: 1 },
    ]);
  });

  it('a seeded post has its first draft and the post as it stands', async () => {
    const { revisions } = await client().posts.revisions(SITE, 100);
    const post = svc.world().posts.get(100)!;
    assert.equal(revisions.length, 2);
    assert.equal(revisions[1].content, post.content);
    assert.equal(revisions[1].title, post.title);
  });

  it('a user who may not edit the post is refused (403), an unknown post is 404, a bad token is auth', async () => {
    await assert.rejects(client('cs-ann-token').posts.revisions(SITE, 100), (e: ContentSiteError) => {
      assert.equal(e.kind, 'api');
      assert.equal(e.status, 403);
      assert.equal(e.serviceMessage, 'User cannot view revisions of this post');
      return true;
    });
    await assert.rejects(client().posts.revisions(SITE, 99999), (e: ContentSiteError) => e.kind === 'api' && e.status === 404);
    await assert.rejects(client('not-a-token').posts.revisions(SITE, 100), (e: ContentSiteError) => e.kind === 'auth');
  });

  it('refuses a bad site or post ID before sending anything', async () => {
    svc.requests.length = 0;
    for (const [site, id] of [
      ['not a site!', 100],
      [SITE, 0],
      [SITE, 1.5],
    ] as const) {
      await assert.rejects(client().posts.revisions(site, id), (e: ContentSiteError) => {
        assert.equal(e.kind, 'invalid_input');
        assert.match(e.userMessage, site === SITE ? /post ID must be a positive whole number/ : /The site must be/);
        return true;
      });
    }
    assert.equal(diffRequests().length, 0);
  });
});
