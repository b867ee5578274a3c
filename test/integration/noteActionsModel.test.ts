/**
 * The note-actions model against the reference service over loopback: what the user sees at once,
 * what the service then holds, a refusal rolled back with its sentence, a lost answer settled by
 * asking, the undo window of spam and trash (nothing sent when undone; one request when not), and
 * replies. A proxy holds answers back so "at once" is seen before the service has answered.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteClient, ContentSiteError, noteActions } from '../../src/api';
import { NoteActionsModel } from '../../src/models/noteActionsModel';
import { NotificationsModel } from '../../src/models/notificationsModel';
import { startService, type RunningService } from '../service';
import { startHoldProxy, type HoldProxy } from './holdProxy';

/** Note 60000: template comment note, comment 8800 pending on post 100. Note 60005: block note, comment 8850 approved on post 101. */
const PENDING_NOTE = 60000;
const PENDING = 8800;
const APPROVED_NOTE = 60005;
const APPROVED = 8850;

/** Timers a test fires by hand: the undo window ends when the test says so. */
function manualTimers() {
  const waiting = new Map<number, () => void>();
  let next = 0;
  return {
    timers: { set: (fn: () => void) => (waiting.set(++next, fn), next), clear: (h: unknown) => void waiting.delete(h as number) },
    get count() {
      return waiting.size;
    },
    fireAll() {
      const fns = [...waiting.values()];
      waiting.clear();
      for (const fn of fns) fn();
    },
  };
}

