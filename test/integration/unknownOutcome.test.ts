/**
 * A write answered 5xx: the service may have applied it (a 5xx does not say it did not). The
 * reference service's `applied` fault applies the request and then answers 500 (or a 502 HTML
 * page); the models must ask the service and show what it has (read, restored, approved, replied),
 * and say only what is true. A real 500 (nothing applied) still ends as the service has it.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteError, noteActions } from '../../src/api';
import { NoteActionsModel } from '../../src/models/noteActionsModel';
import { SiteChanges } from '../../src/models/siteChanges';
import { NotificationsModel } from '../../src/models/notificationsModel';
import { TrashModel } from '../../src/models/trashModel';
import { siteOf, useClientAndService } from './setup';

const { svc, client } = useClientAndService();

/** Note 60000: template comment note, comment 8800 pending. Note 60005: block note, comment 8850 approved. */
const PENDING_NOTE = 60000;
const PENDING = 8800;
const APPROVED_NOTE = 60005;
const APPROVED = 8850;

const onService = (id: number) =>
  svc()
    .world()
    .notes.find((n) => n.id === id)!;
const queued: string[] = [];
const fault = (path: string, f: string) => {
  queued.push(f);
  svc().queueFault({ method: 'POST', path, count: 1, fault: f });
};
// Each test's fault was met: the test tests what it says.
afterEach(function () {
  const missed = queued.filter((f) => !svc().requests.some((r) => r.method === 'POST' && r.fault === f));
  queued.length = 0;
  if (this.currentTest?.state === 'passed') assert.deepEqual(missed, [], 'every queued fault answered a POST');
});

async function notesModel() {
  const api = client();
  const notes = new NotificationsModel({ client: () => api, pageSize: () => 50 });
  await notes.refresh();
  return { api, notes };
}

