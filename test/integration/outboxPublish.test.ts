/**
 * The outbox (src/models/outbox.ts) wired to the real publisher against the reference service (issue
 * 34): a publish asked for while the service cannot be reached waits, survives a reload, and goes
 * out once the service answers: created exactly once (its publish token), and an update whose post
 * another user changed meanwhile comes back as a conflict instead of going over their version.
 */
import * as assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { Outbox, type OutboxEntry, type OutboxSend, type OutboxStore, type SendResult } from '../../src/models/outbox';
import { isUnreachable } from '../../src/models/outboxReach';
import type { Timers } from '../../src/models/timers';
import { parsePostFile } from '../../src/writing/postFile';
import { PUBLISH_TOKEN_KEY } from '../../src/writing/publisher';
import type { PublishOutcome } from '../../src/writing/publisher';
import { PostFileStandIn, removeWorkspaces } from './postFileStandIn';
import { useClientAndService } from './setup';

/** The sentence for a queued publish that would change the post where the writer made no edit. */
const UNINTENDED_QUEUED =
  'Publishing it would change the post where you made no edit, so it was not sent: Publish it again to see those changes and choose.';

/**
 * A publish's outcome the way the outbox takes it: this test's send, over a post file as the Publish
 * command keeps it (the extension's own send, over a site folder's file, is commands/siteFolders.ts's).
 */
function queuedResult(outcome: PublishOutcome): SendResult {
  switch (outcome.kind) {
    case 'created':
    case 'updated':
      // The file's text as the send leaves it: the outbox compares it to tell a later edit.
      return { kind: 'sent', text: outcome.text };
    case 'conflict':
      return { kind: 'conflict' };
    case 'unintended':
      return { kind: 'refused', message: UNINTENDED_QUEUED };
  }
}

const { svc, client } = useClientAndService();
const SITE = '2001';
const NEW = '---\ntitle: Written on the train\nstatus: publish\n---\nNo signal between the stations.\n';
/** Any number of retries of a GET meet the fault too (the client retries a failed GET). */
const ALWAYS = 50;

/** A loopback port nothing listens on: the service as a client sees it while it is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The workspace's Memento as a variable: a reload reads what was last written. */
function memory(): OutboxStore & { kept: readonly OutboxEntry[] } {
  const s = {
    kept: [] as readonly OutboxEntry[],
    get: () => s.kept,
    set: async (entries: readonly OutboxEntry[]) => void (s.kept = entries.map((e) => ({ ...e }))),
  };
  return s;
}

/** Timers that only remember what was asked: the test drains by hand. */
function idleTimers(): Timers & { waits: number[] } {
  const waits: number[] = [];
  return { waits, set: (_fn, ms) => waits.push(ms), clear: () => undefined };
}

