/**
 * The media library beyond uploads (site-data.md and the official client's own tests): `media/new`
 * with JSON `{media_urls, attrs}` downloaded by the service (from a loopback server here), the
 * deprecated v1 listing, and one item's get (v1.1 and v1.2), update and delete.
 */
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callService, serviceCalls, serviceFixture } from './reply';
import { SITES } from './index';

const DEMO = 'cs-demo-token';
const MEDIA = `/rest/v1.1/sites/${SITES.demo}/media`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC', 'base64');

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Media items and media from URLs', () => {
  const fx = serviceFixture();
  const { call, ok, getOk, refused } = serviceCalls(fx, DEMO);

  /** A loopback file server: /lamp.png, /photo (a PNG without an extension), /big.png (over the limit), /missing.png (404). */
  let files: Server;
  let base = '';
  const served: string[] = [];
  before(async () => {
    files = createServer((req, res) => {
      served.push(req.url ?? '');
      if (req.url === '/lamp.png' || req.url === '/photo') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      else if (req.url === '/big.png') {
        // No content-length: the service must stop reading at its limit by itself.
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(Buffer.alloc(64 * 1024));
        res.end(Buffer.alloc(64 * 1024));
      } else res.writeHead(404, { 'content-type': 'text/plain' }).end('nope');
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => files.close(() => resolve())));

  const addUrls = (json: unknown, token = DEMO) => call('POST', `${MEDIA}/new`, { token, json });

  describe('media/new with media_urls', () => {
    it('downloads each URL into the library, with the attrs of its index (a sparse array too), and serves the bytes', async () => {
      const r = await addUrls({
        media_urls: [`${base}/lamp.png`, `${base}/photo`],
        attrs: [null, { title: 'A photo', caption: 'From the desk', description: 'Taken at noon' }],
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.json.errors, []);
      const [lamp, photo] = r.json.media as Json[];
      assert.deepEqual([lamp.file, lamp.mime_type, lamp.width, lamp.height, lamp.title], ['lamp.png', 'image/png', 2, 2, 'lamp']);
      assert.deepEqual(
        [photo.file, photo.title, photo.caption, photo.description],
        ['photo.png', 'A photo', 'From the desk', 'Taken at noon'],
        'no extension: named by the type the server said',
      );
      assert.deepEqual(Buffer.from(await (await fetch(lamp.URL)).arrayBuffer()), PNG);
      assert.equal((await getOk(`${MEDIA}/?number=10`)).found, 2);
    });
    it('takes a form body too (media_urls[])', async () => {
      const r = await call('POST', `${MEDIA}/new`, { token: DEMO, form: `media_urls[]=${encodeURIComponent(`${base}/lamp.png`)}` });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json.media.length, 1);
    });
    it('refuses what is not http(s), a missing file and one over the upload limit, each as its own error; the rest is added', async () => {
      fx.svc.world().uploadLimit = 100 * 1024;
      const r = await addUrls({
        media_urls: [
          `file:///etc/passwd`,
          'ftp://example.com/x.png',
          'not a url',
          `${base}/missing.png`,
          `${base}/big.png`,
          `${base}/lamp.png`,
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json.media.length, 1);
      assert.deepEqual(
        r.json.errors.map((e: Json) => [e.error, e.message]),
        [
          ['http_request_failed', 'A valid URL was not provided.'],
          ['http_request_failed', 'A valid URL was not provided.'],
          ['http_request_failed', 'A valid URL was not provided.'],
          ['http_404', 'Not Found'],
          ['rest_upload_file_too_big', 'This file is too big.'],
        ],
      );
      assert.equal(served.includes('/etc/passwd'), false);
    });
    it('none added: 400 with the first error; no URL and no file: 400 invalid_input; a contributor may not upload', async () => {
      const r = await addUrls({ media_urls: [`${base}/missing.png`] });
      assert.deepEqual([r.status, r.json.error, r.json.errors.length], [400, 'http_404', 1]);
      await refused(addUrls({ media_urls: [] }), 400, 'invalid_input', 'No media provided in input.');
      await refused(addUrls({ media_urls: [`${base}/lamp.png`] }, 'cs-con-token'), 403, 'unauthorized', 'User cannot upload media.');
    });
  });

  describe('one item', () => {
    const addLamp = async (token = DEMO): Promise<Json> => (await addUrls({ media_urls: [`${base}/lamp.png`] }, token)).json.media[0];

    it('GET answers the item (v1.1, and v1.2 as the official client asks), with its meta links', async () => {
      const lamp = await addLamp();
      const item = await getOk(`${MEDIA}/${lamp.ID}`);
      assert.deepEqual(item, lamp);
      assert.deepEqual(await getOk(`/rest/v1.2/sites/${SITES.demo}/media/${lamp.ID}`), item);
      assert.equal(item.meta.links.self, `${fx.svc.url}${MEDIA}/${lamp.ID}`);
      assert.equal((await call('GET', `/rest/v1.2/sites/${SITES.demo}/posts/100`)).status, 404, 'v1.2 answers only that route');
    });
    it('GET refuses: 404 unknown_media, 403 "User cannot view media" without edit_posts, a token needed', async () => {
      const lamp = await addLamp();
      await refused(call('GET', `${MEDIA}/99999`), 404, 'unknown_media', 'Unknown Media');
      await refused(call('GET', `/rest/v1.1/sites/${SITES.selfHosted}/media/${lamp.ID}`), 404, 'unknown_media', 'Unknown Media');
      await refused(call('GET', `${MEDIA}/${lamp.ID}`, { token: 'cs-sub-token' }), 403, 'unauthorized', 'User cannot view media');
      assert.equal((await getOk(`${MEDIA}/${lamp.ID}`, 'cs-con-token')).ID, lamp.ID, 'a contributor may see media');
      assert.equal((await call('GET', `${MEDIA}/${lamp.ID}`, {})).status, 403);
    });
    it('POST updates title, caption, description, alt (no markup) and parent_id; the list and GET show it', async () => {
      const lamp = await addLamp();
      const u = await ok('POST', `${MEDIA}/${lamp.ID}`, {
        token: DEMO,
        json: { title: 'This is the new title', caption: 'c', description: 'd', alt: '<b>A lamp</b>', parent_id: 100 },
      });
      assert.deepEqual(
        [u.title, u.caption, u.description, u.alt, u.post_ID, u.meta.links.parent],
        ['This is the new title', 'c', 'd', 'A lamp', 100, `${fx.svc.url}/rest/v1.1/sites/${SITES.demo}/posts/100`],
      );
      assert.deepEqual(await getOk(`${MEDIA}/${lamp.ID}`), u);
      await refused(
        call('POST', `${MEDIA}/${lamp.ID}`, { token: 'cs-con-token', form: 'title=x' }),
        403,
        'unauthorized',
        'User cannot view media',
      );
      await refused(call('POST', `${MEDIA}/99999`, { token: DEMO, form: 'title=x' }), 404, 'unknown_media', 'Unknown Media');
    });
    it('POST …/delete deletes it for good (answered with status deleted); its file is gone; an author may delete only her own', async () => {
      const lamp = await addLamp();
      const byAnn = await addLamp('cs-ann-token');
      await refused(
        call('POST', `${MEDIA}/${lamp.ID}/delete`, { token: 'cs-ann-token' }),
        403,
        'unauthorized',
        'User is not authorized delete media',
      );
      assert.equal((await ok('POST', `${MEDIA}/${byAnn.ID}/delete`, { token: 'cs-ann-token' })).status, 'deleted');
      const gone = await ok('POST', `${MEDIA}/${lamp.ID}/delete`);
      assert.deepEqual([gone.ID, gone.status], [lamp.ID, 'deleted']);
      await refused(call('GET', `${MEDIA}/${lamp.ID}`), 404, 'unknown_media', 'Unknown Media');
      assert.equal((await fetch(lamp.URL)).status, 404);
      await refused(call('POST', `${MEDIA}/${lamp.ID}/delete`), 404, 'unknown_media', 'Unknown Media');
    });
  });

  it('the deprecated v1 path lists the library as v1.1 does', async () => {
    await addUrls({ media_urls: [`${base}/lamp.png`] });
    const v1 = await callService(fx.svc.url, 'GET', `/rest/v1/sites/${SITES.demo}/media/`, { token: DEMO });
    assert.equal(v1.status, 200, v1.text);
    assert.deepEqual(v1.json, await getOk(`${MEDIA}/`));
    assert.equal(v1.json.found, 1);
  });
});
