import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SETTINGS } from '../../src/settings';
import { allItems, fresh, labelOf, restoreSettings, setSetting, until } from './harness';

describe('The trees and their commands in the extension host', () => {
  afterEach(restoreSettings);

  it('lists notifications and marks one read on the service', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await api.views.notifications.reload();
    const notes = (await allItems(api.views.notifications)).filter((i) => i.contextValue?.startsWith('note'));
    assert.ok(notes.length >= 10, `only ${notes.length} notes listed`);
    const unread = notes.find((n) => /^note unread\b/.test(n.contextValue ?? ''));
    assert.ok(unread, 'no unread note shown');
    const id = (unread as unknown as { note: { id: number } }).note.id;
    await vscode.commands.executeCommand('contentSite.notifications.markRead', unread, [unread]);
    const stored = svc.world().notes.find((n) => n.id === id)!;
    assert.equal(stored.unread, 0);
    const post = svc.requests.filter((r) => r.method === 'POST' && r.path === '/rest/v1.1/notifications/read');
    assert.equal(post.length, 1);
    // The redraw builds a new row for the note that changed and keeps the others' rows.
    const isNote = (i: vscode.TreeItem) => /^note (read|unread)\b/.test(i.contextValue ?? '');
    const after = (await allItems(api.views.notifications)).filter(isNote);
    const noteId = (n: vscode.TreeItem) => (n as unknown as { note: { id: number } }).note.id;
    assert.match(after.find((n) => noteId(n) === id)?.contextValue ?? '', /^note read\b/);
    const unchanged = notes.filter(isNote).filter((n) => noteId(n) !== id);
    assert.ok(unchanged.length > 0 && unchanged.every((n) => after.includes(n)), 'an unchanged note got a new row');
  });

  it('restores a trashed post from the trash view to its previous status', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await setSetting(SETTINGS.site, 'demo.example.blog');
    const items = await until('trashed posts', async () => {
      await api.views.trash.reload();
      const list = (await allItems(api.views.trash)).filter((i) => i.contextValue === 'trashedPost');
      return list.length ? list : undefined;
    });
    const target = items.find((i) => labelOf(i).startsWith('Morning pages (old 1)'))!;
    assert.ok(target, `not listed: ${items.map(labelOf).join(', ')}`);
    const before = svc.world().posts.get(200)!.statusBeforeTrash;
    await vscode.commands.executeCommand('contentSite.trash.restore', target, [target]);
    assert.equal(svc.world().posts.get(200)!.status, before);
    const after = (await allItems(api.views.trash)).map(labelOf);
    assert.ok(!after.some((l) => l.startsWith('Morning pages (old 1)')), 'the restored post is still listed');
  });

  it('a post restored from the Trash shows in Posts at once, and one trashed from Posts shows in the Trash, with no Refresh', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await setSetting(SETTINGS.site, 'demo.example.blog');
    svc.world().posts.get(200)!.statusBeforeTrash = 'publish';
    const trashed = await until('the trashed post listed', async () => {
      await api.views.trash.reload();
      return (await allItems(api.views.trash)).find((i) => labelOf(i).startsWith('Morning pages (old 1)'));
    });
    await api.views.posts.reload();
    assert.ok(!(await allItems(api.views.posts)).some((i) => labelOf(i) === 'Morning pages (old 1)'));
    await vscode.commands.executeCommand('contentSite.trash.restore', trashed, [trashed]);
    await until('the restored post in the Posts view', async () =>
      (await allItems(api.views.posts)).some((i) => labelOf(i) === 'Morning pages (old 1)'),
    );
    const row = (await allItems(api.views.posts)).find((i) => labelOf(i) === 'Morning pages (old 1)')!;
    await vscode.commands.executeCommand('contentSite.posts.trash', row);
    await until('the post back in the Trash view', async () =>
      (await allItems(api.views.trash)).some((i) => labelOf(i).startsWith('Morning pages (old 1)')),
    );
  });

  it("the reader's refresh is one batch request for Freshly Pressed and the tags; Load more pages the featured posts", async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await api.views.reader.reload();
    // The subscribed tags' list, not a tag's posts (listing every row below opens each tag, which reads its posts).
    const readerRequests = () =>
      svc.requests
        .map((r) => decodeURIComponent(r.path))
        .filter((p) => p.includes('/freshly-pressed/') || (p.includes('/read/tags') && !p.includes('/posts')));
    svc.requests.length = 0;
    await vscode.commands.executeCommand('contentSite.reader.refresh');
    const sent = readerRequests();
    assert.equal(sent.length, 1, sent.join('\n'));
    assert.match(sent[0], /^\/rest\/v1\/batch\/\?.*\/freshly-pressed\/.*\/read\/tags/);
    const labels = (await allItems(api.views.reader)).map(labelOf);
    for (const label of ['Freshly Pressed', 'Subscribed Tags', 'Poetry', 'Load more…'])
      assert.ok(labels.includes(label), `${label} is not shown: ${labels.join(', ')}`);
    const featured = () => api.models.reader.featured.items.length;
    assert.equal(featured(), 10);
    svc.requests.length = 0;
    await vscode.commands.executeCommand('contentSite.reader.loadMore');
    assert.deepEqual(
      readerRequests().map((p) => p.split('?')[0]),
      ['/rest/v1/freshly-pressed/'],
    );
    assert.ok(featured() > 10, `still ${featured()} featured posts`);
  });

  it('signs out once when the service says the token is no longer valid', async () => {
    const { svc, api } = await fresh();
    await setSetting(SETTINGS.site, 'demo.example.blog');
    await api.auth.signInWithToken('cs-ed-token');
    const signOuts: string[] = [];
    const listeners = [
      api.auth.onDidChangeSession((session) => session === undefined && signOuts.push('session')),
      api.auth.onDidChangeSessions((e) => e.removed?.length && signOuts.push('provider')),
    ];
    try {
      svc.world().tokens.get('cs-ed-token')!.revoked = true;
      // Three views refresh at once, and each of them gets a 401.
      const reloads = await Promise.allSettled([api.views.notifications.reload(), api.views.following.reload(), api.views.trash.reload()]);
      // The sign-out is announced once the stored secret is gone (a round trip to the workbench).
      await until('the sign-out to be announced after a 401', () => (signOuts.length >= 2 ? true : undefined));
      assert.equal(api.auth.current(), undefined);
      assert.deepEqual(
        reloads.filter((r) => r.status === 'rejected'),
        [],
        'a view let its 401 escape',
      );
      // The views ask together (one batch request whose every answer is a 401, or one request each).
      const refused = svc.requests.filter(
        (r) => r.status === 401 || (r.path.startsWith('/rest/v1/batch/') && r.path.includes('notifications')),
      );
      assert.ok(refused.length >= 1, 'the service refused the token');
      // One more refresh once signed out changes nothing.
      await api.views.notifications.reload();
      // Another round trip to the workbench: a second sign-out's deletion would have answered by now.
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.deepEqual(signOuts, ['session', 'provider'], 'signed out exactly once (one session change, one removed session)');
    } finally {
      for (const l of listeners) l.dispose();
    }
  });
});

describe('Mentions in a Markdown document', () => {
  afterEach(restoreSettings);

  it("typing @ and letters suggests the chosen site's writers and inserts @login", async () => {
    const { api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await setSetting(SETTINGS.site, 'demo.example.blog');
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: 'Thanks to @e' });
    const list = await until(
      'suggestions',
      async () => {
        const l = await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          doc.uri,
          new vscode.Position(0, 12),
          '@',
        );
        return l.items.some((i) => i.insertText === '@ed') ? l : undefined;
        // The first completion request starts VS Code's own Markdown language features: ~9 s measured
        // with both cores busy, so 40 s before calling it a failure.
      },
      40_000,
    );
    const ed = list.items.find((i) => i.insertText === '@ed')!;
    assert.equal(typeof ed.label === 'string' ? ed.label : ed.label.label, '@ed');
  });
});