describe('The outbox publishing through the reference service', () => {
  afterEach(removeWorkspaces);
  let downUrl: string;
  before(async () => {
    downUrl = `http://127.0.0.1:${await closedPort()}/rest`;
  });
  const creates = () => svc().requests.filter((r) => r.method === 'POST' && r.path.split('?')[0].endsWith(`/sites/${SITE}/posts/new`));
  const byToken = (token: string) =>
    [...svc().world().posts.values()].filter((p) => p.metadata.some((m) => m.key === PUBLISH_TOKEN_KEY && m.value === token));

  /**
   * The Publish command's send over files by path: the file's text as it is now, published with the
   * client at the service's address (down or up); the answer is written back into the file.
   */
  function wiring(files: Map<string, PostFileStandIn>) {
    const state = { up: true };
    const send: OutboxSend = async (entry, signal) => {
      const file = files.get(entry.path);
      if (!file) return { kind: 'missing' };
      const at = state.up ? client() : client('cs-demo-token', { baseUrl: downUrl });
      return queuedResult(await file.publish({ client: at, signal }));
    };
    return { state, send };
  }
  const entryOf = (path: string): OutboxEntry => ({ path, site: SITE, service: svc().restUrl, queuedAt: new Date().toISOString() });

  it('a new post queued while the service is down survives a reload and is created exactly once when it is back', async () => {
    const file = new PostFileStandIn(NEW, () => client());
    const path = `${file.place.fileDir}/train.md`;
    const { state, send } = wiring(new Map([[path, file]]));
    state.up = false;
    // The command's own publish found the service out of reach: it queues the file.
    await assert.rejects(file.publish({ client: client('cs-demo-token', { baseUrl: downUrl }) }), (err: unknown) => isUnreachable(err));
    const token = parsePostFile(file.text).meta.unconfirmed;
    assert.ok(token, 'the file records the attempt (unconfirmed)');
    const store = memory();
    const timers = idleTimers();
    const before = new Outbox(store, send, { timers });
    await before.add(entryOf(path));
    const tried = await before.drain();
    assert.equal(tried.unreachable?.entry.path, path, 'still down: it waits');
    assert.equal(before.size, 1);
    before.dispose();
    assert.equal(creates().length, 0, 'nothing reached the service');

    state.up = true;
    const after = new Outbox(store, send, { timers });
    assert.deepEqual(
      after.entries.map((e) => e.path),
      [path],
      'the reloaded window holds it',
    );
    const report = await after.drain();
    assert.deepEqual(
      report.settled.map((s) => s.result.kind),
      ['sent'],
    );
    const made = byToken(token);
    assert.equal(made.length, 1, 'one post carries the token');
    assert.equal(creates().length, 1);
    const meta = parsePostFile(file.text).meta;
    assert.deepEqual([meta.id, meta.unconfirmed], [made[0].ID, undefined], 'the file names the post and forgets the attempt');
    assert.deepEqual(store.kept, []);
    assert.deepEqual(timers.waits, [15_000, 15_000], 'queued, then one try that found it down');
  });

  it('a create the site applied whose answer was lost as the service went down is found by its token when it is back: one post', async () => {
    const file = new PostFileStandIn(NEW, () => client());
    const path = `${file.place.fileDir}/train.md`;
    const { send } = wiring(new Map([[path, file]]));
    svc().queueFault({ method: 'POST', path: `/rest/v1.1/sites/${SITE}/posts/new`, fault: 'applied,reset' });
    svc().queueFault({ method: 'GET', path: `/rest/v1.1/sites/${SITE}/posts/?type=any&meta_key=`, fault: 'reset', count: ALWAYS });
    const outbox = new Outbox(memory(), send, { timers: idleTimers() });
    await outbox.add(entryOf(path));
    assert.ok((await outbox.drain()).unreachable, 'the answer lost and the look-up too: it waits');
    const token = parsePostFile(file.text).meta.unconfirmed!;
    assert.equal(byToken(token).length, 1, 'the site made it');
    assert.ok((await outbox.wake()).unreachable, 'still out of reach: nothing sent');
    svc().clearFaults();
    const report = await outbox.wake();
    assert.deepEqual(
      report.settled.map((s) => s.result.kind),
      ['sent'],
    );
    assert.equal(byToken(token).length, 1, 'one post, not two');
    assert.equal(creates().length, 1, 'no second create');
    assert.equal(parsePostFile(file.text).meta.id, byToken(token)[0].ID);
    assert.equal(outbox.size, 0);
  });

  it('an update queued while another user changed the post on the site comes back as a conflict, not over their version', async () => {
    const file = new PostFileStandIn('', () => client());
    await file.open(100);
    file.text = `${file.text.trimEnd()}\n\nA paragraph written offline.\n`;
    const path = `${file.place.fileDir}/post-100.md`;
    const { state, send } = wiring(new Map([[path, file]]));
    state.up = false;
    const outbox = new Outbox(memory(), send, { timers: idleTimers() });
    const told: string[] = [];
    outbox.onDidSettle((s) => told.push(s.result.kind));
    await outbox.add(entryOf(path));
    assert.ok((await outbox.drain()).unreachable);

    await client('cs-ed-token').posts.update(SITE, 100, { content: '<p>Ed rewrote this meanwhile.</p>' });
    state.up = true;
    const report = await outbox.wake();
    assert.deepEqual(
      report.settled.map((s) => s.result.kind),
      ['conflict'],
    );
    assert.deepEqual(told, ['conflict']);
    assert.equal(outbox.size, 0, 'it leaves the queue: the writer chooses');
    const onSite = svc().world().posts.get(100)!;
    assert.equal(onSite.content, '<p>Ed rewrote this meanwhile.</p>', 'their version stands');
    assert.doesNotMatch(onSite.content, /written offline/);
  });

  it('a queued publish that would change the post where the writer made no edit is not sent: it leaves the queue, refused, and says so', async () => {
    const file = new PostFileStandIn('', () => client());
    await file.open(120);
    const before = svc().world().posts.get(120)!.content;
    // What the site had for the heading, as recorded, differs from what it renders to now.
    const record = file.mem.records.items.get(`${SITE}/120`)!;
    record.pieces[0][1] = record.pieces[0][1].replace('A picture', 'One picture');
    file.text = file.text.replace('some hold their settings there', 'some keep their settings there');
    const path = `${file.place.fileDir}/post-120.md`;
    const { send } = wiring(new Map([[path, file]]));
    const outbox = new Outbox(memory(), send, { timers: idleTimers() });
    await outbox.add(entryOf(path));
    const [settled] = (await outbox.drain()).settled;
    assert.deepEqual(settled.result, { kind: 'refused', message: UNINTENDED_QUEUED });
    assert.equal(outbox.size, 0);
    assert.equal(svc().world().posts.get(120)!.content, before, 'nothing was sent');
  });
});
