/** The registry of the list views the features added (Refresh All, Retry, a new session). */
import * as assert from 'node:assert/strict';
import { Lists, type ListView } from '../../../src/views/common/lists';

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
