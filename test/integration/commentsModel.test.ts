/**
 * The Comments view's model against the reference service: moderating from the queues (a comment
 * leaves its status at once and joins its new one once the service answered), spam and trash with
 * Undo, restore, delete for good, a lost answer settled by asking the service, a note's approve
 * followed without a refresh, and a user who may not moderate.
 */
import * as assert from 'node:assert/strict';
import { noteActions } from '../../src/api';
import { CommentsModel } from '../../src/models/commentsModel';
import { watchNoteComments } from '../../src/models/noteCommentWatch';
import { NotificationsModel } from '../../src/models/notificationsModel';
import { SiteChanges } from '../../src/models/siteChanges';
import { siteOf, useClientAndService } from './setup';
import { manualTimers } from './manualTimers';

const { svc, client } = useClientAndService();

async function model(token = 'cs-demo-token', pageSize = 100) {
  const api = client(token);
  const changes = new SiteChanges();
  const clock = manualTimers();
  const m = new CommentsModel({
    client: () => api,
    site: siteOf('demo.example.blog'),
    pageSize: () => pageSize,
    changes,
    timers: clock.timers,
  });
  await m.refresh();
  return { m, changes, clock };
}

const onService = (id: number) => svc().world().comments.get(id);
const ids = (m: CommentsModel, g: 'unapproved' | 'approved' | 'spam' | 'trash') => m.queue(g).items.map((c) => c.ID);
const path = (id: number) => `/rest/v1.1/sites/demo.example.blog/comments/${id}`;
/** Until `ok` holds (checked every 5 ms, for up to 2 s). */
async function until(ok: () => boolean, what: string) {
  for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(ok(), what);
}

