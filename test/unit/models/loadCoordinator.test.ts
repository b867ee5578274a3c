import * as assert from 'node:assert/strict';
import type { ContentSiteClient, Prepared } from '../../../src/api';
import { LoadCoordinator } from '../../../src/models/loadCoordinator';
import type { BatchRefreshable, RefreshPart } from '../../../src/models/batchRefresh';

/** A client that records what it was asked to send together, and answers each request with its path. */
function recordingClient() {
  const batches: string[][] = [];
  const client = {
    together: async (requests: ReadonlyArray<Prepared<unknown>>) => {
      batches.push(requests.map((r) => r.spec.path));
      return requests.map((r) => ({ ok: true as const, value: r.spec.path }));
    },
  } as unknown as ContentSiteClient;
  return { client, batches };
}

function model(path: string, got: string[]): BatchRefreshable {
  return {
    refreshParts: (): RefreshPart[] => [
      {
        request: { spec: { method: 'GET', version: '1', path }, parse: (b) => b } as Prepared<unknown>,
        deliver: async (p) => void got.push(String(await p)),
      },
    ],
    refresh: async () => undefined,
    refused: () => undefined,
  };
}

describe('LoadCoordinator', () => {
  it('views asking in the same moment load in one batch, each getting its own answer, each showing progress', async () => {
    const { client, batches } = recordingClient();
    const progress: string[] = [];
    const c = new LoadCoordinator(
      () => client,
      async (id, task) => {
        progress.push(id);
        await task();
      },
    );
    const got: string[] = [];
    await Promise.all([c.request({ viewId: 'a', model: model('/a', got) }), c.request({ viewId: 'b', model: model('/b', got) })]);
    assert.deepEqual(batches, [['/a', '/b']]);
    assert.deepEqual(got.sort(), ['/a', '/b']);
    assert.deepEqual(progress.sort(), ['a', 'b']);
  });

  it('a view asked twice in the same moment is loaded once; later asks make a new batch', async () => {
    const { client, batches } = recordingClient();
    const c = new LoadCoordinator(() => client);
    const got: string[] = [];
    const m = model('/a', got);
    await Promise.all([c.request({ viewId: 'a', model: m }), c.request({ viewId: 'a', model: m })]);
    await c.request({ viewId: 'a', model: m });
    assert.deepEqual(batches, [['/a'], ['/a']]);
  });

  it('dispose releases whoever waits', async () => {
    const { client } = recordingClient();
    const c = new LoadCoordinator(() => client);
    const waiting = c.request({ viewId: 'a', model: model('/a', []) });
    c.dispose();
    await waiting;
  });
});
