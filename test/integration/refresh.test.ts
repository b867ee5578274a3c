/** One round trip for every view, and polling that costs almost nothing when nothing changed. */
import * as assert from 'node:assert/strict';
import { ContentSiteError } from '../../src/api';
import { refreshTogether } from '../../src/models/batchRefresh';
import { SiteChanges } from '../../src/models/siteChanges';
import { FollowingModel } from '../../src/models/followingModel';
import { LoadCoordinator } from '../../src/models/loadCoordinator';
import { NotePoller } from '../../src/models/notePoller';
import { NotificationsModel } from '../../src/models/notificationsModel';
import { TrashModel } from '../../src/models/trashModel';
import { restRequests, siteOf, useClientAndService } from './setup';

const { svc, client } = useClientAndService();

function models(extra: Parameters<typeof client>[1] = {}) {
  const api = client('cs-demo-token', extra);
  const notes = new NotificationsModel({ client: () => api, pageSize: () => 20 });
  const following = new FollowingModel({ client: () => api, pageSize: () => 10 });
  const site = siteOf('demo.example.blog');
  const trash = new TrashModel({ client: () => api, pageSize: () => 20, site, changes: new SiteChanges() });
  return { api, notes, following, trash, site };
}

describe('Refreshing every view together', () => {
  it('loads the three views and the site info in one batch request', async () => {
    const { api, notes, following, trash, site } = models();
    await refreshTogether(api, [notes, following, trash]);
    assert.deepEqual(
      restRequests(svc()).map((r) => r.path.split('?')[0]),
      ['/rest/v1/batch/'],
    );
    assert.equal(notes.notes.length, 20);
    assert.equal(following.items.length, 10);
    assert.equal(trash.items.length, 17);
    assert.equal(site.info?.name, 'Demo Writing Desk');
  });

  it('a failing sub-request fails only its own view', async () => {
    const { api, notes, following, trash, site } = models();
    site.set('nowhere.example');
    await refreshTogether(api, [notes, following, trash]);
    assert.equal(notes.state.kind, 'loaded');
    assert.equal(following.state.kind, 'loaded');
    assert.equal(trash.state.kind, 'error');
    assert.equal(trash.state.kind === 'error' && trash.state.error.code, 'unknown_blog');
  });

  it('falls back to one request per view when the batch itself is refused (a reason of its own: 400, 404, 501, an unreadable answer)', async () => {
    for (const fault of ['status=400', 'status=404', 'status=501', 'malformed']) {
      svc().reset();
      const { api, notes, following } = models();
      svc().queueFault({ path: '/rest/v1/batch/', count: 5, fault });
      await refreshTogether(api, [notes, following]);
      assert.equal(notes.state.kind, 'loaded', fault);
      assert.equal(following.state.kind, 'loaded', fault);
      const paths = restRequests(svc()).map((r) => r.path.split('?')[0]);
      assert.deepEqual(
        paths,
        ['/rest/v1/batch/', '/rest/v1/notifications/', '/rest/v1/read/following/', '/rest/v1.1/read/following/mine'],
        `${fault}: each view's request, and Following's unseen count`,
      );
    }
  });
});

describe('Retry during an outage: one batch request, never one more per view', () => {
  /** What one click on Retry does: every failed view asks the coordinator in the same moment (retryFailedViews). */
  async function retryClick(extra: Parameters<typeof client>[1] = {}) {
    const { api, notes, following, trash } = models(extra);
    const coordinator = new LoadCoordinator(() => api);
    await Promise.all([notes, following, trash].map((model, i) => coordinator.request({ viewId: `view${i}`, model })));
    return [notes, following, trash];
  }
  const errors = (views: Awaited<ReturnType<typeof retryClick>>) =>
    views.map((v) => (v.state.kind === 'error' ? v.state.error : undefined));
  const sent = () => restRequests(svc()).map((r) => r.path.split('?')[0]);

  it('every connection reset: the batch and its retries (3 tries), no single request; every view says the service could not be reached', async () => {
    svc().queueFault({ path: '/rest/', count: 100, fault: 'reset' });
    const views = await retryClick();
    assert.deepEqual(sent(), ['/rest/v1/batch/', '/rest/v1/batch/', '/rest/v1/batch/']);
    for (const e of errors(views)) {
      assert.ok(e instanceof ContentSiteError);
      assert.equal(e.kind, 'network');
      assert.match(e.userMessage, /Could not reach the service/);
    }
  });

  it('the service unavailable (503, 502, 504, an error page): the batch and its retries, no single request', async () => {
    for (const fault of ['status=503', 'status=502', 'status=504', 'html=503']) {
      svc().reset();
      svc().queueFault({ path: '/rest/', count: 100, fault });
      const views = await retryClick();
      assert.deepEqual(sent(), ['/rest/v1/batch/', '/rest/v1/batch/', '/rest/v1/batch/'], fault);
      for (const e of errors(views)) assert.equal(e?.status, Number(fault.split('=')[1]), fault);
    }
  });

  it('an internal error (500) of the whole service: one batch request (500 is not retried), no single request', async () => {
    svc().queueFault({ path: '/rest/', count: 100, fault: 'status=500' });
    const views = await retryClick();
    assert.deepEqual(sent(), ['/rest/v1/batch/']);
    for (const e of errors(views)) assert.equal(e?.status, 500);
  });

  it('rate limited for longer than the client waits: one batch request, no single request; every view says to slow down', async () => {
    svc().queueFault({ path: '/rest/', count: 100, fault: 'ratelimit=120' });
    const views = await retryClick();
    assert.deepEqual(sent(), ['/rest/v1/batch/']);
    for (const e of errors(views)) assert.equal(e?.kind, 'rate_limited');
  });

  it('an answer that never comes in time: one batch request, no single request; every view says it took too long', async () => {
    svc().queueFault({ path: '/rest/', count: 100, fault: 'latency=1500' });
    const views = await retryClick({ timeouts: { headersMs: 100 } });
    // The service logs a request when it has answered it: long enough for the batch, and for any request sent after it.
    await new Promise((r) => setTimeout(r, 2000));
    assert.deepEqual(sent(), ['/rest/v1/batch/']);
    for (const e of errors(views)) assert.equal(e?.kind, 'timeout');
  });
});