describe('The Comments model', () => {
  it('approving three pending comments: they leave Pending before the answers, join Approved after, and the service has them approved', async () => {
    const { m } = await model();
    const three = ids(m, 'unapproved').slice(0, 3);
    const pendingBefore = m.pendingCount!;
    const approvedBefore = m.count('approved')!;
    // Each answer is held back 300 ms before the service applies it.
    for (const id of three) svc().queueFault({ method: 'POST', path: path(id), count: 1, fault: 'latency=300' });
    const done = m.toggle(three, 'approve');
    await until(() => three.every((id) => !ids(m, 'unapproved').includes(id)), 'gone from Pending while the answers are held');
    assert.ok(
      three.every((id) => onService(id)!.status === 'unapproved'),
      'the service has not applied them yet',
    );
    assert.equal(m.pendingCount, pendingBefore - 3, 'the badge counts them out at once');
    const report = await done;
    assert.deepEqual(report.acted.sort(), [...three].sort());
    assert.ok(three.every((id) => onService(id)!.status === 'approved'));
    assert.ok(
      three.every((id) => ids(m, 'approved').includes(id)),
      'in Approved now',
    );
    assert.deepEqual([m.count('unapproved'), m.count('approved')], [pendingBefore - 3, approvedBefore + 3], 'and counted there');
    await m.refresh();
    assert.ok(
      three.every((id) => !ids(m, 'unapproved').includes(id) && ids(m, 'approved').includes(id)),
      'and a refresh agrees',
    );
  });

  it('trash with Undo inside the window: back in Pending where it was, and nothing sent', async () => {
    const { m } = await model();
    const [id] = ids(m, 'unapproved');
    const removal = m.remove([id], 'trash')!;
    assert.ok(!ids(m, 'unapproved').includes(id));
    assert.equal(removal.undo(), 'undone');
    assert.equal(ids(m, 'unapproved')[0], id);
    assert.equal(onService(id)!.status, 'unapproved');
    assert.ok(!svc().requests.some((r) => r.method === 'POST' && r.path.endsWith(`/comments/${id}/delete`)));
  });

  it('spam and trash are sent when the window ends: the comments are in Spam and Trash, as on the service', async () => {
    const { m, clock } = await model();
    const [a, b] = ids(m, 'unapproved');
    const spam = m.remove([a], 'spam')!;
    const trash = m.remove([b], 'trash')!;
    assert.equal(m.pending.length, 2);
    clock.endAll();
    const [r1, r2] = await Promise.all([spam.done, trash.done]);
    assert.deepEqual([r1.acted, r2.acted], [[a], [b]]);
    assert.equal(onService(a)!.status, 'spam');
    assert.equal(onService(b)!.status, 'trash');
    assert.ok(ids(m, 'spam').includes(a) && ids(m, 'trash').includes(b));
    const onSite = (st: string) => [...svc().world().comments.values()].filter((c) => c.siteId === 2001 && c.status === st).length;
    assert.deepEqual(
      [m.count('unapproved'), m.count('spam'), m.count('trash')],
      [onSite('unapproved'), onSite('spam'), onSite('trash')],
      'each group counts what the site has',
    );
  });

  it('restore from Trash puts the comment back in Pending; delete for good from Spam removes it from the site', async () => {
    const { m } = await model();
    const [trashed] = ids(m, 'trash');
    const [spam] = ids(m, 'spam');
    // In the spam or the trash a comment is restored or deleted for good; trashing a spam comment would delete it.
    assert.deepEqual([m.offering([spam], 'trash'), m.offering([trashed], 'spam'), m.remove([spam], 'trash')], [[], [], undefined]);
    assert.deepEqual([m.offering([spam], 'restore'), m.offering([spam], 'delete')], [[spam], [spam]]);
    const restored = await m.restore([trashed]);
    assert.deepEqual(restored.acted, [trashed]);
    assert.equal(onService(trashed)!.status, 'unapproved');
    assert.ok(ids(m, 'unapproved').includes(trashed) && !ids(m, 'trash').includes(trashed));
    const deleted = await m.deleteForGood([spam]);
    assert.deepEqual(deleted.acted, [spam]);
    assert.equal(onService(spam), undefined, 'gone from the site');
    assert.ok(!ids(m, 'spam').includes(spam));
    assert.deepEqual(m.offering([ids(m, 'approved')[0]], 'delete'), [], 'an approved comment cannot be deleted for good from here');
  });

  it('trash then restore: the comment leaves Trash, and Pending, Trash and the badge count what the site has (then and after an approve)', async () => {
    const { m, clock } = await model();
    const onSite = (st: string) => [...svc().world().comments.values()].filter((c) => c.siteId === 2001 && c.status === st).length;
    const counts = () => [m.count('unapproved'), m.pendingCount, m.count('trash')];
    const [id, other] = ids(m, 'unapproved');
    const trash = m.remove([id], 'trash')!;
    clock.endAll();
    await trash.done;
    const restored = await m.restore([id]);
    assert.deepEqual(restored.acted, [id]);
    assert.equal(onService(id)!.status, 'unapproved');
    assert.ok(ids(m, 'unapproved').includes(id), 'back in Pending');
    assert.ok(!ids(m, 'trash').includes(id), 'and no longer in Trash');
    assert.deepEqual(counts(), [onSite('unapproved'), onSite('unapproved'), onSite('trash')]);
    await m.toggle([other], 'approve');
    assert.deepEqual(counts(), [onSite('unapproved'), onSite('unapproved'), onSite('trash')], 'an approve after it counts right too');
    assert.equal(m.pendingCount, ids(m, 'unapproved').length, 'the badge counts the rows');
  });

  it('with pages of 3, each count is still what the site has: the rows loaded and the rest the service counted', async () => {
    const { m, clock } = await model('cs-demo-token', 3);
    const onSite = (st: string) => [...svc().world().comments.values()].filter((c) => c.siteId === 2001 && c.status === st).length;
    const groups = ['unapproved', 'approved', 'spam', 'trash'] as const;
    const agree = (what: string) =>
      assert.deepEqual(
        groups.map((g) => m.count(g)),
        groups.map(onSite),
        what,
      );
    assert.equal(ids(m, 'unapproved').length, 3);
    agree('as loaded');
    const [a, b] = ids(m, 'unapproved');
    await m.toggle([a], 'approve');
    agree('after an approve');
    const trash = m.remove([b], 'trash')!;
    clock.endAll();
    await trash.done;
    agree('after a trash');
    await m.restore([b]);
    agree('after its restore');
    await m.toggle([a], 'approve', false);
    agree('after an unapprove');
  });

  it('edit: the text to edit is the comment as written, and the new text is on the service and in its row', async () => {
    const { m } = await model();
    const [id] = ids(m, 'unapproved');
    const before = await m.rawContent(id);
    assert.ok(before.length > 0 && !before.includes('<p>'), before);
    await m.edit(id, 'Rewritten by the moderator');
    assert.equal(await m.rawContent(id), 'Rewritten by the moderator');
    assert.match(m.queue('unapproved').items.find((c) => c.ID === id)!.content, /Rewritten by the moderator/);
  });

  it('a delete for good whose answer is lost, and the service cannot be asked either: the comment stays in Trash, the outcome said unknown', async () => {
    const { m } = await model();
    const [id] = ids(m, 'trash');
    svc().queueFault({ method: 'POST', path: `${path(id)}/delete`, count: 1, fault: 'reset' });
    // Every try of the read that would settle it fails too.
    svc().queueFault({ method: 'GET', path: path(id), count: 5, fault: 'status=503' });
    const report = await m.deleteForGood([id]);
    assert.deepEqual(report.failed, [id]);
    assert.match(report.error!.userMessage, /unknown/i);
    assert.ok(onService(id), 'the service still has it');
    assert.ok(ids(m, 'trash').includes(id), 'and so does Trash: a failed read is not a deleted comment');
  });

  it('an approve applied and answered 500: the service is asked, the comment is approved, and it counts as done', async () => {
    const { m } = await model();
    const [id] = ids(m, 'unapproved');
    svc().queueFault({ method: 'POST', path: path(id), count: 1, fault: 'applied,status=500' });
    const report = await m.toggle([id], 'approve');
    assert.deepEqual(report.acted, [id]);
    assert.equal(report.error, undefined);
    assert.ok(ids(m, 'approved').includes(id));
  });

  it('a real 500 on approve: the comment is back in Pending and the report says why', async () => {
    const { m } = await model();
    const [id] = ids(m, 'unapproved');
    svc().queueFault({ method: 'POST', path: path(id), count: 1, fault: 'status=500' });
    const report = await m.toggle([id], 'approve');
    assert.deepEqual(report.failed, [id]);
    assert.ok(report.error);
    assert.ok(ids(m, 'unapproved').includes(id));
    assert.equal(onService(id)!.status, 'unapproved');
  });

  it('a comment approved from its note leaves Pending without a refresh (SiteChanges)', async () => {
    const { m, changes } = await model();
    const [id] = ids(m, 'unapproved');
    const before = svc().requests.length;
    changes.comment({ siteId: onService(id)!.siteId, id, status: 'approved' });
    assert.ok(!ids(m, 'unapproved').includes(id));
    assert.ok(ids(m, 'approved').includes(id));
    assert.equal(svc().requests.length, before, 'no request');
  });

  it('what the queue confirms is told once to the other views, and the queue does not follow its own news', async () => {
    const { m, changes } = await model();
    const told: string[] = [];
    changes.onComment((c) => told.push(`${c.id}:${c.status}`));
    const [id] = ids(m, 'unapproved');
    await m.toggle([id], 'approve');
    assert.deepEqual(told, [`${id}:approved`]);
    assert.equal(ids(m, 'approved').filter((x) => x === id).length, 1);
  });

  it('a user who may not moderate: the refusal with the service’s reason, Approved only, and no moderation offered', async () => {
    const { m } = await model('cs-con-token');
    assert.equal(m.refusal?.serviceMessage, 'User cannot read unapproved comments');
    assert.equal(m.state.kind, 'loaded');
    assert.ok(ids(m, 'approved').length > 0);
    assert.deepEqual(m.offering(ids(m, 'approved'), 'approve'), []);
    assert.deepEqual(m.offering(ids(m, 'approved'), 'trash'), []);
  });

  it('the conversation: the post, the comment it answers and its replies', async () => {
    const { m } = await model();
    const reply = [...svc().world().comments.values()].find(
      (c) => c.parent && svc().world().comments.get(c.parent)?.status === 'approved' && c.status === 'approved',
    )!;
    const v = await m.conversation(reply.parent!);
    assert.equal(v.comment.ID, reply.parent);
    assert.ok(v.replies.some((r) => r.ID === reply.ID));
    assert.ok(v.comment.post.title);
  });
});

