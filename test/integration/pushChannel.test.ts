/**
 * The push channel's client over a real socket: the address beside /rest, the token on the upgrade,
 * typed events, the server's pings seen, refusals told apart (auth, status, no answer), proxies
 * honoured. Against test/integration/pushServer.ts until the reference service serves the channel.
 */
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { constants, deflateRawSync } from 'node:zlib';
import { ContentSiteClient, pushUrl, type PushEvent } from '../../src/api';
import { startService, type RunningService } from '../service';
import { startPushServer, type PushServer } from './pushServer';
import { forwardProxy } from './helpers';
import { proxyEnvironment } from './proxyEnv';

/** Every event a socket reported, and a way to wait for one. */
function recorder() {
  const events: PushEvent[] = [];
  const waiting: Array<{ check: () => boolean; resolve: () => void }> = [];
  const listener = (e: PushEvent): void => {
    events.push(e);
    for (const w of [...waiting])
      if (w.check()) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
  };
  const until = (check: () => boolean): Promise<void> =>
    check() ? Promise.resolve() : new Promise((resolve) => waiting.push({ check, resolve }));
  const count = (type: PushEvent['type']) => events.filter((e) => e.type === type).length;
  const closeEvent = () => events.find((e): e is Extract<PushEvent, { type: 'close' }> => e.type === 'close');
  return { events, listener, until, count, closeEvent };
}

/** A server frame (unmasked) with this first byte (FIN, RSV1, opcode) and payload. */
function frame(first: number, payload: Buffer): Buffer {
  const n = payload.length;
  const header =
    n < 126
      ? Buffer.from([first, n])
      : n < 65536
        ? Buffer.from([first, 126, n >> 8, n & 0xff])
        : Buffer.concat([Buffer.from([first, 127]), Buffer.from(new BigUint64Array([BigInt(n)]).buffer).reverse()]);
  return Buffer.concat([header, payload]);
}

/**
 * A server that answers every upgrade with permessage-deflate, whatever the client offered, and
 * then sends `text` compressed in one frame: what a broken or hostile server may do.
 */