describe('Acting on notes through the model (approve, like, follow, spam, trash with undo, reply)', () => {
  let svc: RunningService;
  let proxy: HoldProxy;
  const clients: ContentSiteClient[] = [];
  const client = (token = 'cs-demo-token') => {
    const c = new ContentSiteClient({ baseUrl: proxy.restUrl, token, retry: { maxTries: 1 } });
    clients.push(c);
    return c;
  };
  const posts = () => svc.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/rest/'));
  const comment = (id: number) => svc.world().comments.get(id)!;

  let api: ContentSiteClient;
  let notes: NotificationsModel;
  let timers: ReturnType<typeof manualTimers>;
  let actions: NoteActionsModel;

  before(async () => {
    svc = await startService();
    proxy = await startHoldProxy(svc.restUrl);
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await proxy.close();
    await svc.close();
  });
  beforeEach(async () => {
    svc.reset();
    api = client();
    notes = new NotificationsModel({ client: () => api, pageSize: () => 50 });
    timers = manualTimers();
    actions = new NoteActionsModel({ notes, client: () => api, timers: timers.timers });
    await notes.refresh();
    svc.requests.length = 0;
  });

  describe('approve, like, follow: at once, then as the service has it', () => {
    it("approve shows before the service answers, is sent once, and the service's answer confirms it (no read-back)", async () => {
      const held = proxy.hold('POST', `/rest/v1.1/sites/2001/comments/${PENDING}`, 'response');
      const done = actions.toggle([PENDING_NOTE], 'approve');
      await held.answered;
      assert.equal(noteActions(notes.get(PENDING_NOTE)!).approve?.value, true, 'approved on screen while the answer is on its way');
      held.release();
      const report = await done;
      assert.deepEqual([report.on, report.acted, report.failed, report.error], [true, [PENDING_NOTE], [], undefined]);
      assert.equal(comment(PENDING).status, 'approved');
      assert.deepEqual(
        svc.requests.filter((r) => r.path.startsWith('/rest/')).map((r) => `${r.method} ${r.path.split('?')[0]}`),
        [`POST /rest/v1.1/sites/2001/comments/${PENDING}`],
      );
      assert.equal(noteActions(notes.get(PENDING_NOTE)!).approve?.value, true, 'the answer (status approved) confirmed it');
      // The next refresh brings the service's own copy, which agrees.
      await notes.refresh();
      assert.equal(noteActions(notes.get(PENDING_NOTE)!).approve?.value, true);
    });

    it('pressing again reverses: unapprove', async () => {
      await actions.toggle([PENDING_NOTE], 'approve');
      const report = await actions.toggle([PENDING_NOTE], 'approve');
      assert.equal(report.on, false);
      assert.equal(comment(PENDING).status, 'unapproved');
      assert.equal(noteActions(notes.get(PENDING_NOTE)!).approve?.value, false);
    });

    it('a refusal rolls the note back and says why, naming the site as people know it', async () => {
      // The user's role changed since the notes were loaded: a subscriber's token now.
      api = client('cs-sub-token');
      const report = await actions.toggle([APPROVED_NOTE], 'approve');
      assert.deepEqual([report.on, report.acted, report.failed], [false, [], [APPROVED_NOTE]]);
      assert.ok(report.error instanceof ContentSiteError);
      assert.match(report.error.userMessage, /^You can't moderate comments on demo\.example\.blog: only its administrators and editors/);
      assert.equal(noteActions(notes.get(APPROVED_NOTE)!).approve?.value, true, 'rolled back');
      assert.equal(comment(APPROVED).status, 'approved');
    });

    it('a lost answer is settled by asking the service: the approval counts', async () => {
      const held = proxy.hold('POST', `/rest/v1.1/sites/2001/comments/${PENDING}`, 'lose-response');
      const done = actions.toggle([PENDING_NOTE], 'approve');
      await held.answered;
      held.release();
      const report = await done;
      assert.deepEqual([report.acted, report.failed], [[PENDING_NOTE], []]);
      assert.equal(noteActions(notes.get(PENDING_NOTE)!).approve?.value, true);
      assert.equal(posts().length, 1, 'the POST was not sent again');
    });

    it('a refresh that was on its way when the like was answered does not undo it', async () => {
      const heldList = proxy.hold('GET', '/rest/v1/notifications/', 'response');
      const refreshing = notes.refresh();
      await heldList.answered;
      await actions.toggle([APPROVED_NOTE], 'like');
      heldList.release();
      await refreshing;
      assert.equal(noteActions(notes.get(APPROVED_NOTE)!).like?.value, true);
      assert.equal(comment(APPROVED).likes.size, 1);
    });

    it('several selected notes: each offering note is approved, one POST each, all at once, and no read-back', async () => {
      const pending = notes.notes.filter((n) => noteActions(n).approve?.value === false).map((n) => n.id);
      assert.ok(pending.length >= 3, `seed has pending comment notes (${pending.length})`);
      const follow = notes.notes.find((n) => !noteActions(n).approve)!.id;
      const report = await actions.toggle([...pending, follow], 'approve', true);
      assert.deepEqual(report.acted.sort(), [...pending].sort());
      assert.equal(posts().length, pending.length);
      assert.equal(svc.requests.filter((r) => r.method === 'GET').length, 0, 'the answers are the confirmation');
      for (const id of pending) assert.equal(noteActions(notes.get(id)!).approve?.value, true);
    });

    it('like the post and follow back change the service and the note', async () => {
      const likeNote = notes.notes.find((n) => noteActions(n).likePost)!;
      const likeReport = await actions.toggle([likeNote.id], 'likePost');
      assert.deepEqual(likeReport.acted, [likeNote.id]);
      assert.equal(noteActions(notes.get(likeNote.id)!).likePost?.value, true);
      const followNote = notes.notes.find((n) => noteActions(n).follow?.value === true)!;
      const followReport = await actions.toggle([followNote.id], 'follow');
      assert.deepEqual([followReport.on, followReport.acted], [false, [followNote.id]]);
      assert.equal(noteActions(notes.get(followNote.id)!).follow?.value, false);
    });

    it('a note that does not offer the action is left alone and nothing is sent', async () => {
      const follow = notes.notes.find((n) => !noteActions(n).approve)!.id;
      const report = await actions.toggle([follow], 'approve');
      assert.deepEqual([report.acted, report.failed], [[], []]);
      assert.equal(posts().length, 0);
    });
  });

  describe('spam and trash: hidden at once, sent when the undo window ends', () => {
    it('undo brings the note back where it was and sends nothing', () => {
      const order = notes.notes.map((n) => n.id);
      const removal = actions.remove([APPROVED_NOTE], 'trash')!;
      assert.equal(notes.get(APPROVED_NOTE), undefined, 'hidden at once');
      assert.equal(actions.pending.length, 1);
      assert.equal(actions.undo(), 'undone');
      assert.equal(removal.undo(), 'already undone', 'a second undo (the message after the key) says it was already undone, not too late');
      assert.deepEqual(
        notes.notes.map((n) => n.id),
        order,
        'back in its place',
      );
      assert.equal(timers.count, 0, 'the window is closed');
      assert.equal(posts().length, 0, 'nothing sent');
      assert.equal(comment(APPROVED).status, 'approved');
    });

    it('when the window ends the comment goes to the trash with one request, and the note stays hidden after a refresh', async () => {
      const removal = actions.remove([APPROVED_NOTE], 'trash')!;
      assert.equal(posts().length, 0, 'nothing sent inside the window');
      timers.fireAll();
      const report = await removal.done;
      assert.deepEqual([report.acted, report.failed], [[APPROVED_NOTE], []]);
      assert.deepEqual(
        posts().map((r) => r.path),
        [`/rest/v1.1/sites/2001/comments/${APPROVED}/delete`],
      );
      assert.equal(comment(APPROVED).status, 'trash');
      assert.equal(removal.undo(), 'already sent', 'too late to undo');
      await notes.refresh();
      assert.equal(notes.get(APPROVED_NOTE), undefined, 'a note about a trashed comment is not shown');
    });

    it('spam: one request with status=spam', async () => {
      const removal = actions.remove([PENDING_NOTE], 'spam')!;
      timers.fireAll();
      await removal.done;
      assert.equal(comment(PENDING).status, 'spam');
      assert.equal(posts().length, 1);
    });

    it('sendNow (the user closed the message) ends the window and sends at once; a later undo does nothing', async () => {
      const removal = actions.remove([APPROVED_NOTE], 'trash')!;
      removal.sendNow();
      assert.equal(timers.count, 0, 'the window is closed');
      assert.deepEqual((await removal.done).acted, [APPROVED_NOTE]);
      assert.equal(comment(APPROVED).status, 'trash');
      assert.equal(removal.undo(), 'already sent');
      removal.sendNow();
      assert.equal(posts().length, 1, 'sent once');
    });

    it('the window is as long as the setting says when the removal starts', () => {
      const lengths: number[] = [];
      let seconds = 4.5;
      const model = new NoteActionsModel({
        notes,
        client: () => api,
        undoMs: () => seconds * 1000,
        timers: { set: (_fn, ms) => lengths.push(ms), clear: () => undefined },
      });
      model.remove([APPROVED_NOTE], 'trash')!.undo();
      seconds = 60;
      model.remove([APPROVED_NOTE], 'trash')!.undo();
      assert.deepEqual(lengths, [4500, 60_000]);
    });

    it('flush (the window is closing) sends what waits, at once', async () => {
      actions.remove([APPROVED_NOTE], 'trash');
      await actions.flush();
      assert.equal(comment(APPROVED).status, 'trash');
      assert.equal(actions.pending.length, 0);
    });

    it('a refused trash brings the note back and says why', async () => {
      api = client('cs-sub-token');
      const removal = actions.remove([APPROVED_NOTE], 'trash')!;
      timers.fireAll();
      const report = await removal.done;
      assert.deepEqual([report.acted, report.failed], [[], [APPROVED_NOTE]]);
      assert.match(report.error!.userMessage, /^You can't trash comments on demo\.example\.blog/);
      assert.ok(notes.get(APPROVED_NOTE), 'the note is back');
      assert.equal(comment(APPROVED).status, 'approved');
    });

    it('a refresh inside the window does not bring the note back', async () => {
      actions.remove([APPROVED_NOTE], 'trash');
      await notes.refresh();
      assert.equal(notes.get(APPROVED_NOTE), undefined);
      actions.undo();
      assert.ok(notes.get(APPROVED_NOTE));
    });
  });

  describe('reply', () => {
    it('posts the reply once and reads the note again; the same words twice are refused with their own sentence', async () => {
      const reply = await actions.reply(APPROVED_NOTE, '  Thank you!  ');
      assert.equal(svc.world().comments.get(Number(reply.ID))!.parent, APPROVED);
      assert.equal(svc.requests.filter((r) => r.path.split('?')[0] === `/rest/v1.1/notifications/${APPROVED_NOTE}`).length, 1);
      await assert.rejects(
        actions.reply(APPROVED_NOTE, 'Thank you!'),
        (e: ContentSiteError) => e.code === 'comment_duplicate' && /already posted this reply/.test(e.userMessage),
      );
      await assert.rejects(actions.reply(APPROVED_NOTE, '   '), (e: ContentSiteError) => e.kind === 'invalid_input');
      assert.equal(posts().length, 2, 'the empty reply was never sent');
    });

    it('a note that offers no reply says so', async () => {
      const follow = notes.notes.find((n) => !noteActions(n).reply)!.id;
      await assert.rejects(actions.reply(follow, 'Hi'), (e: ContentSiteError) => /no longer offers “Reply”/.test(e.userMessage));
    });
  });
});
