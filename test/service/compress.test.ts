/** The reference service compresses as a real front end does, only when asked. */
import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { negotiate } from './compress';
import { startService, type RunningService } from '.';

function get(
  svc: RunningService,
  path: string,
  acceptEncoding?: string,
): Promise<{ headers: Record<string, string | string[] | undefined>; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${svc.url}${path}`,
      { headers: { authorization: 'Bearer cs-demo-token', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, raw: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('Compression', () => {
  let svc: RunningService;
  before(async () => (svc = await startService()));
  after(() => svc.close());
  const path = '/rest/v1/notifications/?number=20';

  it('sends brotli when the client allows it, gzip when only that, nothing when not asked', async () => {
    const plain = await get(svc, path);
    assert.equal(plain.headers['content-encoding'], undefined);
    const br = await get(svc, path, 'gzip, br');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.deepEqual(JSON.parse(brotliDecompressSync(br.raw).toString()), JSON.parse(plain.raw.toString()));
    const gz = await get(svc, path, 'gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(JSON.parse(gunzipSync(gz.raw).toString()), JSON.parse(plain.raw.toString()));
    assert.ok(br.raw.length < plain.raw.length / 4, `${br.raw.length} B compressed vs ${plain.raw.length} B`);
    const logged = svc.requests.filter((r) => r.path === path);
    assert.deepEqual(
      logged.map((r) => r.encoding),
      [undefined, 'br', 'gzip'],
    );
    assert.ok(
      logged.every((r) => r.bytes === plain.raw.length),
      'bytes is the decoded size',
    );
    assert.equal(logged[1].wireBytes, br.raw.length);
  });

  it('leaves small answers alone', async () => {
    const small = await get(svc, '/rest/v1.1/me?fields=ID', 'br');
    assert.equal(small.headers['content-encoding'], undefined);
  });

  it('negotiates as HTTP says: q=0 refuses, * allows, unknown codings are ignored', () => {
    assert.equal(negotiate('br;q=0, gzip'), 'gzip');
    assert.equal(negotiate('*'), 'br');
    assert.equal(negotiate('identity'), undefined);
    assert.equal(negotiate('deflate, zstd'), undefined);
    assert.equal(negotiate(' GZIP ;q=0.5'), 'gzip');
    assert.equal(negotiate(undefined), undefined);
  });
});
