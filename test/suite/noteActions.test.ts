import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { noteActions } from '../../src/api';
import { allItems, fresh, until, type ExtensionApi } from './harness';

/** Note 60000: a template comment note, its comment 8800 pending. 60006 (8860) pending too; 60009 (8890) approved. */
const PENDING_NOTE = 60000;
const PENDING_COMMENT = 8800;

/** The row of a note as the tree shows it now, or undefined when it is not listed. */
async function row(api: ExtensionApi, id: number): Promise<vscode.TreeItem | undefined> {
  return (await allItems(api.views.notifications)).find((i) => i.id === `note-${id}`);
}

async function signedInWithNotes(): Promise<Awaited<ReturnType<typeof fresh>>> {
  const s = await fresh();
  await s.api.auth.signInWithToken('cs-demo-token');
  await s.api.views.notifications.reload();
  await until('the pending comment note to be listed', () => row(s.api, PENDING_NOTE));
  // Not the last session's first page (kept for a fast first paint): the service's own answer.
  const list = s.api.models.notifications.list;
  await until("the service's first page", () => !list.fromCache && list.state.kind === 'loaded');
  return s;
}

/** The first note row under the real tree's keyboard focus and selected (the keys tried again until the rows are drawn). */
function selectFirstNote(view: vscode.TreeView<vscode.TreeItem>): Promise<vscode.TreeItem & { note?: { id: number } }> {
  return until('a note row focused and selected', async () => {
    await vscode.commands.executeCommand('contentSite.notifications.focus');
    await vscode.commands.executeCommand('list.focusFirst');
    await vscode.commands.executeCommand('list.focusDown');
    await vscode.commands.executeCommand('list.select');
    const n = view.selection[0] as vscode.TreeItem & { note?: { id: number } };
    return n?.note ? n : undefined;
  });
}

