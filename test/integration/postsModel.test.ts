/**
 * The Posts view's model against the reference service: the site's posts by status, a draft
 * published (as the service answers: a contributor's is pending), a post trashed, a refusal undone,
 * and a lost answer settled by asking the service.
 */
import * as assert from 'node:assert/strict';
import { PostsModel } from '../../src/models/postsModel';
import { SiteChanges } from '../../src/models/siteChanges';
import { siteOf, useClientAndService } from './setup';

const { svc, client } = useClientAndService();

function model(token = 'cs-demo-token') {
  const api = client(token);
  return new PostsModel({ client: () => api, pageSize: () => 100, site: siteOf('demo.example.blog'), changes: new SiteChanges() });
}

describe('The posts model', () => {
  it('lists every status but the trash, by group, newest first', async () => {
    const m = model();
    await m.refresh();
    assert.deepEqual(
      m.group('draft').map((p) => p.title),
      ['A draft post'],
    );
    assert.equal(m.group('future').length, 1);
    assert.equal(m.group('publish').length, 12);
    assert.ok(m.items.every((p) => p.status !== 'trash'));
  });

  it("lists the site's pages apart, and says the site's counts of each group, not the loaded page's", async () => {
    const api = client('cs-demo-token');
    const m = new PostsModel({ client: () => api, pageSize: () => 5, site: siteOf('demo.example.blog'), changes: new SiteChanges() });
    await m.refresh();
    const world = svc().world();
    const site = [...world.sites.values()].find((s) => s.domain === 'demo.example.blog')!;
    const onSite = (type: string, status: string) =>
      [...world.posts.values()].filter((p) => p.siteId === site.ID && p.type === type && p.status === status).length;
    assert.equal(m.count('post', 'publish'), onSite('post', 'publish'));
    assert.equal(m.count('post', 'draft'), onSite('post', 'draft'));
    assert.equal(
      m.count('page'),
      ['publish', 'draft', 'pending', 'private', 'future'].reduce((n, s) => n + onSite('page', s), 0),
    );
    assert.ok(m.items.length <= 5, 'one page of five');
    while (m.hasMore) await m.loadMore();
    assert.deepEqual(
      m
        .pages()
        .map((p) => p.ID)
        .sort(),
      [...world.posts.values()]
        .filter((p) => p.siteId === site.ID && p.type === 'page' && p.status !== 'trash')
        .map((p) => p.ID)
        .sort(),
    );
    assert.ok(m.group('publish').every((p) => p.type !== 'page'));

    const draft = m.group('draft')[0];
    const drafts = m.count('post', 'draft')!;
    const counted = new Promise<void>((r) => m.onDidChangeCounts(() => r()));
    await m.publish(draft.ID);
    await counted;
    assert.equal(m.count('post', 'draft'), drafts - 1, 'counted again after a publish');
  });

  it("publishes a draft: the row is what the service answered; a contributor's own draft goes to pending", async () => {
    const m = model();
    await m.refresh();
    const draft = m.group('draft')[0];
    const out = await m.publish(draft.ID);
    assert.equal(out.kind, 'done');
    assert.equal(m.post(draft.ID)!.status, 'publish');
    assert.equal(svc().world().posts.get(draft.ID)!.status, 'publish');

    const con = svc().world().posts.get(draft.ID)!;
    Object.assign(con, { status: 'draft', authorId: 1005 });
    const asContributor = model('cs-con-token');
    await asContributor.refresh();
    assert.equal((await asContributor.publish(draft.ID)).kind, 'done');
    assert.equal(asContributor.post(draft.ID)!.status, 'pending', 'as the service answered, not as asked');
  });

  it('trashes a post; a refusal brings the row back with the reason; a lost answer is settled by asking', async () => {
    const m = model();
    await m.refresh();
    const [a, b] = m.group('publish');
    assert.equal((await m.trash(a.ID)).kind, 'done');
    assert.equal(m.post(a.ID), undefined);
    assert.equal(svc().world().posts.get(a.ID)!.status, 'trash');

    const c = model('cs-con-token');
    await c.refresh();
    const refused = await c.trash(b.ID);
    assert.equal(refused.kind, 'failed');
    assert.ok(c.post(b.ID), 'back in the list');

    svc().queueFault({ method: 'POST', path: `/rest/v1.1/sites/demo.example.blog/posts/${b.ID}/delete`, fault: 'applied,status=500' });
    const lost = await m.trash(b.ID);
    assert.equal(lost.kind, 'unknown');
    assert.equal(m.post(b.ID), undefined, 'the service, asked, has it in the trash: not listed');
  });
});