describe('Polling notifications', () => {
  const timers = { set: () => 0, clear: () => undefined };

  it("an idle poll asks only for ids and hashes (as the service's web client does), and loads nothing more", async () => {
    const { api, notes } = models();
    await notes.refresh();
    const full = restRequests(svc()).at(-1)!.bytes;
    const poller = new NotePoller({ client: () => api, model: notes, intervalMs: () => 30_000, active: () => true, timers });
    assert.equal(await poller.pollOnce(), 'unchanged');
    const poll = restRequests(svc()).at(-1)!;
    assert.match(poll.path, /fields=id%2Cnote_hash(&|$)/);
    assert.ok(poll.bytes < full * 0.1, `poll ${poll.bytes} B vs full ${full} B`);
    assert.equal(restRequests(svc()).length, 2);
  });

  it('a change on the service (read elsewhere) loads the notes again', async () => {
    const { api, notes } = models();
    await notes.refresh();
    await client('cs-demo-token').notifications.markRead({ 60000: 9 });
    const poller = new NotePoller({ client: () => api, model: notes, intervalMs: () => 30_000, active: () => true, timers });
    assert.equal(await poller.pollOnce(), 'changed');
    assert.equal(notes.get(60000)!.unread, 0);
  });

  it('backs off after failures: min(30 s × (failures+1), 180 s); skips while inactive', async () => {
    const { api, notes } = models();
    await notes.refresh();
    let active = true;
    const poller = new NotePoller({ client: () => api, model: notes, intervalMs: () => 30_000, active: () => active, timers });
    assert.equal(poller.delayMs(), 30_000);
    svc().queueFault({ path: '/rest/v1/notifications/', count: 100, fault: 'status=500' });
    const delays = [];
    for (let i = 0; i < 6; i++) {
      assert.equal(await poller.pollOnce(), 'failed');
      delays.push(poller.delayMs());
    }
    assert.deepEqual(delays, [60_000, 90_000, 120_000, 150_000, 180_000, 180_000]);
    active = false;
    assert.equal(await poller.pollOnce(), 'skipped');
  });

  it('never runs two polls at once', async () => {
    const { api, notes } = models();
    await notes.refresh();
    svc().queueFault({ path: '/rest/v1/notifications/', count: 1, fault: 'latency=150' });
    const poller = new NotePoller({ client: () => api, model: notes, intervalMs: () => 30_000, active: () => true, timers });
    const [a, b] = await Promise.all([poller.pollOnce(), poller.pollOnce()]);
    assert.deepEqual([a, b].sort(), ['skipped', 'unchanged']);
  });
});

describe('Polling after marking read here', () => {
  it("after the user's own mark-read, fetches only that note once (its new hash), then is quiet", async () => {
    const { api, notes } = models();
    await notes.refresh();
    await notes.markRead([60000]);
    const before = restRequests(svc()).length;
    const poller = new NotePoller({
      client: () => api,
      model: notes,
      intervalMs: () => 30_000,
      active: () => true,
      timers: { set: () => 0, clear: () => undefined },
    });
    assert.equal(await poller.pollOnce(), 'changed');
    const sent = restRequests(svc()).slice(before);
    assert.equal(sent.length, 2, 'the poll, then the one note');
    assert.match(sent[1].path, /ids%5B%5D=60000|ids=60000/);
    assert.equal(notes.get(60000)!.unread, 0);
    assert.equal(await poller.pollOnce(), 'unchanged');
    assert.equal(restRequests(svc()).length, before + 3);
  });
});
