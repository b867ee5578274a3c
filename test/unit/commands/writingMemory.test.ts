/**
 * The posts' versions in the global state (src/commands/writingMemory.ts) as a clone of 2,000 posts
 * sets them one after another: each is seen at once, but the state (whose every update sends the
 * whole value: 10,000 posts' worth after a big clone) is written a few times, not once a post; the
 * last write holds them all, and a write another memory made meanwhile is kept.
 */
import '../../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { MEMORY_WRITE_GAP_MS, postMemory } from '../../../src/commands/writingMemory';
import { STORAGE_KEYS } from '../../../src/ids';

/** A global state that counts its writes and keeps a copy of what each was given (as the extension host serializes it). */
function state() {
  const values = new Map<string, unknown>();
  let writes = 0;
  const memento = {
    keys: () => [...values.keys()],
    get: <T>(key: string, fallback?: T) => (values.has(key) ? (values.get(key) as T) : fallback),
    update: async (key: string, value: unknown) => {
      writes++;
      values.set(key, JSON.parse(JSON.stringify(value)));
      await new Promise((done) => setImmediate(done));
    },
  } as unknown as vscode.Memento;
  return { memento, writes: () => writes, held: () => (values.get(STORAGE_KEYS.seenPosts) ?? {}) as Record<string, unknown> };
}

const settle = () => new Promise((done) => setTimeout(done, 3 * MEMORY_WRITE_GAP_MS));

describe('writingMemory: the posts’ versions in the global state', () => {
  it('2,000 sets in a row are seen at once and written in a few updates, the last holding all', async () => {
    const s = state();
    const posts = postMemory({ state: s.memento, baseUrl: () => 'http://svc' });
    const started = Date.now();
    for (let id = 1; id <= 2000; id++) {
      await posts.set('2001', id, { modified: `v${id}` });
      assert.deepEqual(posts.get('2001', id), { modified: `v${id}` });
    }
    await settle();
    const elapsed = Date.now() - started;
    assert.ok(s.writes() <= Math.ceil(elapsed / MEMORY_WRITE_GAP_MS) + 2, `${s.writes()} writes in ${elapsed} ms`);
    assert.ok(s.writes() < 50, `${s.writes()} writes for 2,000 sets`);
    assert.equal(Object.keys(s.held()).length, 2000);
    assert.deepEqual(s.held()['http://svc|2001|2000'], { modified: 'v2000' });
  });

  it('a write another memory of the same state made meanwhile is kept', async () => {
    const s = state();
    const a = postMemory({ state: s.memento, baseUrl: () => 'http://svc' });
    const b = postMemory({ state: s.memento, baseUrl: () => 'http://svc' });
    await a.set('2001', 1, { modified: 'a1' });
    await b.set('2001', 2, { modified: 'b2' });
    await a.set('2001', 3, { modified: 'a3' });
    await b.set('2001', 4, { modified: 'b4' });
    await settle();
    assert.deepEqual(Object.keys(s.held()).sort(), ['http://svc|2001|1', 'http://svc|2001|2', 'http://svc|2001|3', 'http://svc|2001|4']);
    // A fresh memory (the next session) reads them from the state.
    const later = postMemory({ state: s.memento, baseUrl: () => 'http://svc' });
    assert.deepEqual(later.get('2001', 4), { modified: 'b4' });
  });
});
