/**
 * The detail panel's note session without the editor: it follows the model (a state message, a
 * render only when a button is missing), runs an action only for a checked message, keeps the
 * draft, answers mentions from the note's site, and tells the page how a reply went.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteError, type Comment, type Notification } from '../../../src/api';
import { Emitter } from '../../../src/models/emitter';
import { NoteSession, type NoteDeps } from '../../../src/render/noteSession';
import { entry } from '../../../src/models/noteActionCatalog';

const ACTIONS = {
  'approve-comment': false,
  'spam-comment': false,
  'trash-comment': false,
  'like-comment': false,
  'replyto-comment': false,
};

function note(id: number, over: Partial<Notification> = {}, actions: Record<string, boolean> = ACTIONS): Notification {
  return {
    id,
    type: 'comment',
    unread: 1,
    unreadIsCount: true,
    timestamp: 0,
    subjectText: `note ${id}`,
    body: [{ text: 'hi', actions, meta: { ids: { site: 2001, post: 101, comment: id * 10 } } } as never],
    meta: { ids: { site: 2001, post: 101, comment: id * 10 } },
    ...over,
  };
}

function setup(
  reply: (id: number, text: string) => Promise<Comment> = async () => ({ ID: 1, URL: 'https://demo.example.blog/p/#comment-1' }) as Comment,
) {
  let notes = [note(1), note(2), note(3)];
  let pending: Array<{ action: string; ids: number[] }> = [];
  const notesChanged = new Emitter<void>();
  const actionsChanged = new Emitter<void>();
  const ran: Array<[string, number]> = [];
  const posted: Array<Record<string, unknown>> = [];
  const drafts = new Map<number, string>();
  const opened: number[] = [];
  const asked: Array<[number, string]> = [];
  let renders = 0;
  const deps: NoteDeps = {
    notes: {
      get: (id) => notes.find((n) => n.id === id),
      get notes() {
        return notes;
      },
      onDidChange: notesChanged.event,
    },
    actions: {
      get pending() {
        return pending;
      },
      onDidChange: actionsChanged.event,
      offering: (ids) => ids.filter((id) => notes.some((n) => n.id === id)),
      reply,
    },
    drafts: { get: (id) => drafts.get(id) ?? '', set: (id, t) => void drafts.set(id, t), clear: (id) => void drafts.delete(id) },
    suggest: async (site, letters) => {
      asked.push([site, letters]);
      return [{ login: 'maya', name: 'Maya <b>Lin</b>' }];
    },
    run: async (command, id) => void ran.push([command, id]),
    open: async (id) => void opened.push(id),
    log: () => undefined,
  };
  const session = new NoteSession(notes[1], deps, {
    post: (m) => void posted.push(m as Record<string, unknown>),
    render: () => void renders++,
  });
  session.token = 'T';
  session.view();
  return {
    session,
    ran,
    posted,
    drafts,
    opened,
    asked,
    renders: () => renders,
    setNotes(next: Notification[]) {
      notes = next;
      notesChanged.fire();
    },
    setPending(next: typeof pending) {
      pending = next;
      actionsChanged.fire();
    },
  };
}

describe("The detail panel's note session", () => {
  it("a checked action runs the tree's command with the note id; a forged one runs nothing", async () => {
    const t = setup();
    assert.equal(await t.session.handle({ type: 'act', action: 'approve', note: 2, token: 'T' }), true);
    assert.equal(await t.session.handle({ type: 'act', action: 'approve', note: 2, token: 'stale' }), false);
    assert.equal(await t.session.handle({ type: 'act', action: 'approve', note: 1, token: 'T' }), false);
    assert.equal(await t.session.handle({ type: 'act', action: 'follow', note: 2, token: 'T' }), true, 'not offered: answered, not run');
    assert.deepEqual(t.ran, [[entry('approve').command, 2]]);
  });

  it('follows the model: marked read → a state message (no render); unchanged → nothing', () => {
    const t = setup();
    t.setNotes([note(1), note(2, { unread: 0 }), note(3)]);
    assert.equal(t.renders(), 0);
    assert.equal(t.posted.length, 1);
    const state = t.posted[0].state as { unread: boolean; controls: Record<string, { on: boolean }> };
    assert.equal(state.unread, false);
    assert.deepEqual(state.controls.read, { on: true });
    t.setNotes([note(1), note(2, { unread: 0 }), note(3)]);
    assert.equal(t.posted.length, 1, 'the same state is not sent again');
  });

  it('a button the page lacks (follow now offered) → a new render', () => {
    const t = setup();
    t.setNotes([note(1), note(2, {}, { ...ACTIONS, follow: false }), note(3)]);
    assert.equal(t.renders(), 1);
  });

  it('trashed: "Comment trashed." with Undo while in the window; the undo message is then accepted; sent: no Undo', async () => {
    const t = setup();
    t.setPending([{ action: 'trash', ids: [2] }]);
    t.setNotes([note(1), note(3)]);
    const last = () => t.posted.at(-1)!.state as { removed: string; controls: Record<string, unknown>; hasNext: boolean };
    assert.equal(last().removed, 'Comment trashed.');
    assert.deepEqual(Object.keys(last().controls), ['undo']);
    assert.equal(await t.session.handle({ type: 'act', action: 'undo', note: 2, token: 'T' }), true);
    assert.deepEqual(t.ran, [[entry('undo').command, 2]]);
    t.setPending([]);
    assert.equal(last().removed, 'Comment trashed.');
    assert.deepEqual(last().controls, {});
    assert.equal(last().hasNext, true, 'the note after it is next');
    await t.session.handle({ type: 'go', to: 'next', note: 2, token: 'T' });
    assert.deepEqual(t.opened, [3]);
  });

  it("previous/next open the neighbours in the model's order", async () => {
    const t = setup();
    await t.session.handle({ type: 'go', to: 'previous', note: 2, token: 'T' });
    await t.session.handle({ type: 'go', to: 'next', note: 2, token: 'T' });
    assert.deepEqual(t.opened, [1, 3]);
  });

  it("drafts are kept; mentions are asked for the note's site and answered with the request's seq", async () => {
    const t = setup();
    await t.session.handle({ type: 'draft', text: 'Thanks @ma', note: 2, token: 'T' });
    assert.equal(t.drafts.get(2), 'Thanks @ma');
    assert.equal(t.session.view().draft, 'Thanks @ma');
    await t.session.handle({ type: 'suggest', letters: 'ma', seq: 7, note: 2, token: 'T' });
    assert.deepEqual(t.asked, [[2001, 'ma']]);
    assert.deepEqual(t.posted.at(-1), { type: 'suggestions', note: 2, seq: 7, users: [{ login: 'maya', name: 'Maya <b>Lin</b>' }] });
  });

  it('a reply: sent once, the draft cleared, "Reply posted." with the link, and the reply under the note', async () => {
    const sent: string[] = [];
    const t = setup(async (_id, text) => {
      sent.push(text);
      return { ID: 9, URL: 'https://demo.example.blog/p/#comment-9' } as Comment;
    });
    t.drafts.set(2, 'Thanks!');
    await Promise.all([
      t.session.handle({ type: 'reply', text: 'Thanks!', note: 2, token: 'T' }),
      t.session.handle({ type: 'reply', text: 'Thanks!', note: 2, token: 'T' }),
    ]);
    assert.deepEqual(sent, ['Thanks!'], 'a second send while one is under way is dropped');
    assert.equal(t.drafts.has(2), false);
    assert.deepEqual(t.posted.at(-1), {
      type: 'replied',
      note: 2,
      ok: true,
      message: 'Reply posted.',
      url: 'https://demo.example.blog/p/#comment-9',
      text: 'Thanks!',
    });
    assert.deepEqual(
      t.session.view().replies,
      [{ text: 'Thanks!', url: 'https://demo.example.blog/p/#comment-9' }],
      'a new render shows it too',
    );
  });

  it("a refused reply: the service's sentence by the box, and the draft stays", async () => {
    const err = new ContentSiteError({
      kind: 'api',
      status: 409,
      code: 'comment_duplicate',
      serviceMessage: 'Duplicate comment detected',
      userMessage: 'You already said that: the same reply is on the comment already.',
    });
    const t = setup(async () => {
      throw err;
    });
    t.drafts.set(2, 'Thanks!');
    await t.session.handle({ type: 'reply', text: 'Thanks!', note: 2, token: 'T' });
    assert.equal(t.drafts.get(2), 'Thanks!');
    assert.deepEqual(t.posted.at(-1), { type: 'replied', note: 2, ok: false, message: err.userMessage });
  });

  it('a reply too long for the client: the box is answered why (no "Sending…" left), nothing sent, the draft kept', async () => {
    const sent: string[] = [];
    const t = setup(async (_id, text) => {
      sent.push(text);
      return { ID: 9 } as Comment;
    });
    const long = 'x'.repeat(20_001);
    t.drafts.set(2, 'kept draft');
    assert.equal(await t.session.handle({ type: 'reply', text: long, note: 2, token: 'T' }), true);
    assert.deepEqual(sent, []);
    assert.deepEqual(t.posted.at(-1), {
      type: 'replied',
      note: 2,
      ok: false,
      message: 'The reply is too long: 20,001 characters, at most 10,000.',
    });
    assert.equal(t.drafts.get(2), 'kept draft');
  });

  it('the note changed under the page: a reply or an action it no longer offers is answered why, and nothing runs', async () => {
    const t = setup();
    t.setNotes([note(1), note(2, {}, { 'replyto-comment': false }), note(3)]);
    t.posted.length = 0;
    await t.session.handle({ type: 'act', action: 'approve', note: 2, token: 'T' });
    assert.deepEqual(t.ran, []);
    const refusal = t.posted.find((m) => m.type === 'refused');
    assert.equal(refusal?.refused, 'act');
    assert.match(String(refusal?.message), /no longer offers/);
    const state = t.posted.find((m) => m.type === 'state')?.state as { controls: Record<string, unknown> } | undefined;
    assert.deepEqual(Object.keys(state?.controls ?? {}).sort(), ['read', 'reply'], 'and the buttons it offers now');
    t.setNotes([note(1), note(3)]);
    await t.session.handle({ type: 'reply', text: 'Thanks!', note: 2, token: 'T' });
    assert.equal(t.posted.at(-1)?.type, 'replied');
    assert.equal(t.posted.at(-1)?.ok, false);
    assert.match(String(t.posted.at(-1)?.message), /no longer offers a reply/);
  });

  it('a draft too long to keep is not kept, and the page is told; a mention list refused is answered empty', async () => {
    const t = setup();
    await t.session.handle({ type: 'draft', text: 'y'.repeat(20_001), note: 2, token: 'T' });
    assert.equal(t.drafts.has(2), false);
    assert.equal(t.posted.at(-1)?.type, 'refused');
    assert.match(String(t.posted.at(-1)?.message), /draft/);
    await t.session.handle({ type: 'suggest', letters: 'no spaces', seq: 4, note: 2, token: 'T' });
    assert.deepEqual(t.posted.at(-1), { type: 'suggestions', note: 2, seq: 4, users: [] });
    assert.deepEqual(t.asked, []);
  });

  it('a second reply while the first is being sent is answered (a page rendered meanwhile shows "Sending…" too)', async () => {
    let finish!: () => void;
    const t = setup(() => new Promise<Comment>((r) => (finish = () => r({ ID: 9 } as Comment))));
    const first = t.session.handle({ type: 'reply', text: 'Thanks!', note: 2, token: 'T' });
    await t.session.handle({ type: 'reply', text: 'Thanks!', note: 2, token: 'T' });
    assert.deepEqual(t.posted.at(-1), {
      type: 'replied',
      note: 2,
      ok: false,
      message: 'Your reply is still being sent: wait for its answer.',
    });
    finish();
    await first;
    assert.equal(t.posted.at(-1)?.ok, true);
  });

  it('a message from an earlier render or for another note runs nothing and is not answered (its page is gone)', async () => {
    const t = setup();
    for (const m of [
      { type: 'reply', text: 'x'.repeat(20_001), note: 2, token: 'stale' },
      { type: 'act', action: 'approve', note: 2, token: 'stale' },
      { type: 'reply', text: 'hi', note: 1, token: 'T' },
    ])
      assert.equal(await t.session.handle(m), false);
    assert.deepEqual(t.ran, []);
    assert.deepEqual(t.posted, []);
  });

  it('previous/next with no note there any more is answered why', async () => {
    const t = setup();
    t.setNotes([note(2)]);
    t.posted.length = 0;
    await t.session.handle({ type: 'go', to: 'next', note: 2, token: 'T' });
    assert.deepEqual(t.opened, []);
    assert.equal(t.posted.find((m) => m.type === 'refused')?.refused, 'go');
  });

  it('once disposed of, follows the model no more', () => {
    const t = setup();
    t.session.dispose();
    t.setNotes([note(1), note(2, { unread: 0 }), note(3)]);
    t.setPending([{ action: 'spam', ids: [2] }]);
    assert.deepEqual(t.posted, []);
    assert.equal(t.renders(), 0);
  });

  it('ends both subscriptions even when one throws, then throws its error', () => {
    const ended: string[] = [];
    const failure = new Error('the notes model is gone already');
    const subscription = (name: string, error?: Error) => () => ({
      dispose: () => {
        ended.push(name);
        if (error) throw error;
      },
    });
    const deps = {
      notes: { get: () => undefined, notes: [], onDidChange: subscription('notes', failure) },
      actions: { pending: [], onDidChange: subscription('actions') },
    } as unknown as NoteDeps;
    const session = new NoteSession(note(2), deps, { post: () => undefined, render: () => undefined });
    assert.throws(
      () => session.dispose(),
      (err) => err === failure,
    );
    assert.deepEqual(ended, ['actions', 'notes']);
  });
});