describe('A write answered 5xx is an unknown outcome: the service is asked, not guessed at', () => {
  describe('mark read', () => {
    for (const f of ['applied,status=500', 'applied,html=502', 'applied,status=503']) {
      it(`applied, then answered ${f.split(',')[1]}: the notes stay read, as the service has them, and no failure is reported`, async () => {
        const { notes } = await notesModel();
        assert.deepEqual([onService(60000).unread, onService(60001).unread], [1, 2]);
        fault('/rest/v1.1/notifications/read', f);
        await notes.markRead([60000, 60001]);
        assert.deepEqual([onService(60000).unread, onService(60001).unread], [0, 0], 'the service applied it');
        assert.deepEqual([notes.get(60000)!.unread, notes.get(60001)!.unread], [0, 0], 'and the list shows them read');
        await notes.refresh();
        assert.deepEqual([notes.get(60000)!.unread, notes.get(60001)!.unread], [0, 0]);
      });
    }

    it('a real 500 (nothing applied): the notes show unread again, as the service has them, and the user is told so', async () => {
      const { notes } = await notesModel();
      fault('/rest/v1.1/notifications/read', 'status=500');
      await assert.rejects(
        notes.markRead([60000]),
        (e: ContentSiteError) =>
          e.status === 500 && /could not be marked read/.test(e.userMessage) && /still shows it as before/.test(e.userMessage),
      );
      assert.equal(onService(60000).unread, 1);
      assert.equal(notes.get(60000)!.unread, 1);
    });

    it('mark all read, applied then answered 500: counted as marked (the service has them read), not "could not be marked"', async () => {
      const { notes } = await notesModel();
      const unread = notes.unreadCount;
      assert.ok(unread > 1);
      fault('/rest/v1.1/notifications/read', 'applied,status=500');
      const report = await notes.markAllRead();
      assert.deepEqual([report.marked, report.notMarked, report.unconfirmed], [unread, 0, 0]);
      assert.equal(notes.unreadCount, 0, 'the list shows them read');
      assert.equal(
        svc()
          .world()
          .notes.filter((n) => n.userId === 1001 && n.unread > 0).length,
        0,
      );
    });

    it('mark all read answered a real 500: not marked, and the list shows them unread as the service has them', async () => {
      const { notes } = await notesModel();
      const unread = notes.unreadCount;
      fault('/rest/v1.1/notifications/read', 'status=500');
      const report = await notes.markAllRead();
      assert.deepEqual([report.marked, report.notMarked, report.unconfirmed], [0, unread, 0]);
      assert.equal(report.error?.status, 500);
      assert.equal(notes.unreadCount, unread);
    });

    it('mark all read refused (403): not marked, not "unknown" (a refusal applies nothing)', async () => {
      const { notes } = await notesModel();
      const unread = notes.unreadCount;
      fault('/rest/v1.1/notifications/read', 'status=403');
      const report = await notes.markAllRead();
      assert.deepEqual([report.marked, report.notMarked, report.unconfirmed], [0, unread, 0]);
      assert.equal(notes.unreadCount, unread);
    });

    it('mark all read, applied then answered 500, and the service cannot be asked either: "unknown", not "could not be marked"', async () => {
      const { notes } = await notesModel();
      const unread = notes.unreadCount;
      fault('/rest/v1.1/notifications/read', 'applied,status=500');
      svc().queueFault({ method: 'GET', path: '/rest/v1/notifications/?ids', count: 3, fault: 'status=500' });
      const report = await notes.markAllRead();
      assert.deepEqual([report.marked, report.notMarked, report.unconfirmed], [0, 0, unread]);
      await notes.refresh();
      assert.equal(notes.unreadCount, 0, 'a refresh shows what the service has: read');
    });
  });

  describe('restore from the trash', () => {
    it('applied, then answered 500: reported restored (not "already gone", not failed), and it stays out of the trash', async () => {
      const api = client();
      const trash = new TrashModel({
        client: () => api,
        pageSize: () => 50,
        site: siteOf('demo.example.blog'),
        changes: new SiteChanges(),
      });
      await trash.refresh();
      assert.ok(trash.post(200));
      fault('/rest/v1.1/sites/demo.example.blog/posts/200/restore', 'applied,status=500');
      const report = await trash.restore([200]);
      assert.deepEqual([report.restored.map((p) => p.ID), report.alreadyGone, report.failed, report.unconfirmed], [[200], [], [], []]);
      assert.equal(trash.post(200), undefined);
      await trash.refresh();
      assert.equal(trash.post(200), undefined, 'the post stays restored');
      assert.notEqual(svc().world().posts.get(200)!.status, 'trash');
    });

    it('a real 500: failed with the reason, and the post is back in the list, as the service has it', async () => {
      const api = client();
      const trash = new TrashModel({
        client: () => api,
        pageSize: () => 50,
        site: siteOf('demo.example.blog'),
        changes: new SiteChanges(),
      });
      await trash.refresh();
      fault('/rest/v1.1/sites/demo.example.blog/posts/200/restore', 'status=500');
      const report = await trash.restore([200]);
      assert.deepEqual([report.restored, report.alreadyGone, report.failed.map((f) => f.id), report.unconfirmed], [[], [], [200], []]);
      assert.ok(trash.post(200));
      assert.equal(svc().world().posts.get(200)!.status, 'trash');
    });
  });

  describe('note actions', () => {
    async function actionsModel() {
      const { api, notes } = await notesModel();
      const actions = new NoteActionsModel({ notes, client: () => api });
      return { notes, actions };
    }

    it('approve applied, then answered 500: confirmed, and the note stays approved as the service has it', async () => {
      const { notes, actions } = await actionsModel();
      fault(`/rest/v1.1/sites/2001/comments/${PENDING}`, 'applied,status=500');
      const report = await actions.toggle([PENDING_NOTE], 'approve');
      assert.deepEqual([report.acted, report.failed, report.error], [[PENDING_NOTE], [], undefined]);
      assert.equal(svc().world().comments.get(PENDING)!.status, 'approved');
      assert.equal(noteActions(notes.get(PENDING_NOTE)!).approve?.value, true);
      await notes.refresh();
      assert.equal(noteActions(notes.get(PENDING_NOTE)!).approve?.value, true);
    });

    it('approve answered a real 500: the note shows unapproved, as the service has it, and the user is told it was not applied', async () => {
      const { notes, actions } = await actionsModel();
      fault(`/rest/v1.1/sites/2001/comments/${PENDING}`, 'status=500');
      const report = await actions.toggle([PENDING_NOTE], 'approve');
      assert.deepEqual([report.acted, report.failed], [[], [PENDING_NOTE]]);
      assert.match(report.error!.userMessage, /still shows the notification as before/);
      assert.equal(svc().world().comments.get(PENDING)!.status, 'unapproved');
      assert.equal(noteActions(notes.get(PENDING_NOTE)!).approve?.value, false);
    });

    it('approve applied, then answered 500, and the service cannot be asked: the user is told the outcome is unknown', async () => {
      const { actions } = await actionsModel();
      fault(`/rest/v1.1/sites/2001/comments/${PENDING}`, 'applied,status=500');
      svc().queueFault({ method: 'GET', path: '/rest/v1/notifications/?ids', count: 3, fault: 'status=500' });
      const report = await actions.toggle([PENDING_NOTE], 'approve');
      assert.deepEqual([report.acted, report.failed], [[], [PENDING_NOTE]]);
      assert.match(report.error!.userMessage, /^Whether the change was made is unknown: the service answered with an error \(HTTP 500\)/);
      assert.doesNotMatch(report.error!.userMessage, /still shows/);
    });

    it('trash applied, then answered 500 when the undo window ends: confirmed, the note stays hidden', async () => {
      const { notes, actions } = await actionsModel();
      fault(`/rest/v1.1/sites/2001/comments/${APPROVED}/delete`, 'applied,status=500');
      const removal = actions.remove([APPROVED_NOTE], 'trash')!;
      removal.sendNow();
      const report = await removal.done;
      assert.deepEqual([report.acted, report.failed, report.error], [[APPROVED_NOTE], [], undefined]);
      assert.equal(svc().world().comments.get(APPROVED)!.status, 'trash');
      assert.equal(notes.get(APPROVED_NOTE), undefined);
    });

    it('a reply applied, then answered 500: never "not posted"; the outcome is unknown, the note is asked and shows the reply', async () => {
      const { notes, actions } = await actionsModel();
      const path = `/rest/v1.1/sites/2001/comments/${APPROVED}/replies/new`;
      fault(path, 'applied,status=500');
      svc().requests.length = 0;
      await assert.rejects(actions.reply(APPROVED_NOTE, 'Thank you, Maya!'), (e: ContentSiteError) => {
        assert.match(e.userMessage, /^Whether your reply was posted is unknown/);
        assert.match(e.userMessage, /The note now shows that you replied/);
        assert.doesNotMatch(e.userMessage, /did not answer|not posted|not sent/);
        return true;
      });
      assert.ok([...svc().world().comments.values()].some((c) => c.parent === APPROVED && c.content === '<p>Thank you, Maya!</p>'));
      assert.ok(
        svc().requests.some((r) => r.method === 'GET' && r.path.startsWith(`/rest/v1.1/notifications/${APPROVED_NOTE}`)),
        'the note was asked',
      );
      assert.equal(notes.get(APPROVED_NOTE)!.status?.i_replied, true);
    });

    it('a reply answered a real 500: unknown too (a 500 does not say), and the note, asked, does not show a reply', async () => {
      const { notes, actions } = await actionsModel();
      fault(`/rest/v1.1/sites/2001/comments/${APPROVED}/replies/new`, 'status=500');
      await assert.rejects(actions.reply(APPROVED_NOTE, 'Thank you, Maya!'), (e: ContentSiteError) => {
        assert.match(e.userMessage, /^Whether your reply was posted is unknown: the service answered with an error \(HTTP 500\)/);
        assert.match(e.userMessage, /draft is kept/);
        return true;
      });
      assert.equal(notes.get(APPROVED_NOTE)!.status?.i_replied, false);
    });
  });
});
