/**
 * A stranger's post file against the reference service (issue 23): no local file outside the
 * workspace folder reaches the site's library, nothing but images by their bytes, nothing that
 * hangs; and no lost or doubled answer makes a second post or touches another one.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, openSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ContentSiteError } from '../../src/api';
import { KeyedQueue } from '../../src/models/keyedQueue';
import { uploadRules } from '../../src/writing/imageFiles';
import { WRITING_LIMITS } from '../../src/writing/limits';
import { parsePostFile } from '../../src/writing/postFile';
import { PublishError } from '../../src/writing/publishBase';
import { PUBLISH_TOKEN_KEY } from '../../src/writing/publisher';
import { PNG, PostFileStandIn, removeWorkspaces, tempFolder } from './postFileStandIn';
import { useClientAndService } from './setup';

const { svc, client } = useClientAndService();
const SITE = '2001';
const NEW = '---\ntitle: Night walk\nstatus: publish\n---\nThe street was quiet.\n';
/** Any number of retries of a GET meet the fault too (the client retries a failed GET). */
const ALWAYS = 50;

describe('A post file from a cloned repository, published', () => {
  afterEach(removeWorkspaces);
  const posts = () => [...svc().world().posts.values()].filter((p) => p.siteId === 2001);
  const library = () => [...svc().world().media.values()];
  const uploads = () => svc().requests.filter((r) => r.method === 'POST' && r.path.split('?')[0].endsWith('/media/new'));
  const creates = () => svc().requests.filter((r) => r.method === 'POST' && r.path.split('?')[0].endsWith('/posts/new'));
  /** The stand-in with the site's own upload rules (its options, as the editor reads them). */
  function fileOf(text: string): PostFileStandIn {
    const file = new PostFileStandIn(text, () => client());
    return file;
  }

  describe('uploads only what the writer meant', () => {
    let file: PostFileStandIn;
    let home: string;
    beforeEach(async () => {
      file = fileOf(NEW);
      const site = await client().sites.get(SITE);
      file.rules = uploadRules(site.options, WRITING_LIMITS.defaultUploadBytes);
      home = tempFolder('cs-home-');
      mkdirSync(join(home, '.ssh'), { recursive: true });
      writeFileSync(join(home, '.ssh', 'id_rsa.png'), '-----BEGIN OPENSSH PRIVATE KEY-----\nplanted\n');
      writeFileSync(join(home, 'photo.png'), PNG);
    });

    it('an image outside the workspace folder (absolute, ../../, %2e%2e/, reference-style, a link out, featured_image) is refused on its line; nothing leaves', async () => {
      symlinkSync(join(home, '.ssh', 'id_rsa.png'), join(file.place.fileDir, 'innocent.png'));
      const rel = relative(file.place.fileDir, home);
      const cases: Array<[string, RegExp]> = [
        [`![k](${join(home, '.ssh', 'id_rsa.png')})`, /^Line 7: .*is outside this workspace folder/],
        [`![k](${rel}/.ssh/id_rsa.png)`, /^Line 7: .*is outside this workspace folder/],
        [`![k](${rel.replace(/\./g, '%2e')}/.ssh/id_rsa.png)`, /^Line 7: .*is outside this workspace folder/],
        [`![k][r]\n\n[r]: ${rel}/.ssh/id_rsa.png`, /^Line 7: .*is outside this workspace folder/],
        ['![k](innocent.png)', /^Line 7: innocent\.png is outside this workspace folder \(it is .*id_rsa\.png\)/],
      ];
      for (const [body, message] of cases) {
        file.text = `${NEW}\n${body}\n`;
        await assert.rejects(file.publish(), (err: unknown) => err instanceof PublishError && message.test(err.message), body);
      }
      file.text = NEW.replace('status:', `featured_image: ${join(home, 'photo.png')}\nstatus:`);
      await assert.rejects(file.publish(), /^PublishError: Line 3: .*photo\.png is outside this workspace folder/);
      assert.deepEqual([uploads().length, creates().length, library().length], [0, 0, 0], 'nothing sent');
    });

    it('by its bytes: a text file named .png, a PDF, an SVG are refused; a FIFO answers at once; a sparse 2 GB file is refused by its size', async () => {
      const dir = file.place.fileDir;
      writeFileSync(join(dir, 'notes.png'), 'not an image');
      writeFileSync(join(dir, 'paper.pdf'), '%PDF-1.7\n');
      writeFileSync(join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      execFileSync('mkfifo', [join(dir, 'pipe.png')]);
      const fd = openSync(join(dir, 'big.png'), 'w');
      ftruncateSync(fd, 2 * 1024 * 1024 * 1024);
      closeSync(fd);
      const cases: Array<[string, RegExp]> = [
        ['notes.png', /notes\.png is not a PNG, JPEG, GIF or WebP image \(by its content, whatever its name\)/],
        ['paper.pdf', /paper\.pdf is not a PNG, JPEG, GIF or WebP image/],
        ['logo.svg', /logo\.svg is not a PNG, JPEG, GIF or WebP image/],
        ['pipe.png', /pipe\.png is not a regular file/],
        ['big.png', /big\.png is 2048 MB; the site takes images up to 5 MB\./],
      ];
      for (const [name, message] of cases) {
        file.text = `${NEW}\n![x](${name})\n`;
        await assert.rejects(file.publish(), (err: unknown) => err instanceof PublishError && message.test(err.message), name);
      }
      assert.deepEqual([uploads().length, creates().length], [0, 0]);
    });

    it('an image inside the folder goes up once, streamed, under the name of what it is', async () => {
      writeFileSync(join(file.place.fileDir, 'photo.png'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]));
      file.text = `${NEW}\n![p](photo.png)\n`;
      const out = await file.publish();
      assert.equal(out.kind, 'created');
      assert.deepEqual(
        library().map((m) => [m.file, m.mime_type]),
        [['photo.jpg', 'image/jpeg']],
      );
    });
  });

  describe('is never created twice, and never taken for another post', () => {
    it('a create carries a token the site keeps; the file holds no trace of it once the answer named the post', async () => {
      const file = fileOf(NEW);
      const out = await file.publish();
      assert.ok(out.kind === 'created');
      const stored = svc().world().posts.get(out.post.ID)!;
      const token = stored.metadata.find((m) => m.key === PUBLISH_TOKEN_KEY)?.value;
      assert.match(token ?? '', /^[0-9a-f-]{36}$/);
      assert.equal(parsePostFile(file.text).meta.unconfirmed, undefined);
      assert.equal(parsePostFile(file.text).meta.id, out.post.ID);
    });

    it('applied, answer lost, and the look-up lost too: "not known", the file records the attempt; the next Publish finds it, one post', async () => {
      const file = fileOf(NEW);
      const before = posts().length;
      svc().queueFault({ method: 'POST', path: `/rest/v1.1/sites/${SITE}/posts/new`, fault: 'applied,reset' });
      svc().queueFault({ method: 'GET', path: `/rest/v1.1/sites/${SITE}/posts/?type=any&meta_key=`, fault: 'reset', count: ALWAYS });
      await assert.rejects(
        file.publish(),
        (err: unknown) =>
          err instanceof PublishError &&
          /^It is not known whether “Night walk” was published: .*the next Publish looks for the post/.test(err.message),
      );
      assert.equal(posts().length, before + 1, 'the site made it');
      const token = parsePostFile(file.text).meta.unconfirmed;
      assert.ok(token, 'the file records the unconfirmed attempt');
      svc().clearFaults();
      const out = await file.publish();
      assert.equal(out.kind, 'created');
      assert.equal(posts().length, before + 1, 'one post, not two');
      assert.equal(creates().length, 1, 'no second create');
      assert.equal(parsePostFile(file.text).meta.id, out.post.ID);
      assert.equal(parsePostFile(file.text).meta.unconfirmed, undefined);
    });

    it('not applied, answer lost, with an older post of the same title and body on the site: that post is not adopted nor touched', async () => {
      const older = fileOf(NEW);
      const first = await older.publish();
      assert.ok(first.kind === 'created');
      const olderPost = { ...svc().world().posts.get(first.post.ID)! };
      const file = fileOf(NEW);
      svc().queueFault({ method: 'POST', path: `/rest/v1.1/sites/${SITE}/posts/new`, fault: 'reset' });
      await assert.rejects(file.publish(), /“Night walk” was not published: .*the site, asked, has no such post\. Publish again/);
      assert.equal(parsePostFile(file.text).meta.id, undefined, 'the file names no post');
      // No answer: the create may still land after the look-up, so the next Publish looks for it again.
      assert.ok(parsePostFile(file.text).meta.unconfirmed, 'the file still records the attempt');
      const out = await file.publish();
      assert.ok(out.kind === 'created');
      assert.notEqual(out.post.ID, first.post.ID);
      assert.deepEqual(svc().world().posts.get(first.post.ID), olderPost, 'the older post is as it was');
    });

    it('an update applied whose answer was lost is the writer’s own: no error when the site can be asked, no conflict when it cannot', async () => {
      const file = fileOf(NEW);
      const created = await file.publish();
      assert.ok(created.kind === 'created');
      const id = created.post.ID;
      const path = `/rest/v1.1/sites/${SITE}/posts/${id}`;

      file.text = file.text.replace('quiet.', 'quiet, at last.');
      svc().queueFault({ method: 'POST', path, fault: 'applied,reset' });
      const first = await file.publish();
      assert.equal(first.kind, 'updated', 'recognised by asking the site');
      assert.match(svc().world().posts.get(id)!.content, /at last\./);

      file.text = file.text.replace('at last.', 'at long last.');
      svc().queueFault({ method: 'POST', path, fault: 'applied,reset' });
      svc().queueFault({ method: 'GET', path, fault: 'reset', count: ALWAYS });
      await assert.rejects(
        file.publish(),
        /^PublishError: It is not known whether “Night walk” was updated: .*Publish again: it checks what the site holds first\./,
      );
      svc().clearFaults();
      file.text = file.text.replace('at long last.', 'at long, long last.');
      const again = await file.publish();
      assert.equal(again.kind, 'updated', 'not shown as a conflict: the only change on the site was the writer’s own');
      assert.match(svc().world().posts.get(id)!.content, /at long, long last\./);
    });

    it("a file naming an existing post with a modified it did not get from here (2099-01-01) overwrites nothing: the site's version is shown", async () => {
      const target = svc().world().posts.get(100)!;
      const before = { ...target };
      const file = fileOf(`---\ntitle: Mine now\nid: 100\nmodified: 2099-01-01T00:00:00Z\nstatus: publish\n---\nOverwritten.\n`);
      const out = await file.publish();
      assert.equal(out.kind, 'conflict');
      assert.ok(out.kind === 'conflict' && out.reason === 'untrusted');
      assert.deepEqual(svc().world().posts.get(100), before, 'post 100 is as it was');
      assert.equal(svc().requests.filter((r) => r.method === 'POST' && r.path.includes('/posts/100')).length, 0);
    });

    it('two Publishes of one new file, one after the other as the editor queues them: one post', async () => {
      const file = fileOf(NEW);
      const queue = new KeyedQueue();
      const [a, b] = await Promise.all([queue.run('file', () => file.publish()), queue.run('file', () => file.publish())]);
      assert.deepEqual([a.kind, b.kind], ['created', 'updated']);
      assert.equal(creates().length, 1);
      assert.equal(posts().filter((p) => p.title === 'Night walk').length, 1);
    });

    it('a refusal of the look-up is said as such: nothing is created while the earlier attempt cannot be ruled out', async () => {
      const file = fileOf(NEW);
      file.text = `---\ntitle: Night walk\nstatus: publish\nunconfirmed: 8a1c3b52-2d7e-4c1e-9d55-6f1f0b7e2a10\n---\nThe street was quiet.\n`;
      svc().queueFault({ method: 'GET', path: `/rest/v1.1/sites/${SITE}/posts/?type=any&meta_key=`, fault: 'status=503', count: ALWAYS });
      await assert.rejects(
        file.publish(),
        (err: unknown) =>
          err instanceof PublishError &&
          /may have been published by an earlier attempt, and the site could not be asked/.test(err.message) &&
          err.cause instanceof ContentSiteError,
      );
      assert.equal(creates().length, 0);
    });
  });
});
