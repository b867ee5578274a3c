import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SECTION, SETTINGS } from '../../src/settings';
import { EXTENSION_ID, fresh, setup, until } from './harness';

/** Closes whatever a command may have opened (a quick pick, an input box, a message) so it can end. */
async function dismissPrompts(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  await vscode.commands.executeCommand('notifications.clearAll');
}

/** Runs a command to its end, dismissing any prompt it shows; resolves with its error, if it threw. */
async function runDismissing(command: string): Promise<unknown> {
  let outcome: { error?: unknown } | undefined;
  vscode.commands.executeCommand(command).then(
    () => (outcome = {}),
    (error: unknown) => (outcome = { error }),
  );
  await until(`${command} to end`, async () => {
    if (!outcome) await dismissPrompts();
    return outcome;
  });
  return outcome?.error;
}

describe('In a real extension host', () => {
  it('its views exist, and signed out they are empty so their welcome (Sign In) shows', async () => {
    const { api } = await fresh();
    for (const view of ['contentSite.notifications', 'contentSite.following', 'contentSite.trash', 'contentSite.reader']) {
      // VS Code registers "<view>.focus" for every view it created from the contribution.
      await vscode.commands.executeCommand(`${view}.focus`);
    }
    for (const [name, provider] of Object.entries(api.views))
      assert.deepEqual(await provider.getChildren(), [], `${name} lists something while signed out`);
  });

  it('activates, and every command it contributes runs signed out without an error, asking the service nothing', async () => {
    const { api, svc } = await fresh();
    svc.requests.length = 0;
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.equal(ext.isActive, true);
    const contributed = (ext.packageJSON.contributes.commands as Array<{ command: string }>).map((c) => c.command);
    const failures: string[] = [];
    for (const command of contributed) {
      const error = await runDismissing(command);
      if (error) failures.push(`${command}: ${error instanceof Error ? error.message : String(error)}`);
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.deepEqual(failures, []);
    assert.equal(api.auth.current(), undefined, 'no command signed in by itself');
    assert.deepEqual(
      svc.requests.filter((r) => r.path.startsWith('/rest/')).map((r) => `${r.method} ${r.path}`),
      [],
      'nothing was asked of the service while signed out',
    );
    for (const [name, provider] of Object.entries(api.views))
      assert.deepEqual(await provider.getChildren(), [], `${name} lists something while signed out, hiding its Sign In welcome`);
  });

  it('reads its settings, with the documented defaults', async () => {
    const { svc } = await setup();
    const config = vscode.workspace.getConfiguration(SECTION);
    assert.equal(config.get(SETTINGS.apiBaseUrl.key), svc.restUrl);
    assert.equal(config.get(SETTINGS.notificationsPageSize.key), 20);
    assert.equal(config.get(SETTINGS.redirect.key), 'uriHandler');
  });
});
