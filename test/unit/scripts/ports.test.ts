import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { choosePort, portProblem } from '../../../scripts/ports.mjs';

/** A small server holding a port, as another program on the machine would. */
function occupy(host: string): Promise<{ port: number; server: Server }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => resolve({ port: (server.address() as { port: number }).port, server }));
  });
}
const release = (s: Server) => new Promise((r) => s.close(r));

describe('npm start: ports', () => {
  const lines: string[] = [];
  const o = { what: 'the reference service', flag: '--service-port', say: (l: string) => lines.push(l) };
  beforeEach(() => (lines.length = 0));

  it('a busy port: says which one is busy, picks a free one that can be listened on, and says how to choose', async () => {
    const busy = await occupy('127.0.0.1');
    try {
      const port = await choosePort(busy.port, o);
      assert.notEqual(port, busy.port);
      assert.equal(await portProblem(port), undefined);
      assert.deepEqual(lines, [
        `Port ${busy.port} (the reference service) is busy: using ${port} instead. Choose another with \`npm start -- --service-port N\`.`,
      ]);
    } finally {
      await release(busy.server);
    }
  });

  it('a port held on all interfaces (0.0.0.0) counts as busy too', async () => {
    const busy = await occupy('0.0.0.0');
    try {
      assert.equal(await portProblem(busy.port), 'EADDRINUSE');
      assert.notEqual(await choosePort(busy.port, o), busy.port);
      assert.match(lines[0], new RegExp(`^Port ${busy.port} \\(the reference service\\) is busy`));
    } finally {
      await release(busy.server);
    }
  });

  it('a free port is kept, silently', async () => {
    const held = await occupy('127.0.0.1');
    const { port } = held;
    await release(held.server);
    assert.equal(await choosePort(port, o), port);
    assert.deepEqual(lines, []);
  });

  it('0 picks a free port', async () => {
    const port = await choosePort(0, o);
    assert.ok(port > 0);
    assert.equal(await portProblem(port), undefined);
    assert.deepEqual(lines, []);
  });
});