async function forcedDeflateServer(text: string): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Duplex>();
  const server = createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', (req, socket: Duplex) => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
    const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Accept: ${accept}\r\nSec-WebSocket-Extensions: permessage-deflate\r\n\r\n`,
    );
    // RFC 7692 §7.2.1: compressed with a sync flush, its last four bytes (00 00 ff ff) left off.
    const deflated = deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_SYNC_FLUSH }).subarray(0, -4);
    socket.write(frame(0x80 | 0x40 | 0x1, deflated));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A push of note 60001 padded with spaces (still one JSON text) to `bytes` bytes. */
const paddedPush = (bytes: number): string => {
  const head = '{"action":"push","note_id":60001';
  return `${head}${' '.repeat(bytes - head.length - 1)}}`;
};

describe('The push channel client (over a real WebSocket)', () => {
  let svc: RunningService;
  let push: PushServer;
  const clients: ContentSiteClient[] = [];
  const client = (token = 'cs-demo-token', baseUrl = push.restUrl) => {
    const c = new ContentSiteClient({ baseUrl, token });
    clients.push(c);
    return c;
  };

  before(async () => {
    svc = await startService();
  });
  beforeEach(async () => {
    push = await startPushServer({ forwardTo: svc.url, pingMs: 50 });
  });
  afterEach(() => push.close());
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await svc.close();
  });

  it('puts the channel beside /rest on the same host, ws for http and wss for https', () => {
    assert.equal(pushUrl('http://127.0.0.1:4000/rest'), 'ws://127.0.0.1:4000/pinghub/wpcom/me/newest-note-data');
    assert.equal(pushUrl('https://public-api.wordpress.com/rest/'), 'wss://public-api.wordpress.com/pinghub/wpcom/me/newest-note-data');
  });

  it('opens with the bearer token on the upgrade and hands on each push and delete as a typed event', async () => {
    const r = recorder();
    const socket = client().push.open(r.listener);
    await push.until(() => push.open() === 1);
    await r.until(() => r.count('open') === 1);
    assert.deepEqual(push.upgrades, [{ status: 101, authorization: 'Bearer cs-demo-token' }]);
    push.push(60001);
    push.remove(60002);
    await r.until(() => r.count('message') === 2);
    assert.deepEqual(
      r.events.filter((e) => e.type === 'message'),
      [
        {
          type: 'message',
          message: { action: 'push', note_id: 60001, user_id: 1001, newest_note_time: 0, newest_note_type: 'comment' },
        },
        { type: 'message', message: { action: 'delete', note_id: 60002 } },
      ],
    );
    socket.close();
  });

  it('a socket closed before its code loaded (with undici) never upgrades, and its listener hears nothing', async () => {
    const early = recorder();
    client().push.open(early.listener).close();
    // A second socket opened after it loads after it: once this one is open, the first had its turn.
    const r = recorder();
    const socket = client().push.open(r.listener);
    await r.until(() => r.count('open') === 1);
    assert.equal(push.upgrades.length, 1);
    assert.deepEqual(early.events, []);
    socket.close();
  });

  it("sees the server's pings, which undici answers by itself, as signs of life", async () => {
    const r = recorder();
    const socket = client().push.open(r.listener);
    await r.until(() => r.count('open') === 1);
    await r.until(() => r.count('alive') >= 3);
    assert.equal(r.count('message'), 0, 'no message was sent: the signs of life are the ping frames');
    socket.close();
  });

  it('ignores and logs what is not a push or a delete of a note, and stays open', async () => {
    const r = recorder();
    const log: string[] = [];
    const socket = client().push.open(r.listener, { log: (line) => log.push(line) });
    await r.until(() => r.count('open') === 1);
    for (const text of ['not json', '[1]', '{"action":"poke","note_id":1}', '{"action":"push","note_id":-4}', '{"action":"push"}'])
      push.send(text);
    push.push(60003);
    await r.until(() => r.count('message') === 1);
    assert.equal(log.length, 5);
    assert.match(log.join('\n'), /not JSON[\s\S]*not a JSON object[\s\S]*unknown action \("poke"\)[\s\S]*note_id -4[\s\S]*note_id missing/);
    assert.equal(push.open(), 1);
    socket.close();
  });

  it('tells an unauthorized upgrade (401) from a refused one (503) and from no answer at all', async () => {
    const unauthorized = recorder();
    client('not-a-token').push.open(unauthorized.listener);
    await unauthorized.until(() => r(unauthorized));
    assert.deepEqual(unauthorized.closeEvent()?.failure, { kind: 'auth', status: 401 });
    assert.equal(unauthorized.count('open'), 0);
    assert.deepEqual(
      push.upgrades.map((u) => u.status),
      [401],
      "asked once: undici's own second try after a 401 (same token) is not sent",
    );

    push.refuse(503);
    const refused = recorder();
    client().push.open(refused.listener);
    await refused.until(() => r(refused));
    assert.deepEqual(refused.closeEvent()?.failure, { kind: 'refused', status: 503 });

    const nobody = recorder();
    const gone = await startPushServer({ forwardTo: svc.url });
    await gone.close();
    client('cs-demo-token', gone.restUrl).push.open(nobody.listener);
    await nobody.until(() => r(nobody));
    assert.equal(nobody.closeEvent()?.failure?.kind, 'network');
    assert.match((nobody.closeEvent()!.failure as { message: string }).message, /ECONNREFUSED/);
    for (const rec of [unauthorized, refused, nobody]) assert.equal(rec.count('error'), 1, 'one error, then the close');

    function r(rec: ReturnType<typeof recorder>): boolean {
      return rec.closeEvent() !== undefined;
    }
  });

  it('a socket the server cuts reports a close 1006 after it opened; one it closes, its code', async () => {
    const cut = recorder();
    client().push.open(cut.listener);
    await cut.until(() => cut.count('open') === 1);
    push.drop();
    await cut.until(() => cut.closeEvent() !== undefined);
    assert.deepEqual(
      { ...cut.closeEvent(), reason: undefined },
      { type: 'close', code: 1006, opened: true, failure: undefined, reason: undefined },
    );

    const closed = recorder();
    client().push.open(closed.listener);
    await closed.until(() => closed.count('open') === 1);
    push.drop(4001);
    await closed.until(() => closed.closeEvent() !== undefined);
    assert.equal(closed.closeEvent()!.code, 4001);
  });

  it('terminate cuts the connection at once and close sends a close frame; neither reports anything after', async () => {
    const a = recorder();
    const first = client().push.open(a.listener);
    await a.until(() => a.count('open') === 1);
    first.terminate();
    await push.until(() => push.closeCodes.length === 1);
    assert.deepEqual(push.closeCodes, [1006], 'cut: no close frame');
    const b = recorder();
    const second = client().push.open(b.listener);
    await b.until(() => b.count('open') === 1);
    second.close();
    await push.until(() => push.closeCodes.length === 2);
    assert.deepEqual(push.closeCodes, [1006, 1000]);
    assert.equal(a.closeEvent(), undefined);
    assert.equal(b.closeEvent(), undefined);
  });

  it('a message over 64 KB closes the socket as a protocol failure, refused before it is read (not a network drop)', async () => {
    const r = recorder();
    client().push.open(r.listener);
    await r.until(() => r.count('open') === 1);
    push.send(paddedPush(100 * 1024));
    push.push(60002); // after the big one: never read either
    await r.until(() => r.closeEvent() !== undefined || r.count('message') > 0);
    assert.equal(r.count('message'), 0, 'nothing of it (or after it) was handed on');
    assert.deepEqual(r.closeEvent()!.failure, {
      kind: 'protocol',
      message: 'the server sent a message of 102400 bytes or more, over the 64 KB the push channel reads',
    });
    assert.equal(r.closeEvent()!.opened, true);
    await push.until(() => push.closeCodes.length === 1);
    assert.deepEqual(push.closeCodes, [1009], "undici's parser refused it from the frame's header (1009: message too big)");

    const fine = recorder();
    const socket = client().push.open(fine.listener);
    await fine.until(() => fine.count('open') === 1);
    push.send(paddedPush(64 * 1024)); // exactly the bound: read
    await fine.until(() => fine.count('message') === 1);
    socket.close();
  });

  it('offers no compression, so a server that would compress sends plain frames', async () => {
    const compressing = await startPushServer({ forwardTo: svc.url, compress: true });
    try {
      const r = recorder();
      const socket = client('cs-demo-token', compressing.restUrl).push.open(r.listener);
      await r.until(() => r.count('open') === 1);
      assert.deepEqual(compressing.upgrades, [{ status: 101, authorization: 'Bearer cs-demo-token' }], 'no Sec-WebSocket-Extensions');
      compressing.push(60003);
      await r.until(() => r.count('message') === 1);
      socket.close();
    } finally {
      await compressing.close();
    }
  });

  it('a server that compresses anyway is refused at its first compressed frame: nothing is inflated', async () => {
    // 1 MB of push, about 1 KB compressed: inflated, it would be read as a push of note 60001.
    const hostile = await forcedDeflateServer(paddedPush(1024 * 1024));
    try {
      const r = recorder();
      client('cs-demo-token', `${hostile.url}/rest`).push.open(r.listener);
      await r.until(() => r.closeEvent() !== undefined || r.count('message') > 0);
      assert.equal(r.count('open'), 1);
      assert.equal(r.count('message'), 0);
      assert.deepEqual(r.closeEvent()!.failure, {
        kind: 'protocol',
        message: 'the server sent a compressed frame, and compression was not agreed',
      });
    } finally {
      await hostile.close();
    }
  });

  describe('through a proxy', () => {
    const { useProxy } = proxyEnvironment();

    it('goes through HTTP_PROXY like every request (a CONNECT tunnel to the API host)', async () => {
      const proxy = await forwardProxy({ tunnelsOnly: true });
      try {
        useProxy(proxy.url);
        const r = recorder();
        const socket = client().push.open(r.listener);
        await r.until(() => r.count('open') === 1);
        assert.deepEqual(proxy.tunnels, [new URL(push.url).host]);
        push.push(60004);
        await r.until(() => r.count('message') === 1);
        socket.close();
      } finally {
        proxy.server.close();
      }
    });
  });
});
