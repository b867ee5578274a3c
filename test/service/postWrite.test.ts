/**
 * Writing posts and the media library on the reference service (writing.md): create, update with
 * the stale-update refusal, trash then delete for good, the roles, multipart uploads and their
 * refusals, the library's listing and the files served at their URLs.
 */
import * as assert from 'node:assert/strict';
import { callService, serviceCalls, serviceFixture } from './reply';
import { DEFAULT_NOW, SITES } from './index';

const POSTS = `/rest/v1.1/sites/${SITES.demo}/posts`;
const MEDIA = `/rest/v1.1/sites/${SITES.demo}/media`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC', 'base64');
const iso = (t: number) => new Date(t * 1000).toISOString();

describe('Writing posts on the reference service', () => {
  const fx = serviceFixture();
  const { call, ok } = serviceCalls(fx);
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const create = (fields: Record<string, string>, token = 'cs-demo-token') => call('POST', `${POSTS}/new`, { token, form: form(fields) });

  async function upload(files: Array<{ name: string; data: Buffer; type?: string; alt?: string }>, token = 'cs-demo-token') {
    const body = new FormData();
    files.forEach((f, i) => {
      body.append('media[]', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/png' }), f.name);
      if (f.alt) body.append(`attrs[${i}][alt]`, f.alt);
    });
    const res = await fetch(`${fx.svc.url}${MEDIA}/new`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
    return { status: res.status, json: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  describe('posts/new', () => {
    it('creates a post with the HTML as sent, its tags, and a slug of its own; context=edit answers the content unchanged', async () => {
      const html = '<p>One line joined.</p>\n<pre><code>a &lt; b &#91;x&#93;</code></pre>';
      const r = await create({ title: 'Hello there', content: html, status: 'publish', tags: 'a, b' });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json.status, 'publish');
      assert.equal(r.json.slug, 'hello-there');
      assert.deepEqual(Object.keys(r.json.tags).sort(), ['a', 'b']);
      const again = await ok('GET', `${POSTS}/${r.json.ID}?context=edit`);
      assert.equal(again.content, html);
      const second = await create({ title: 'Hello there', content: 'x' });
      assert.equal(second.json.slug, 'hello-there-2', 'slugs stay unique');
      assert.equal(second.json.status, 'publish', 'no status: published, as the real service (its enum starts with publish)');
    });

    it('keeps metadata sent as metadata[i][key|value|operation] (a protected _key is not written); the list finds posts by meta_key and meta_value', async () => {
      const r = await create({
        title: 'Tagged',
        content: 'x',
        'metadata[0][key]': 'content_site_publish_token',
        'metadata[0][value]': 'tok-1',
        'metadata[1][key]': '_edit_lock',
        'metadata[1][value]': 'no',
      });
      assert.equal(r.status, 200, r.text);
      const stored = fx.svc.world().posts.get(r.json.ID)!.metadata;
      assert.deepEqual(
        stored.map((m) => [m.key, m.value]),
        [['content_site_publish_token', 'tok-1']],
      );
      const found = await ok('GET', `${POSTS}/?status=any&meta_key=content_site_publish_token&meta_value=tok-1`);
      assert.deepEqual(
        found.posts.map((p: { ID: number }) => p.ID),
        [r.json.ID],
      );
      const none = await ok('GET', `${POSTS}/?status=any&meta_key=content_site_publish_token&meta_value=tok-2`);
      assert.equal(none.found, 0);
      const update = await call('POST', `${POSTS}/${r.json.ID}`, {
        token: 'cs-demo-token',
        form: form({ 'metadata[0][key]': 'content_site_publish_token', 'metadata[0][operation]': 'delete' }),
      });
      assert.equal(update.status, 200);
      assert.deepEqual(fx.svc.world().posts.get(r.json.ID)!.metadata, []);
    });

    it("the site's options (upload limit, file types) answer only to those who may edit posts", async () => {
      const admin = await ok('GET', `/rest/v1.1/sites/${SITES.demo}`);
      assert.deepEqual(admin.options, {
        max_upload_size: fx.svc.world().uploadLimit,
        allowed_file_types: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf'],
      });
      const sub = await call('GET', `/rest/v1.1/sites/${SITES.demo}`, { token: 'cs-sub-token' });
      assert.equal(sub.json.options, undefined);
    });

    it('a publish dated in the future is scheduled; nothing to write at all is invalid_input', async () => {
      const r = await create({ title: 'Later', content: 'x', status: 'publish', date: iso(DEFAULT_NOW + 86400) });
      assert.equal(r.json.status, 'future');
      const empty = await create({ status: 'draft' });
      assert.equal(empty.status, 400);
      assert.equal(empty.json.error, 'invalid_input');
      assert.equal(empty.json.message, 'Invalid request input');
    });

    it("a contributor's publish is saved as pending without a word; a subscriber is refused", async () => {
      const r = await create({ title: 'From con', content: 'x', status: 'publish' }, 'cs-con-token');
      assert.equal(r.status, 200);
      assert.equal(r.json.status, 'pending');
      const refused = await create({ title: 'From sub', content: 'x' }, 'cs-sub-token');
      assert.equal(refused.status, 403);
      assert.deepEqual([refused.json.error, refused.json.message], ['unauthorized', 'User cannot publish posts']);
    });
  });

  describe('posts/$ID', () => {
    it('updates with the modified the client saw; a stale one is 409 old-revision and changes nothing', async () => {
      const made = (await create({ title: 'Draft', content: '<p>v1</p>' })).json;
      const v2 = await call('POST', `${POSTS}/${made.ID}`, {
        token: 'cs-demo-token',
        form: form({ content: '<p>v2</p>', if_not_modified_since: made.modified }),
      });
      assert.equal(v2.status, 200, v2.text);
      assert.notEqual(v2.json.modified, made.modified, 'every write moves modified');
      const stale = await call('POST', `${POSTS}/${made.ID}`, {
        token: 'cs-demo-token',
        form: form({ content: '<p>v3</p>', if_not_modified_since: made.modified }),
      });
      assert.equal(stale.status, 409);
      assert.deepEqual([stale.json.error, stale.json.message], ['old-revision', 'There is a revision of this post that is more recent.']);
      assert.equal((await ok('GET', `${POSTS}/${made.ID}?context=edit`)).content, '<p>v2</p>');
    });

    it("an author may not edit another's post; an unknown post is unknown_post", async () => {
      const refused = await call('POST', `${POSTS}/100`, { token: 'cs-ann-token', form: form({ content: 'x' }) });
      // Post 100 is demo's; ann is an author on the demo site.
      assert.equal(refused.status, 403);
      const unknown = await call('POST', `${POSTS}/99999`, { token: 'cs-demo-token', form: form({ content: 'x' }) });
      assert.equal(unknown.status, 404);
      assert.equal(unknown.json.error, 'unknown_post');
    });

    it('delete moves to the trash, and deletes for good when it is there already', async () => {
      const made = (await create({ title: 'Gone soon', content: 'x' })).json;
      assert.equal((await ok('POST', `${POSTS}/${made.ID}/delete`)).status, 'trash');
      assert.equal((await ok('POST', `${POSTS}/${made.ID}/delete`)).status, 'deleted');
      assert.equal((await call('GET', `${POSTS}/${made.ID}`)).status, 404);
    });
  });

  describe('media', () => {
    it('uploads an image (sized, with its alt), lists it, and serves its bytes at its URL', async () => {
      const r = await upload([{ name: 'lamp.png', data: PNG, alt: 'A lamp' }]);
      assert.equal(r.status, 200, JSON.stringify(r.json));
      const [item] = r.json.media;
      assert.deepEqual([item.mime_type, item.width, item.height, item.alt], ['image/png', 2, 2, 'A lamp']);
      const served = await fetch(item.URL);
      assert.equal(served.headers.get('content-type'), 'image/png');
      assert.deepEqual(Buffer.from(await served.arrayBuffer()), PNG);
      const listed = await ok('GET', `${MEDIA}/?mime_type=image`);
      assert.equal(listed.found, 1);
      assert.equal(listed.media[0].ID, item.ID);
      const again = await upload([{ name: 'lamp.png', data: PNG }]);
      assert.equal(again.json.media[0].file, 'lamp-1.png', 'a second file of the same name gets its own');
    });

    it('refuses a type it does not take, a file over the limit, and a contributor, each with its reason', async () => {
      const type = await upload([{ name: 'run.exe', data: Buffer.from('MZ'), type: 'application/octet-stream' }]);
      assert.equal(type.status, 400);
      assert.equal(type.json.errors[0].message, 'Invalid file type.');
      fx.svc.world().uploadLimit = 10;
      const big = await upload([{ name: 'big.png', data: PNG }]);
      assert.equal(big.json.errors[0].error, 'rest_upload_file_too_big');
      const con = await upload([{ name: 'lamp.png', data: PNG }], 'cs-con-token');
      assert.equal(con.status, 403);
      assert.equal(con.json.message, 'User cannot upload media.');
      const none = await callService(fx.svc.url, 'POST', `${MEDIA}/new`, { token: 'cs-demo-token', form: 'x=1' });
      assert.equal(none.json.message, 'No media provided in input.');
    });
  });
});
