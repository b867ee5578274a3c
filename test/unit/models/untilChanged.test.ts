/** untilChanged (src/models/emitter.ts): what waits for a model to reach a state, e.g. the push channel for the notes' first load. */
import * as assert from 'node:assert/strict';
import { Emitter, untilChanged } from '../../../src/models/emitter';

describe('untilChanged', () => {
  it('resolves at once when the state already holds, else at the first change after which it holds, and stops listening', async () => {
    await untilChanged({ onDidChange: () => assert.fail('listened needlessly') }, () => true);
    const changes = new Emitter<void>();
    let listeners = 0;
    const source = {
      onDidChange: (l: () => void) => {
        listeners++;
        const sub = changes.event(l);
        return { dispose: () => (listeners--, sub.dispose()) };
      },
    };
    let state = 'loading';
    let done = false;
    const waiting = untilChanged(source, () => state === 'loaded').then(() => (done = true));
    changes.fire();
    await Promise.resolve();
    assert.equal(done, false, 'a change that does not reach the state does not resolve it');
    state = 'loaded';
    changes.fire();
    await waiting;
    assert.equal(done, true);
    assert.equal(listeners, 0);
  });
});
