/** What a feature owns is disposed of with it: each part once, the newest first, and a part made after that at once. */
import * as assert from 'node:assert/strict';
import { Disposable, type Disposal } from '../../../src/features/disposable';
import { Lists, type ListView } from '../../../src/views/common/lists';

class Owner extends Disposable {
  own<T extends Disposal>(part: T): T {
    return this.register(part);
  }
}

describe('Disposable (the base of the features)', () => {
  it('disposes of every registered part once, the newest first', () => {
    const order: string[] = [];
    const owner = new Owner();
    for (const name of ['model', 'view', 'command']) owner.own({ dispose: () => order.push(name) });
    owner.dispose();
    owner.dispose();
    assert.deepEqual(order, ['command', 'view', 'model']);
  });

  it('disposes of a part registered after it was disposed at once (a feature whose start finished late)', () => {
    const owner = new Owner();
    owner.dispose();
    let disposed = false;
    owner.own({ dispose: () => (disposed = true) });
    assert.equal(disposed, true);
  });
});

describe('Lists (the list views the features added)', () => {
  const view = (name: string, log: string[]): ListView => ({
    view: { visible: true },
    loader: { gateOpen: true, failed: false, passingFailure: undefined },
    ensureLoaded: () => void log.push(`load ${name}`),
    reload: async () => undefined,
    reset: () => void log.push(`reset ${name}`),
  });

  it('acts on every list added, and no longer on one taken out', () => {
    const log: string[] = [];
    const lists = new Lists();
    lists.add(view('notes', log));
    const trash = lists.add(view('trash', log));
    lists.resetAll();
    lists.ensureAllLoaded();
    trash.dispose();
    trash.dispose();
    lists.resetAll();
    assert.deepEqual(log, ['reset notes', 'reset trash', 'load notes', 'load trash', 'reset notes']);
    assert.equal(lists.all.length, 1);
  });
});
