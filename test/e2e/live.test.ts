/**
 * Live notes in a real VS Code (code-server + Chromium, the packaged VSIX), with the interval poll
 * off: another user comments on the demo user's post and the note appears in the tree by the push
 * channel alone; then the sockets drop and upgrades are refused, the view says it is polling, and it
 * comes back to live by itself. How long the note took to show is written to artifacts/e2e/live.json
 * for BENCHMARKS.md (reported, never asserted). Screenshots go to artifacts/e2e/live/.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Demo } from '../../scripts/demo-editor.mjs';
import { ContentSiteClient } from '../../src/api';
import { SETTINGS } from '../../src/settings';
import { openSignedIn } from './session';
import { useEditor } from './setup';
import { until } from './until';
import type { Workbench } from './workbench';

const ARTIFACTS = resolve(__dirname, '../../artifacts/e2e');
const SHOTS = resolve(ARTIFACTS, 'live');
const PANE = 'Notifications';

describe('Live notes in a real VS Code', function () {
  let demo: Demo;
  let wb: Workbench;

  /** What the Notifications view's header says beside its title (its description). */
  const description = async () => ((await wb.pane(PANE).locator('.pane-header .description').allInnerTexts())[0] ?? '').trim();

  useEditor({
    // No interval poll: a note that shows came by the push channel (or the read after a connect).
    open: (browser) => openSignedIn(browser, SHOTS, { [SETTINGS.pollInterval.id]: 0 }),
    ready: (session) => void ({ demo, wb } = session),
  });

  it('1. another user comments on the demo post: the note shows in the tree by the push channel, and the view says Live', async () => {
    await until('the view to say Live', async () => /\bLive\b/.test(await description()), 20_000, description);
    // A poll reads the list's first notes; the push's fetch names the note (ids= or its own path).
    const polls = () =>
      demo.svc.requests.filter(
        (r) => r.method === 'GET' && r.path.startsWith('/rest/v1/notifications/') && !/[?&]ids(%5B%5D|\[\])?=/.test(r.path),
      ).length;
    // Once the socket opened, the first page is read again (notes may have been missed meanwhile).
    await until('the first page to be read again after the socket opened', () => polls() >= 1, 15_000);
    const before = polls();
    const started = Date.now();
    const { note_id } = await demo.svc.push.comment({ by: 'ed', post: 100, content: 'Read live, from the editor.' });
    const api = new ContentSiteClient({ baseUrl: demo.svc.restUrl, token: 'cs-demo-token' });
    const subject = (await api.notifications.get(note_id)).subjectText;
    await wb.row(PANE, subject).waitFor({ timeout: 15_000 });
    const shownMs = Date.now() - started;
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(resolve(ARTIFACTS, 'live.json'), JSON.stringify({ shownMs, at: new Date().toISOString() }) + '\n');
    console.log(`      the pushed note was on screen ${shownMs} ms after the service created it`);
    assert.equal(polls(), before, 'no poll of the list: the note came by a fetch of the note the push named');
    await wb.shot('pushed-note');
  });

  it('2. the sockets drop and upgrades are refused: the view says Polling, then comes back to Live by itself', async () => {
    // A socket must have stayed up a while to count as connected (a socket dropped at once backs off).
    await new Promise((r) => setTimeout(r, 11_000));
    demo.svc.push.refuse(2_000, 503);
    demo.svc.push.drop();
    await until('the view to say Polling', async () => /Polling/.test(await description()), 10_000, description);
    await wb.shot('polling');
    await until('the view to say Live again', async () => /\bLive\b/.test(await description()), 30_000, description);
    const upgrades = demo.svc.requests.filter((r) => r.upgrade);
    assert.ok(
      upgrades.some((r) => r.status === 503),
      'an upgrade was refused',
    );
    assert.equal(upgrades.at(-1)?.status, 101, 'the last upgrade opened a socket');
    // Live again: a comment made now shows without any poll.
    const { note_id } = await demo.svc.push.comment({ by: 'ann', post: 103, content: 'And again, after the outage.' });
    const api = new ContentSiteClient({ baseUrl: demo.svc.restUrl, token: 'cs-demo-token' });
    await wb.row(PANE, (await api.notifications.get(note_id)).subjectText).waitFor({ timeout: 15_000 });
    await wb.shot('live-again');
  });
});
