/** The client asks for compression and reads compressed answers; the bytes on the wire shrink. */
import * as assert from 'node:assert/strict';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ACCEPT_ENCODING, decodeBody } from '../../src/api/contentEncoding';
import { restRequests, useClientAndService } from './setup';

const { svc, client } = useClientAndService();

describe('Compressed answers', () => {
  it('a notifications page comes brotli-compressed, several times smaller, and decodes to the same notes', async () => {
    assert.equal(ACCEPT_ENCODING, 'br, gzip');
    const page = await client().notifications.list({
      number: 20,
      fields: 'id,type,unread,noticon,body,subject,timestamp,meta,status,note_hash,date',
    });
    assert.equal(page.notes.length, 20);
    const [entry] = restRequests(svc());
    assert.equal(entry.encoding, 'br');
    assert.ok(entry.wireBytes! * 4 < entry.bytes, `${entry.wireBytes} B on the wire for ${entry.bytes} B`);
  });

  it("a compressed error answer reads as the service's error, and a batch decodes too", async () => {
    svc().queueFault({ path: '/rest/v1/sites/', count: 1, fault: 'status=503' });
    await assert.rejects(client(undefined, { retry: { maxTries: 1 } }).sites.get(2001), (e: { status?: number }) => e.status === 503);
    const api = client();
    const out = await api.together([api.notifications.listRequest({ number: 5 }), api.reader.tagsRequest()]);
    assert.ok(out.every((o) => o.ok));
  });
});

describe('Decoding answers', () => {
  it('reads br, gzip and identity; refuses an unknown coding and a bomb past the limit', async () => {
    assert.equal(await decodeBody(brotliCompressSync('{"a":1}'), 'br'), '{"a":1}');
    assert.equal(await decodeBody(gzipSync('{"a":1}'), 'GZIP'), '{"a":1}');
    assert.equal(await decodeBody(Buffer.from('{"a":1}'), undefined), '{"a":1}');
    await assert.rejects(decodeBody(Buffer.from('x'), 'zstd'), /does not read/);
    const bomb = gzipSync(Buffer.alloc(65 * 1024 * 1024));
    await assert.rejects(decodeBody(bomb, 'gzip'), /exceeds|larger|RangeError|Cannot create a Buffer/i);
  });
});
