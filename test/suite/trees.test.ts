import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { allItems, fresh, labelOf, until } from './harness';

describe('The trees and their commands in the extension host', () => {
  it('lists notifications and marks one read on the service', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await api.views.notifications.reload();
    const notes = (await allItems(api.views.notifications)).filter((i) => i.contextValue?.startsWith('note'));
    assert.ok(notes.length >= 10, `only ${notes.length} notes listed`);
    const unread = notes.find((n) => n.contextValue === 'note.unread');
    assert.ok(unread, 'no unread note shown');
    const id = (unread as unknown as { note: { id: number } }).note.id;
    await vscode.commands.executeCommand('contentSite.notifications.markRead', unread, [unread]);
    const stored = svc.world().notes.find((n) => n.id === id)!;
    assert.equal(stored.unread, 0);
    const post = svc.requests.filter((r) => r.method === 'POST' && r.path === '/rest/v1.1/notifications/read');
    assert.equal(post.length, 1);
  });

  it('restores a trashed post from the trash view to its previous status', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await vscode.workspace.getConfiguration('contentSite').update('site', 'demo.example.blog', vscode.ConfigurationTarget.Global);
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
    await vscode.workspace.getConfiguration('contentSite').update('site', undefined, vscode.ConfigurationTarget.Global);
  });

  it('signs out once when the service says the token is no longer valid', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-ed-token');
    svc.world().tokens.get('cs-ed-token')!.revoked = true;
    await api.views.notifications.reload();
    await until('sign-out after a 401', () => (api.auth.current() === undefined ? true : undefined));
  });
});

describe('Mentions in a Markdown document', () => {
  it('typing @ and letters suggests the chosen site\'s writers and inserts @login', async () => {
    const { api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    await vscode.workspace.getConfiguration('contentSite').update('site', 'demo.example.blog', vscode.ConfigurationTarget.Global);
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: 'Thanks to @e' });
    const list = await until('suggestions', async () => {
      const l = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, new vscode.Position(0, 12), '@');
      return l.items.some((i) => i.insertText === '@ed') ? l : undefined;
      // The first completion request starts VS Code's own Markdown language features: ~9 s measured
      // with both cores busy, so 40 s before calling it a failure.
    }, 40_000);
    const ed = list.items.find((i) => i.insertText === '@ed')!;
    assert.equal(typeof ed.label === 'string' ? ed.label : ed.label.label, '@ed');
    await vscode.workspace.getConfiguration('contentSite').update('site', undefined, vscode.ConfigurationTarget.Global);
  });
});
