/** The Comments view in a real extension host: Edit through its input box, and the conversation panel ending with the session. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { PANELS } from '../../src/ids';
import { SETTINGS } from '../../src/settings';
import { allItems, fresh, restoreSettings, setSetting, until, type ExtensionApi } from './harness';

/** A pending comment of the seed (on post 101). */
const PENDING = 8700;

/** The comment's row in the Comments view, once the view lists it. */
function commentRow(api: ExtensionApi, id: number): Promise<vscode.TreeItem> {
  return until(`comment ${id} listed in the Comments view`, async () =>
    (await allItems(api.views.comments)).find((i) => i.id === `comment-${id}`),
  );
}

async function signedInWithComments(token = 'cs-demo-token'): Promise<Awaited<ReturnType<typeof fresh>>> {
  const s = await fresh();
  await s.api.auth.signInWithToken(token);
  await setSetting(SETTINGS.site, 'demo.example.blog');
  await s.api.views.comments.reload();
  return s;
}

/** The detail panel's tabs, in every editor group. */
const detailTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(PANELS.detail));

describe('The Comments view in the extension host', () => {
  afterEach(async () => {
    await restoreSettings();
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Edit opens its box with the comment as written; Enter saves the new text on the service', async () => {
    const { svc, api } = await signedInWithComments();
    const row = await commentRow(api, PENDING);
    // The box the command opens (the suite and the extension share one vscode API object).
    const window = vscode.window as { createInputBox: typeof vscode.window.createInputBox };
    const original = window.createInputBox;
    const boxes: vscode.InputBox[] = [];
    window.createInputBox = () => {
      const box = original();
      boxes.push(box);
      return box;
    };
    try {
      await vscode.commands.executeCommand('contentSite.comments.edit', row, [row]);
      const box = await until('the edit box, holding the comment as written', () =>
        boxes.find((b) => b.value.startsWith('Could you say more')),
      );
      box.value = 'Edited in the extension host';
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await until('the service to have the new text', () =>
        /Edited in the extension host/.test(svc.world().comments.get(PENDING)!.content),
      );
      await until('the row to show it', async () =>
        /Edited in the extension host/.test(String((await commentRow(api, PENDING)).description)),
      );
    } finally {
      window.createInputBox = original;
    }
  });

  it('the conversation shown for one user closes when they sign out, and is not there for the next user', async () => {
    const { api } = await signedInWithComments();
    const row = await commentRow(api, PENDING);
    await vscode.commands.executeCommand('contentSite.comments.show', row);
    await until('the conversation in the detail panel', () => detailTabs().length === 1);
    await api.auth.signOut();
    await until('the detail panel to close on sign-out', () => detailTabs().length === 0);
    await api.auth.signInWithToken('cs-ed-token');
    await api.views.comments.reload();
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(detailTabs().length, 0, "the first user's conversation came back for the next user");
  });

  it('signing in as someone else closes the conversation the first user opened', async () => {
    const { api } = await signedInWithComments();
    const row = await commentRow(api, PENDING);
    await vscode.commands.executeCommand('contentSite.comments.show', row);
    await until('the conversation in the detail panel', () => detailTabs().length === 1);
    await api.auth.signInWithToken('cs-ed-token');
    await until('the detail panel to close when another user signs in', () => detailTabs().length === 0);
  });
});
