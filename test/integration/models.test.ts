/** The tree models (plain TypeScript) driving the real client against the reference service. */
import * as assert from 'node:assert/strict';
import { refreshTogether } from '../../src/models/batchRefresh';
import { SiteChanges } from '../../src/models/siteChanges';
import { FollowingModel } from '../../src/models/followingModel';
import { describeInsight, InsightsModel } from '../../src/models/insightsModel';
import { SiteModel } from '../../src/models/siteModel';
import { cachedItem } from '../../src/models/firstPageCache';
import { NotificationsModel } from '../../src/models/notificationsModel';
import { ReaderModel } from '../../src/models/readerModel';
import { TrashModel } from '../../src/models/trashModel';
import { SPECIAL_POSTS } from '../service';
import { restRequests, siteOf, useClientAndService } from './setup';

const { svc, client } = useClientAndService();
const demoNotes = () =>
  svc()
    .world()
    .notes.filter((n) => n.userId === 1001);

describe('NotificationsModel', () => {
  it('pages with an inclusive before and never shows a note twice', async () => {
    const api = client();
    const model = new NotificationsModel({ client: () => api, pageSize: () => 15 });
    await model.refresh();
    while (model.hasMore) await model.loadMore();
    const ids = model.notes.map((n) => n.id);
    assert.equal(ids.length, 40);
    assert.equal(new Set(ids).size, 40);
    assert.ok(restRequests(svc()).filter((r) => r.path.includes('before=')).length >= 2);
  });

  it('marks read at once and keeps it when the service agrees; unread count follows', async () => {
    const api = client();
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    await model.refresh();
    assert.equal(model.unreadCount, 8);
    await model.markRead([60000, 60001, 60005]);
    assert.equal(model.unreadCount, 5);
    assert.deepEqual(
      [60000, 60001, 60005].map((id) => demoNotes().find((n) => n.id === id)!.unread),
      [0, 0, 0],
      'the block-shaped note (no count) is zeroed too',
    );
    assert.equal(restRequests(svc()).filter((r) => r.method === 'POST').length, 1);
  });

  it('a 500 that was not applied: asks the service, shows the note unread as it has it, and reports the error', async () => {
    const api = client();
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    await model.refresh();
    svc().queueFault({ method: 'POST', path: '/rest/v1.1/notifications/read', count: 1, fault: 'status=500' });
    await assert.rejects(model.markRead([60000]), (e: { status?: number }) => e.status === 500);
    assert.equal(model.get(60000)!.unread, 1);
    assert.equal(demoNotes().find((n) => n.id === 60000)!.unread, 1);
  });

  it('marks unread with a count of -1, and mark all read zeroes every unread note on the service', async () => {
    const api = client();
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    await model.refresh();
    await model.markUnread([60010]);
    assert.equal(demoNotes().find((n) => n.id === 60010)!.unread, 1);
    assert.equal(model.unreadCount, 9);
    const report = await model.markAllRead();
    assert.deepEqual(report, { marked: 9, stillUnread: 0, notMarked: 0, unconfirmed: 0 });
    assert.equal(demoNotes().filter((n) => n.unread > 0).length, 0);
  });

  it('shows an error state, not a half list, when the first page fails', async () => {
    const api = client(undefined, { retry: { maxTries: 1 } });
    const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
    svc().queueFault({ path: '/rest/v1/notifications/', count: 1, fault: 'malformed' });
    await model.refresh();
    assert.equal(model.state.kind, 'error');
    assert.equal(model.notes.length, 0);
  });
});

