/**
 * Which local files a post may upload (src/writing/imageFiles.ts), on real files: only inside the
 * workspace folder that holds the post (symbolic links resolved), only regular files, no bigger than
 * the site takes, and images by their bytes. A FIFO and a sparse 2 GB file answer at once.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkImage, droppedImage, formatList, uploadRules, type CheckedImage } from '../../../src/writing/imageFiles';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const RULES = uploadRules({ max_upload_size: 5 * 1024 * 1024 }, 50 * 1024 * 1024);

describe('Local images a post may upload', () => {
  let base: string;
  let root: string;
  let posts: string;
  let outside: string;
  const place = () => ({ fileDir: posts, root });
  const check = (src: string) => checkImage(src, place(), RULES);
  const refused = (c: CheckedImage) => (c.ok ? 'ok' : c.problem);

  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'cs-images-'));
    root = join(base, 'workspace');
    posts = join(root, 'posts');
    outside = join(base, 'home');
    mkdirSync(posts, { recursive: true });
    mkdirSync(join(outside, '.ssh'), { recursive: true });
    writeFileSync(join(posts, 'lamp.png'), PNG);
    writeFileSync(join(outside, '.ssh', 'id_rsa'), '-----BEGIN OPENSSH PRIVATE KEY-----\nsecret\n');
    writeFileSync(join(outside, 'photo.png'), PNG);
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('takes a PNG beside the post: its real path, type, size and content hash', async () => {
    const c = await check('lamp.png');
    assert.ok(c.ok);
    assert.deepEqual([c.name, c.type, c.size], ['lamp.png', 'image/png', PNG.length]);
    assert.equal(c.sha256, createHash('sha256').update(PNG).digest('hex'));
  });

  it('refuses every way out of the workspace folder: an absolute path, ../, %2e%2e/, a symbolic link that leads out', async () => {
    symlinkSync(join(outside, 'photo.png'), join(posts, 'innocent.png'));
    symlinkSync(join(outside, '.ssh'), join(root, 'keys'));
    const cases = [
      join(outside, 'photo.png'),
      '../../home/photo.png',
      '%2e%2e/%2e%2e/home/photo.png',
      '..%2f..%2fhome%2fphoto.png',
      'innocent.png',
      '../keys/id_rsa',
    ];
    for (const src of cases) {
      const c = await check(src);
      assert.equal(refused(c), 'outside', src);
      assert.ok(!c.ok && /only images inside the folder that holds the post are uploaded/.test(c.message), src);
    }
  });

  it('a post file outside any workspace folder uploads nothing', async () => {
    const c = await checkImage('lamp.png', { fileDir: posts, root: undefined }, RULES);
    assert.equal(refused(c), 'no-folder');
  });

  it('decides by the bytes, not the name: a text file, a PDF and an SVG named .png are refused, naming the formats taken', async () => {
    writeFileSync(join(posts, 'notes.png'), 'just text\n');
    writeFileSync(join(posts, 'paper.png'), '%PDF-1.7\n');
    writeFileSync(join(posts, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(posts, 'empty.png'), '');
    for (const src of ['notes.png', 'paper.png', 'logo.svg', 'empty.png']) {
      const c = await check(src);
      assert.equal(refused(c), 'not-image', src);
      assert.ok(!c.ok && c.message.includes('is not a PNG, JPEG, GIF or WebP image (by its content, whatever its name)'), src);
    }
  });

  it('names a file by what it is: a JPEG called .png is sent as photo.jpg, image/jpeg; GIF and WebP are taken', async () => {
    writeFileSync(join(posts, 'photo.png'), JPEG);
    writeFileSync(join(posts, 'anim.gif'), GIF);
    writeFileSync(join(posts, 'modern'), WEBP);
    const jpeg = await check('photo.png');
    assert.ok(jpeg.ok && jpeg.name === 'photo.jpg' && jpeg.type === 'image/jpeg');
    assert.ok((await check('anim.gif')).ok);
    const webp = await check('modern');
    assert.ok(webp.ok && webp.name === 'modern.webp' && webp.type === 'image/webp');
  });

  it('a FIFO named pipe.png is not a regular file: answered at once, never waited on', async function () {
    execFileSync('mkfifo', [join(posts, 'pipe.png')]);
    const c = await check('pipe.png');
    assert.equal(refused(c), 'not-file');
  });

  it('a sparse 2 GB big.png is refused by its size before a byte of it is read', async () => {
    const fd = openSync(join(posts, 'big.png'), 'w');
    ftruncateSync(fd, 2 * 1024 * 1024 * 1024);
    closeSync(fd);
    const before = process.memoryUsage().rss;
    const c = await check('big.png');
    assert.equal(refused(c), 'too-big');
    assert.ok(!c.ok && /big\.png is 2048 MB; the site takes images up to 5 MB/.test(c.message), !c.ok ? c.message : '');
    assert.ok(process.memoryUsage().rss - before < 64 * 1024 * 1024, 'nothing of it was read into memory');
  });

  it('a missing file says so', async () => {
    assert.equal(refused(await check('gone.png')), 'missing');
  });

  it("the site's own rules: its upload limit, and only the formats its allowed file types name", async () => {
    const rules = uploadRules({ max_upload_size: 50, allowed_file_types: ['jpg', 'jpeg', 'pdf'] }, 1000);
    assert.equal(rules.maxBytes, 50);
    assert.equal(formatList(rules.formats), 'JPEG');
    const c = await checkImage('lamp.png', place(), rules);
    assert.equal(refused(c), 'too-big');
    const small = await checkImage('lamp.png', place(), { ...rules, maxBytes: 10_000 });
    assert.ok(!small.ok && small.message.includes('is not a JPEG image'));
    assert.equal(uploadRules(undefined, 1234).maxBytes, 1234, 'a site that does not say: our documented default');
    assert.equal(uploadRules({ max_upload_size: 'lots' }, 1234).maxBytes, 1234);
  });

  it('a dropped file is an image by its bytes, named for what it is', () => {
    assert.deepEqual(droppedImage('shot.png', new Uint8Array(JPEG))?.name, 'shot.jpg');
    assert.equal(droppedImage('notes.png', new TextEncoder().encode('text')), undefined);
  });
});
