/**
 * The site's comments by status against the reference service: each queue lists only its status,
 * newest first, pages by offset to the end, says how many the site has; a user who may not
 * moderate is refused the moderation statuses with the service's reason.
 */
import * as assert from 'node:assert/strict';
import { CommentQueue, type CommentGroup } from '../../src/models/commentQueue';
import { siteOf, useClientAndService } from './setup';

const { svc, client } = useClientAndService();

function queue(status: CommentGroup, token = 'cs-demo-token', pageSize = 100) {
  const api = client(token);
  return new CommentQueue(status, { client: () => api, pageSize: () => pageSize, site: siteOf('demo.example.blog') });
}

describe("The site's comment queues", () => {
  it('each lists only its status, newest first, with how many the site has', async () => {
    const site = [...svc().world().sites.values()].find((s) => s.domain === 'demo.example.blog')!;
    const onSite = (status: string) => [...svc().world().comments.values()].filter((c) => c.siteId === site.ID && c.status === status);
    for (const status of ['unapproved', 'approved', 'spam', 'trash'] as const) {
      const q = queue(status);
      await q.refresh();
      assert.equal(q.state.kind, 'loaded', status);
      assert.ok(q.items.length > 0, status);
      assert.ok(
        q.items.every((c) => c.status === status),
        status,
      );
      assert.equal(q.found, onSite(status).length, status);
      assert.equal(q.items.length, onSite(status).length, status);
      const dates = q.items.map((c) => Date.parse(c.date!));
      assert.deepEqual(
        dates,
        [...dates].sort((a, b) => b - a),
        `${status}: newest first`,
      );
    }
  });

  it('pages by offset to the end: every pending comment once, then no more', async () => {
    const all = queue('unapproved');
    await all.refresh();
    const q = queue('unapproved', 'cs-demo-token', 3);
    await q.refresh();
    assert.equal(q.items.length, 3);
    while (q.hasMore) await q.loadMore();
    assert.deepEqual(
      q.items.map((c) => c.ID),
      all.items.map((c) => c.ID),
    );
  });

  it('a contributor is refused the pending queue with the service’s reason, and may read the approved one', async () => {
    const pending = queue('unapproved', 'cs-con-token');
    await pending.refresh();
    assert.equal(pending.state.kind, 'error');
    if (pending.state.kind === 'error') {
      assert.equal(pending.state.error.status, 403);
      assert.equal(pending.state.error.serviceMessage, 'User cannot read unapproved comments');
    }
    const approved = queue('approved', 'cs-con-token');
    await approved.refresh();
    assert.equal(approved.state.kind, 'loaded');
  });
});
