/**
 * How the notifications view says whether new notes arrive live or by polling (outside an editor,
 * on the bench's stand-in for the vscode module): a word in the view's description, which must fit
 * the sidebar at its default width and has no hover, and the whole of it (why, the next try) in the
 * unread status bar item's hover.
 */
import '../../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ContentSiteClient, Notification } from '../../../src/api';
import { LoadCoordinator } from '../../../src/models/loadCoordinator';
import { NotificationsModel } from '../../../src/models/notificationsModel';
import { NotificationsProvider } from '../../../src/views/notifications/notificationsProvider';
import { unreadStatusItem } from '../../../src/views/notifications/unreadStatusItem';

interface StubItem {
  text: string;
  tooltip: unknown;
  shown: boolean;
}

async function view(unread: number[]) {
  const notes = unread.map((u, i): Notification => ({
    id: i + 1,
    type: 'comment',
    unread: u,
    unreadIsCount: true,
    timestamp: 1_790_000_000 - i,
    subjectText: 'x',
  }));
  // A service that answers the first page with these notes (not a cached page: the description says no "updated …").
  const client = {
    notifications: { listRequest: () => ({ spec: { method: 'GET', version: '1.1', path: '/notifications/' }, parse: () => ({ notes }) }) },
    run: (p: { parse(body: unknown): unknown }) => Promise.resolve(p.parse(undefined)),
  } as unknown as ContentSiteClient;
  const model = new NotificationsModel({ client: () => client, pageSize: () => 20 });
  await model.list.refresh();
  const provider = new NotificationsProvider(model, { gate: () => false, coordinator: new LoadCoordinator(() => client) });
  let made: StubItem | undefined;
  const create = vscode.window.createStatusBarItem;
  (vscode.window as { createStatusBarItem: unknown }).createStatusBarItem = (...args: unknown[]) =>
    (made = (create as unknown as (...a: unknown[]) => StubItem)(...args));
  const status = unreadStatusItem(model);
  (vscode.window as { createStatusBarItem: unknown }).createStatusBarItem = create;
  provider.getChildren(); // draws the view: its description and badge
  return { provider, status, item: made!, description: () => String(provider.view.description) };
}

describe('The live state, as the notifications view says it', () => {
  const retryAt = new Date(2026, 10, 1, 6, 53, 51).getTime();
  const at = new Date(retryAt).toLocaleTimeString('en', { timeStyle: 'medium' });

  it('polling: a word in the description; why and the next try in the status item’s hover', async () => {
    const { provider, status, item, description } = await view([1, 0]);
    const state = { mode: 'polling' as const, retryAt, failure: { kind: 'refused' as const, status: 503 } };
    provider.showLive(state);
    status.showLive(state);
    assert.equal(description(), 'All · Polling', 'short enough for the sidebar: nothing cut off');
    assert.equal(item.text, '$(bell-dot) 1');
    assert.equal(
      item.tooltip,
      `1 unread notifications: click to show them\nPolling: the push channel is down (HTTP 503). It tries again at ${at}.`,
    );
  });

  it('a network failure says its message; no failure yet and no next try say only that it polls', async () => {
    const { status, item } = await view([1]);
    status.showLive({ mode: 'polling', failure: { kind: 'network', message: 'connect ECONNREFUSED 127.0.0.1:443' } });
    assert.match(String(item.tooltip), /\nPolling: the push channel is down \(connect ECONNREFUSED 127\.0\.0\.1:443\)\.$/);
    status.showLive({ mode: 'polling' });
    assert.match(String(item.tooltip), /\nPolling: the push channel is not connected\.$/);
  });

  it('live: "Live" in the description, and the hover says what it means', async () => {
    const { provider, status, item, description } = await view([2]);
    provider.showLive({ mode: 'live' });
    status.showLive({ mode: 'live' });
    assert.equal(description(), 'All · Live');
    assert.match(String(item.tooltip), /\nLive: new notifications arrive as they happen\.$/);
  });

  it('signed in with no unread note, the item still shows (a bell), so the hover is always there; signed out it goes', async () => {
    const { provider, status, item, description } = await view([0]);
    assert.equal(item.shown, false, 'not signed in yet: nothing to say');
    provider.showLive({ mode: 'polling', retryAt });
    status.showLive({ mode: 'polling', retryAt });
    assert.equal(description(), 'All · Polling');
    assert.equal(item.shown, true);
    assert.equal(item.text, '$(bell)');
    assert.match(String(item.tooltip), new RegExp(`It tries again at ${at}\\.$`));
    provider.showLive(undefined);
    status.showLive(undefined);
    assert.equal(item.shown, false);
    assert.equal(description(), 'All');
  });
});
