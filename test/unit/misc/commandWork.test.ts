/**
 * A command whose work is imported on first use (src/commands/commandWork.ts): work that cannot be
 * imported is told as that command's failure, nothing runs, and the next try imports again.
 */
import '../../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { commandWork } from '../../../src/commands/commandWork';

describe('A command’s work imported on first use', () => {
  const window = vscode.window as unknown as Record<string, unknown>;
  let errors: unknown[][];
  let logged: string[];
  const deps = {
    log: { error: (line: string) => void logged.push(line) },
    auth: { handleUnauthorized: () => Promise.resolve() },
  };

  beforeEach(() => {
    errors = [];
    logged = [];
    window.showErrorMessage = (...args: unknown[]) => {
      errors.push(args);
      return Promise.resolve(undefined);
    };
  });
  afterEach(() => delete window.showErrorMessage);

  it('runs the work with the loaded part and answers what it answers', async () => {
    const work = commandWork(() => Promise.resolve({ restore: (ids: number[]) => ids.length }), deps);
    assert.equal(await work('Restore', (m) => m.restore([1, 2, 3])), 3);
    assert.deepEqual(errors, []);
  });

  it('a part that cannot load: the command says it failed and why, runs nothing, and loads again next time', async () => {
    let attempts = 0;
    // As import() does: a failed import is tried again at the next call.
    const load = async () => {
      attempts++;
      if (attempts === 1) throw new Error("Cannot find module './occasional.js'");
      return { pick: () => 'picked' };
    };
    const work = commandWork(load, deps);
    let ran = 0;
    assert.equal(
      await work('Select Site', (m) => {
        ran++;
        return m.pick();
      }),
      undefined,
    );
    assert.equal(ran, 0);
    assert.deepEqual(errors, [["Select Site failed: Cannot find module './occasional.js'"]]);
    assert.match(logged[0], /^Select Site: Error: Cannot find module/);
    assert.equal(await work('Select Site', (m) => m.pick()), 'picked');
    assert.equal(attempts, 2);
  });
});
