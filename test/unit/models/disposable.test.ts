/**
 * What an owner (a feature, a view, a session) owns is disposed of with it: each part once, the
 * newest first, every one even when another throws, and what they threw is thrown after; a part
 * made after that is disposed of at once.
 */
import * as assert from 'node:assert/strict';
import { Disposable, disposeAll, type Disposal } from '../../../src/models/disposable';

class Owner extends Disposable {
  own<T extends Disposal>(part: T): T {
    return this.register(part);
  }
}

/** A part that notes its name in `order` when disposed of, and then throws `error` if given. */
const part = (name: string, order: string[], error?: Error): Disposal => ({
  dispose: () => {
    order.push(name);
    if (error) throw error;
  },
});

describe('Disposable (the base of whatever owns parts)', () => {
  it('disposes of every registered part once, the newest first', () => {
    const order: string[] = [];
    const owner = new Owner();
    for (const name of ['model', 'view', 'command']) owner.own(part(name, order));
    owner.dispose();
    assert.deepEqual(order, ['command', 'view', 'model']);
  });

  it('disposes of the other parts when one throws, then throws its error as it is', () => {
    const order: string[] = [];
    const failure = new Error('the view would not go');
    const owner = new Owner();
    owner.own(part('model', order));
    owner.own(part('view', order, failure));
    owner.own(part('command', order));
    assert.throws(
      () => owner.dispose(),
      (err) => err === failure,
    );
    assert.deepEqual(order, ['command', 'view', 'model']);
  });

  it('disposes of every part when several throw, then throws them all as one AggregateError, in the order thrown', () => {
    const order: string[] = [];
    const first = new Error('the command would not go');
    const second = new Error('the model would not go');
    const owner = new Owner();
    owner.own(part('model', order, second));
    owner.own(part('view', order));
    owner.own(part('command', order, first));
    assert.throws(
      () => owner.dispose(),
      (err) => err instanceof AggregateError && err.errors.length === 2 && err.errors[0] === first && err.errors[1] === second,
    );
    assert.deepEqual(order, ['command', 'view', 'model']);
  });

  it('does nothing when disposed of again, even after a part threw', () => {
    const order: string[] = [];
    const owner = new Owner();
    owner.own(part('model', order));
    owner.own(part('view', order, new Error('no')));
    assert.throws(() => owner.dispose());
    owner.dispose();
    assert.deepEqual(order, ['view', 'model']);
  });

  it('disposes of a part registered after it was disposed at once (a feature whose start finished late)', () => {
    const order: string[] = [];
    const owner = new Owner();
    owner.dispose();
    const late = owner.own(part('late', order));
    assert.deepEqual(order, ['late']);
    owner.dispose();
    assert.deepEqual(order, ['late']);
    assert.equal(typeof late.dispose, 'function');
  });

  it('disposes of a part registered while it is being disposed of at once', () => {
    const order: string[] = [];
    const owner = new Owner();
    owner.own({ dispose: () => owner.own(part('made while going', order)) });
    owner.own(part('view', order));
    owner.dispose();
    assert.deepEqual(order, ['view', 'made while going']);
  });
});

describe('disposeAll (parts in the order given)', () => {
  it('disposes of each in order, every one even when some throw, then throws', () => {
    const order: string[] = [];
    const failure = new Error('b would not go');
    assert.throws(
      () => disposeAll([part('a', order), part('b', order, failure), part('c', order)]),
      (err) => err === failure,
    );
    assert.deepEqual(order, ['a', 'b', 'c']);
  });

  it('throws nothing when none throws', () => {
    const order: string[] = [];
    disposeAll([part('a', order), part('b', order)]);
    assert.deepEqual(order, ['a', 'b']);
  });
});
