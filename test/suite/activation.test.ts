import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, setup } from './harness';

describe('In a real extension host', () => {
  it('activates and registers every command it contributes', async () => {
    await setup();
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.equal(ext.isActive, true);
    const declared = (ext.packageJSON.contributes.commands as Array<{ command: string }>).map((c) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.ok(declared.length >= 20, `only ${declared.length} commands declared`);
    assert.deepEqual(declared.filter((c) => !registered.has(c)), []);
  });

  it('contributes the container and its views', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const contributes = ext.packageJSON.contributes;
    assert.deepEqual(contributes.viewsContainers.activitybar.map((c: { id: string }) => c.id), ['contentSite']);
    assert.deepEqual(contributes.views.contentSite.map((v: { id: string }) => v.id), ['contentSite.notifications', 'contentSite.following', 'contentSite.trash', 'contentSite.reader']);
  });

  it('reads its settings, with the documented defaults', async () => {
    const { svc } = await setup();
    const config = vscode.workspace.getConfiguration('contentSite');
    assert.equal(config.get('apiBaseUrl'), svc.restUrl);
    assert.equal(config.get('notifications.pageSize'), 20);
    assert.equal(config.inspect('oauth.clientId')?.defaultValue !== undefined, true);
  });
});