describe('Acting on notes through the commands, in the extension host', () => {
  it('approves a pending comment given its note id (as the detail view and the keys call it): the service has it approved, the row says so', async () => {
    const { svc, api } = await signedInWithNotes();
    assert.match((await row(api, PENDING_NOTE))!.contextValue!, /\bapprove:off\b/);
    svc.requests.length = 0;
    await vscode.commands.executeCommand('contentSite.notifications.approve', PENDING_NOTE);
    assert.equal(svc.world().comments.get(PENDING_COMMENT)!.status, 'approved');
    // (The seen time may advance meanwhile: POST notifications/seen is not an action.)
    const acts = svc.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/rest/v1.1/sites/'));
    assert.deepEqual(
      acts.map((r) => r.path.split('?')[0]),
      [`/rest/v1.1/sites/2001/comments/${PENDING_COMMENT}`],
      'one request, to that comment',
    );
    await until('the row to show the comment approved', async () =>
      /\bapprove:on\b/.test((await row(api, PENDING_NOTE))?.contextValue ?? ''),
    );
  });

  it('a multi-selection approves every selected note that offers it and is pending, one request each, and skips the rest', async () => {
    const { svc, api } = await signedInWithNotes();
    const rows = await Promise.all([PENDING_NOTE, 60003, 60009, 60002].map(async (id) => (await row(api, id))!));
    assert.ok(rows.every(Boolean), 'all four listed');
    svc.requests.length = 0;
    // Right-click on the first of a selection: a pending comment, another, an approved one, a follow note.
    await vscode.commands.executeCommand('contentSite.notifications.approve', rows[0], rows);
    assert.equal(svc.world().comments.get(PENDING_COMMENT)!.status, 'approved');
    assert.equal(svc.world().comments.get(8830)!.status, 'approved');
    const acts = svc.requests
      .filter((r) => r.method === 'POST' && r.path.startsWith('/rest/v1.1/sites/'))
      .map((r) => r.path.split('?')[0])
      .sort();
    assert.deepEqual(
      acts,
      ['/rest/v1.1/sites/2001/comments/8800', '/rest/v1.1/sites/2001/comments/8830'],
      'none for the approved comment nor the follow note',
    );
  });

  it('a refusal (no longer a moderator) changes nothing on the service and the row goes back to pending', async () => {
    const { svc, api } = await signedInWithNotes();
    svc.world().users.get(1001)!.roles[2001] = 'subscriber';
    await vscode.commands.executeCommand('contentSite.notifications.approve', PENDING_NOTE);
    assert.equal(svc.world().comments.get(PENDING_COMMENT)!.status, 'unapproved');
    assert.ok(
      svc.requests.some((r) => r.path.startsWith(`/rest/v1.1/sites/2001/comments/${PENDING_COMMENT}`) && r.status === 403),
      'the service refused',
    );
    assert.match((await row(api, PENDING_NOTE))?.contextValue ?? '', /\bapprove:off\b/);
  });

  it('trash then undo sends nothing; trash left alone reaches the service after the window', async () => {
    const { svc, api } = await signedInWithNotes();
    const deletes = (comment: number) => svc.requests.filter((r) => r.path.startsWith(`/rest/v1.1/sites/2001/comments/${comment}/delete`));
    await vscode.commands.executeCommand('contentSite.notifications.trash', 60006);
    assert.equal(await row(api, 60006), undefined, 'the trashed note is hidden at once');
    await vscode.commands.executeCommand('contentSite.notifications.undo');
    assert.ok(await row(api, 60006), 'undo brings it back');

    await vscode.commands.executeCommand('contentSite.notifications.trash', 60009);
    assert.equal(await row(api, 60009), undefined);
    // The second window started after the first: once its request is in, the first one's has passed.
    await until('the left-alone trash to reach the service', () => svc.world().comments.get(8890)!.status === 'trash');
    assert.equal(deletes(8890).length, 1);
    assert.deepEqual(deletes(8860), [], 'nothing was sent for the undone trash');
    assert.equal(svc.world().comments.get(8860)!.status, 'unapproved');
    assert.ok(await row(api, 60006), 'the undone note stays listed');
  });

  it('a change of one note redraws only its row: the same row object stays focused and selected, and the tree is never left without rows', async () => {
    const { svc, api } = await signedInWithNotes();
    const provider = api.views.notifications;
    const view = provider.view;
    const selected = await selectFirstNote(view);
    const comment = noteActions(api.models.notifications.get(selected.note!.id)!).like?.comment;
    assert.ok(comment);
    let wholeRedraws = 0;
    const watch = api.models.notifications.onDidChange(() => provider.redrawing && wholeRedraws++);
    try {
      // Through the row's own menu command, with the row as the editor passes it.
      await vscode.commands.executeCommand('contentSite.notifications.like', selected);
      await until('the like on the service', () => svc.world().comments.get(comment)!.likes.has(1001));
      await until('the row to say liked', () => /\blike:on\b/.test(selected.contextValue ?? ''));
      await provider.reload();
    } finally {
      watch.dispose();
    }
    assert.equal(wholeRedraws, 0, 'no change left the extension host without rows');
    assert.equal(provider.redrawing, false);
    assert.equal(view.selection[0], selected, 'the selection is the same row object, redrawn in place');
    assert.match((view.selection[0] as vscode.TreeItem).contextValue ?? '', /\blike:on\b/);
  });

  it('a key pressed while the tree redraws acts on the focused row once the rows are back (not on nothing, not on a guess)', async () => {
    const { svc, api } = await signedInWithNotes();
    const provider = api.views.notifications;
    const view = provider.view;
    // The real tree's keyboard focus and selection on the first note.
    const focused = await selectFirstNote(view);
    assert.match(focused.contextValue ?? '', /\blike:off\b/, 'the focused note offers a like');
    const comment = noteActions(api.models.notifications.get(focused.note!.id)!).like?.comment;
    assert.ok(comment && !svc.world().comments.get(comment)!.likes.has(1001));
    // The moment a redraw leaves the extension host without rows, held open: a new note in the focused
    // note's group redraws that group with its rows (a change of one row alone would not), and with
    // the view hidden the editor does not ask for them again, so the row a key resolves to now is nothing.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await until('the view hidden', () => !view.visible);
    const newest = Math.max(...svc.world().notes.map((n) => n.timestamp));
    const model = structuredClone(svc.world().notes.find((n) => n.id === focused.note!.id)!);
    svc.world().notes.push({ ...model, id: 69999, timestamp: newest + 1, unread: 0, hash: 69999 });
    await provider.reload();
    await until('the extension host to have forgotten the rows', () => provider.redrawing && view.selection.length === 0);
    const before = svc.requests.length;
    // What the l key's binding sends (KEY_ARGS), through the editor, which resolves the focused row.
    const pressed = vscode.commands.executeCommand('runCommands', {
      commands: [
        {
          command: 'contentSite.notifications.like',
          args: [[{ $treeViewId: 'contentSite.notifications', $focusedTreeItem: true }, 'key']],
        },
      ],
    });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(svc.requests.slice(before).filter((r) => r.method === 'POST').length, 0, 'nothing sent while the row is unknown');
    await vscode.commands.executeCommand('contentSite.notifications.focus');
    await pressed;
    await until("the like on the focused note's comment", () => svc.world().comments.get(comment)!.likes.has(1001));
    const likes = svc.requests.slice(before).filter((r) => r.method === 'POST' && /\/likes\/new/.test(r.path));
    assert.equal(likes.length, 1, 'one like, for that comment only');
  });
});