describe('FollowingModel and TrashModel', () => {
  it('following pages with page and toggles the order', async () => {
    const api = client();
    const model = new FollowingModel({ client: () => api, pageSize: () => 10 });
    await model.refresh();
    await model.loadMore();
    assert.equal(model.items.length, 20);
    await model.toggleOrder();
    assert.match(model.items[0].title ?? '', /#60$/);
  });

  it('trash restores one through restore, several through one restore-several request, and keeps refusals listed', async () => {
    const api = client();
    const model = new TrashModel({ client: () => api, pageSize: () => 50, site: siteOf('demo.example.blog'), changes: new SiteChanges() });
    await model.refresh();
    const count = model.items.length;
    assert.equal(count, 17);
    const one = await model.restore([200]);
    assert.deepEqual(
      one.restored.map((p) => p.ID),
      [200],
    );
    svc().requests.length = 0;
    const many = await model.restore([201, 202, SPECIAL_POSTS.contributorPublished]);
    assert.deepEqual(many.restored.map((p) => p.ID).sort(), [201, 202]);
    assert.deepEqual(
      many.failed.map((f) => f.error.serviceMessage),
      ['Assigned author cannot publish post.'],
    );
    assert.equal(restRequests(svc()).length, 1);
    assert.equal(model.items.length, count - 3);
    assert.ok(model.items.some((p) => p.ID === SPECIAL_POSTS.contributorPublished));
  });
});

describe('Asking only for what is shown', () => {
  it('the trash asks for the fields its rows, picker and messages read; a restore answer is trimmed the same way', async () => {
    const api = client();
    const model = new TrashModel({ client: () => api, pageSize: () => 20, site: siteOf('demo.example.blog'), changes: new SiteChanges() });
    await model.refresh();
    const [batch] = restRequests(svc());
    assert.match(decodeURIComponent(decodeURIComponent(batch.path)), /status=trash.*fields=ID,title,type,status,modified,author,URL/);
    const first = model.items[0];
    assert.ok(first.title && first.type && first.modified && first.author?.name, 'what a row shows is there');
    assert.ok(batch.bytes < 10_000, `${batch.bytes} B for 20 posts and the site`);
    const report = await model.restore([200]);
    const answer = restRequests(svc()).at(-1)!;
    assert.equal(report.restored[0].status, svc().world().posts.get(200)!.status);
    assert.ok(report.restored[0].title && report.restored[0].URL);
    assert.ok(answer.bytes < 400, `${answer.bytes} B for the restored post`);
  });
});

describe('A refresh refused before sending', () => {
  it("a page size out of range shows as the list's error, alone or in a batch, and sends nothing", async () => {
    const api = client();
    const model = new NotificationsModel({ client: () => api, pageSize: () => 500 });
    await model.refresh();
    assert.equal(model.state.kind, 'error');
    assert.equal(model.state.kind === 'error' && model.state.error.kind, 'invalid_input');
    const following = new FollowingModel({ client: () => api, pageSize: () => 10 });
    await refreshTogether(api, [model, following]);
    assert.equal(model.state.kind, 'error');
    assert.equal(following.state.kind, 'loaded');
    assert.equal(restRequests(svc()).length, 1, 'only the following page');
  });
});

describe('First pages kept and read back (cachedItem)', () => {
  it("every note, followed post, trashed post, featured post and tag of the service's first pages comes back as it was", async () => {
    const api = client();
    const notes = new NotificationsModel({ client: () => api, pageSize: () => 50 });
    const following = new FollowingModel({ client: () => api, pageSize: () => 20 });
    const trash = new TrashModel({ client: () => api, pageSize: () => 50, site: siteOf('demo.example.blog'), changes: new SiteChanges() });
    const reader = new ReaderModel({ client: () => api, pageSize: () => 20 });
    await Promise.all([notes.refresh(), following.refresh(), trash.refresh(), reader.refresh()]);
    const lists: Array<[string, readonly unknown[], (v: unknown) => unknown]> = [
      ['notes', notes.list.serviceItems(), cachedItem.note],
      ['following', following.list.serviceItems(), cachedItem.feedPost],
      ['trash', trash.list.serviceItems(), cachedItem.trashedPost],
      ['featured', reader.featured.list.serviceItems(), cachedItem.featuredPost],
      ['tags', reader.tags.list.serviceItems(), cachedItem.tag],
    ];
    for (const [name, items, read] of lists) {
      assert.ok(items.length > 0, name);
      const asJson = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown[];
      assert.deepEqual(asJson(asJson(items).map(read)), asJson(items), name);
    }
  });
});

describe('SiteModel (what Select Site and Show Site Info ask)', () => {
  it("reads a site's info fresh, and the user's primary site as its domain", async () => {
    const api = client();
    const sites = new SiteModel(() => api);
    assert.equal((await sites.info('demo.example.blog')).name, 'Demo Writing Desk');
    assert.equal(await sites.primarySite(), 'demo.example.blog');
    assert.deepEqual(
      restRequests(svc()).map((r) => r.path.replace(/\?.*$/, '')),
      ['/rest/v1/sites/demo.example.blog', '/rest/v1.1/me'],
    );
  });

  it("a site the service does not know is the client's 404", async () => {
    const api = client();
    await assert.rejects(new SiteModel(() => api).info('9999'), (e: { status?: number }) => e.status === 404);
  });
});

describe('InsightsModel (what Show Insights and its panel ask)', () => {
  it('names each report the list offers, and reads one for a unit', async () => {
    const api = client();
    const insights = new InsightsModel(() => api);
    const { name, reports } = await insights.reports();
    assert.equal(name, 'Demo Writer’s insights');
    assert.deepEqual(reports, [
      { slug: 'rest-api-calls', title: 'REST API calls' },
      { slug: 'rest-api-writes', title: 'REST API writes' },
      { slug: 'clients/desktop', title: 'Desktop client calls' },
    ]);
    const report = await insights.report('clients/desktop', { unit: 'weekly' });
    assert.ok(report.points! > 0);
    assert.equal(restRequests(svc()).at(-1)!.path, '/rest/v1/insights/clients%2Fdesktop?unit=weekly');
  });

  it('an item that names itself by slug, id or name is offered; one that does not is left out', () => {
    assert.deepEqual(describeInsight('plain'), { slug: 'plain', title: 'plain' });
    assert.deepEqual(describeInsight({ id: 'x', label: 'X' }), { slug: 'x', title: 'X' });
    assert.deepEqual(describeInsight({ name: 'n' }), { slug: 'n', title: 'n' });
    assert.equal(describeInsight({ title: 'no slug' }), undefined);
    assert.equal(describeInsight(42), undefined);
  });
});