describe('The Comments model follows what the notes say', () => {
  async function both() {
    const api = client();
    const changes = new SiteChanges();
    const notes = new NotificationsModel({ client: () => api, pageSize: () => 50 });
    const watch = watchNoteComments(notes.list, (c) => changes.comment(c));
    const m = new CommentsModel({ client: () => api, site: siteOf('demo.example.blog'), pageSize: () => 100, changes });
    await Promise.all([notes.refresh(), m.refresh()]);
    return { notes, m, watch, changes };
  }

  it('a comment approved elsewhere (on the web): the next poll of the notes moves it from Pending to Approved, without reading the comments again', async () => {
    const { notes, m, watch } = await both();
    assert.ok(ids(m, 'unapproved').includes(8800));
    await client('cs-demo-token').comments.setStatus('demo.example.blog', 8800, 'approved');
    const listed = () => svc().requests.filter((r) => r.method === 'GET' && r.path.endsWith('/comments/')).length;
    const before = listed();
    await notes.refresh();
    assert.ok(!ids(m, 'unapproved').includes(8800), 'gone from Pending');
    assert.ok(ids(m, 'approved').includes(8800), 'in Approved');
    assert.equal(listed(), before, 'the queues were not read again');
    watch.dispose();
  });

  it('a new comment whose note arrives: the queue of its status is read again and shows it', async () => {
    const { notes, m, watch } = await both();
    const made = await svc().push.comment({ by: 'ed', post: 100, content: 'A new comment for the queue' });
    await notes.refresh();
    const status = svc().world().comments.get(made.comment_id)!.status as 'approved' | 'unapproved';
    await until(() => ids(m, status).includes(made.comment_id), `comment ${made.comment_id} in ${status}`);
    watch.dispose();
  });

  it('a comment approved in the Comments view: the notes about it are read again and offer Unapprove', async () => {
    const { notes, m, watch, changes } = await both();
    const approveOf = () => noteActions(notes.get(60000)!).approve!.value;
    assert.equal(approveOf(), false);
    // As NotificationsFeature wires it: what another view told is read again.
    const sub = changes.onComment((c) => c.from && void notes.rereadAbout(c));
    await m.toggle([8800], 'approve');
    await until(() => approveOf() === true, 'note 60000 shows the comment approved');
    sub.dispose();
    watch.dispose();
  });

  it('notes seen in a load tell nothing: only a change or a new note does', async () => {
    const api = client();
    const changes = new SiteChanges();
    const told: number[] = [];
    changes.onComment((c) => told.push(c.id));
    const notes = new NotificationsModel({ client: () => api, pageSize: () => 50 });
    const watch = watchNoteComments(notes.list, (c) => changes.comment(c));
    await notes.refresh();
    await notes.refresh();
    assert.deepEqual(told, []);
    watch.dispose();
  });
});
