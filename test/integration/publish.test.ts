/**
 * Publishing post files against the reference service over loopback (src/writing/publisher.ts):
 * created once with our HTML and its image in the library; published again as an update with no
 * upload; a stale update shown as a conflict and nothing overwritten; a lost create answer found,
 * not made twice; a contributor's publish pending; and every refusal said before anything is sent.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContentSiteError } from '../../src/api';
import { parsePostFile } from '../../src/writing/postFile';
import { pullPost } from '../../src/writing/postPull';
import { PublishError } from '../../src/writing/publishBase';
import { publishPost, takeMine, type PublishDeps } from '../../src/writing/publisher';
import { PNG, PostFileStandIn, removeWorkspaces } from './postFileStandIn';
import { useClientAndService } from './setup';

const { svc, client } = useClientAndService();
const SITE = '2001';

const POST = `---
title: First light
status: publish
tags: [morning]
---
The lamp came on
at six.

\`\`\`
a < b && "[gallery]"
\`\`\`

![A lamp](lamp.png)
`;

describe('Publishing a post file to the reference service', () => {
  let deps: PublishDeps;
  let file: PostFileStandIn;
  const posts = () => [...svc().world().posts.values()].filter((p) => p.siteId === 2001);
  const uploads = () => svc().requests.filter((r) => r.method === 'POST' && r.path.includes('/media/new'));
  const writes = () => svc().requests.filter((r) => r.method === 'POST' && /\/posts\/(new|\d+)(\?|$)/.test(r.path));

  beforeEach(() => {
    file = new PostFileStandIn(POST, () => client());
    deps = file.deps();
  });
  afterEach(removeWorkspaces);

  it('creates one post with our HTML, the image uploaded once and linked from the library; the file learns its id and version', async () => {
    const before = posts().length;
    const out = await publishPost(POST, deps);
    assert.equal(out.kind, 'created');
    if (out.kind !== 'created') return;
    assert.equal(posts().length, before + 1);
    const stored = svc().world().posts.get(out.post.ID)!;
    assert.equal(stored.status, 'publish');
    // A new post is blocks, as the site's editor writes them.
    assert.match(
      stored.content,
      /^<!-- wp:paragraph -->\n<p>The lamp came on at six\.<\/p>\n<!-- \/wp:paragraph -->\n\n<!-- wp:code -->\n/,
    );
    assert.match(stored.content, /<pre class="wp-block-code"><code>a &lt; b &amp;&amp; "&#91;gallery]"<\/code><\/pre>/);
    assert.doesNotMatch(stored.content, /<br|title: First light/);
    const [media] = [...svc().world().media.values()];
    assert.ok(stored.content.includes(`src="${media.URL}"`), 'the image points at the library');
    assert.equal(out.uploaded, 1);
    const meta = parsePostFile(out.text).meta;
    assert.deepEqual([meta.id, meta.site, meta.modified, meta.status], [out.post.ID, SITE, out.post.modified, 'publish']);
    assert.match(out.text, /\nThe lamp came on\nat six\.\n/, 'the body is kept as written');

    const again = await publishPost(out.text.replace('at six.', 'at six, as always.'), deps);
    assert.equal(again.kind, 'updated');
    assert.equal(posts().length, before + 1, 'the same post, not another');
    assert.equal(uploads().length, 1, 'the image is not sent again');
    assert.match(svc().world().posts.get(out.post.ID)!.content, /at six, as always\./);
  });

  it('a post changed on the site since the file saw it: the conflict, with the site version as a file; nothing overwritten until Keep Mine', async () => {
    const first = await publishPost(POST, deps);
    assert.ok(first.kind === 'created');
    const onSite = svc().world().posts.get(first.post.ID)!;
    onSite.content = '<p>An editor changed this.</p>';
    onSite.modified += 60;
    const mine = first.text.replace('at six.', 'at seven.');
    const out = await publishPost(mine, deps);
    assert.equal(out.kind, 'conflict');
    if (out.kind !== 'conflict') return;
    assert.equal(onSite.content, '<p>An editor changed this.</p>', 'not overwritten');
    assert.match(out.theirsText, /An editor changed this\./);
    assert.equal(parsePostFile(out.theirsText).meta.id, first.post.ID);
    const kept = await takeMine(mine, out.theirs, deps);
    assert.equal(kept.kind, 'updated');
    assert.match(onSite.content, /at seven\./);
  });

  it('a create whose answer is lost (applied, then a 500) is found on the site: one post, and the file names it', async () => {
    const before = posts().length;
    svc().queueFault({ method: 'POST', path: `/rest/v1.1/sites/${SITE}/posts/new`, fault: 'applied,status=500' });
    const out = await publishPost(POST, deps);
    assert.equal(out.kind, 'created');
    assert.equal(posts().length, before + 1, 'one post, not two');
    assert.equal(writes().length, 1, 'no second create');
    assert.ok(out.kind === 'created' && parsePostFile(out.text).meta.id === out.post.ID);
  });

  it('a create that failed (500) without being applied: the site is asked, says it has no such post, and that is what the writer reads', async () => {
    const before = posts().length;
    svc().queueFault({ method: 'POST', path: `/rest/v1.1/sites/${SITE}/posts/new`, fault: 'status=500' });
    await assert.rejects(
      file.publish(),
      (err: unknown) =>
        err instanceof PublishError &&
        /^“First light” was not published: the service answered with an error \(HTTP 500\), and the site, asked, has no such post\. Publish again/.test(
          err.message,
        ) &&
        err.cause instanceof ContentSiteError,
    );
    assert.equal(posts().length, before);
  });

  it('a create the site failed (500) and, asked, does not have: the file keeps no unconfirmed attempt, and the next Publish creates afresh', async () => {
    svc().queueFault({ method: 'POST', path: `/rest/v1.1/sites/${SITE}/posts/new`, fault: 'status=500' });
    await assert.rejects(file.publish(), /was not published: the service answered with an error \(HTTP 500\)/);
    assert.equal(parsePostFile(file.text).meta.unconfirmed, undefined, 'the file no longer records the attempt');
    const from = svc().requests.length;
    const out = await file.publish();
    assert.ok(out.kind === 'created');
    const lookups = svc()
      .requests.slice(from)
      .filter((r) => r.method === 'GET' && r.path.includes('meta_key='));
    assert.equal(lookups.length, 0, 'no look-up for the failed attempt: it is known not to exist');
    assert.equal(parsePostFile(file.text).meta.id, out.post.ID);
    assert.equal(parsePostFile(file.text).meta.unconfirmed, undefined);
  });

  it('a create the site refused (4xx) leaves no unconfirmed attempt in the file', async () => {
    svc().queueFault({ method: 'POST', path: `/rest/v1.1/sites/${SITE}/posts/new`, fault: 'status=403' });
    await assert.rejects(file.publish(), (err: unknown) => err instanceof ContentSiteError && err.status === 403);
    assert.equal(parsePostFile(file.text).meta.unconfirmed, undefined);
  });

  it('a tag or category whose name holds a comma is one term on the site, as the file names it', async () => {
    file.text = `---\ntitle: Trip\nstatus: publish\ntags: ["Paris, France", "Lyon"]\ncategories: ["Travel, abroad"]\n---\nBy train.\n`;
    const out = await file.publish();
    assert.ok(out.kind === 'created');
    const stored = svc().world().posts.get(out.post.ID)!;
    assert.deepEqual([...stored.tags].sort(), ['Lyon', 'Paris, France']);
    assert.deepEqual(stored.categories, ['Travel, abroad']);
    assert.deepEqual(Object.keys(out.post.tags ?? {}).sort(), ['Lyon', 'Paris, France'], "the site's answer says so too");
    // Published again with one of them gone: the update replaces the tags, each still whole.
    file.text = file.text.replace(/^tags: .*$/m, 'tags: ["Paris, France"]');
    const again = await file.publish();
    assert.ok(again.kind === 'updated');
    assert.deepEqual(svc().world().posts.get(out.post.ID)!.tags, ['Paris, France']);
  });

  it('a local featured_image is uploaded once and sent as the attachment, also when the body links the same image', async () => {
    const out = await publishPost(POST.replace('tags:', 'featured_image: lamp.png\ntags:'), deps);
    assert.ok(out.kind === 'created');
    const [media] = [...svc().world().media.values()];
    assert.equal(svc().world().posts.get(out.post.ID)!.featuredImage, media.ID);
    assert.equal(uploads().length, 1);
    assert.equal(out.post.featured_image, media.URL);
  });

  it("a contributor's publish is submitted as pending, and the file says so", async () => {
    const text = POST.replace('![A lamp](lamp.png)\n', '');
    const out = await publishPost(text, { ...deps, client: client('cs-con-token') });
    assert.ok(out.kind === 'created');
    assert.equal(out.post.status, 'pending');
    assert.equal(parsePostFile(out.text).meta.status, 'pending');
  });

  it('refuses before sending anything: bad front matter (by line), a missing image, another site; an image the role may not upload', async () => {
    const nothingSent = () => assert.deepEqual([writes().length, uploads().length], [0, 0]);
    await assert.rejects(
      publishPost(POST.replace('status: publish', 'status: publsh'), deps),
      /^PublishError: Line 3: Unknown status "publsh"/,
    );
    await assert.rejects(publishPost('---\nstatus: draft\n---\n\n', deps), /has no title, no text and no excerpt/);
    await assert.rejects(publishPost(POST.replace('lamp.png)', 'gone.png)'), deps), (err: unknown) => {
      return err instanceof PublishError && /^Line 13: The image gone\.png was not found/.test(err.message);
    });
    await assert.rejects(publishPost(POST.replace('tags:', 'site: other.example\ntags:'), deps), /published to other\.example/);
    nothingSent();
    await assert.rejects(
      publishPost(POST, { ...deps, client: client('cs-con-token') }),
      /refused the image lamp\.png: You can't upload images/,
    );
    assert.equal(writes().length, 0, 'no post without its image');
  });

  it('refuses a file that still holds a merge conflict, on the line of its <<<<<<<, and sends nothing', async () => {
    const conflicted = POST.replace('at six.\n', '<<<<<<< Here\nat six.\n=======\nat seven.\n>>>>>>> Site\n');
    await assert.rejects(publishPost(conflicted, deps), (err: unknown) => {
      return err instanceof PublishError && /^Line 7: A merge conflict is left here/.test(err.message);
    });
    assert.deepEqual([writes().length, uploads().length], [0, 0]);
  });

  it("Pull from Site brings the site's version into the file, keeping the writer's comments", async () => {
    const first = await publishPost(POST, deps);
    assert.ok(first.kind === 'created');
    const onSite = svc().world().posts.get(first.post.ID)!;
    onSite.content =
      '<!-- wp:paragraph -->\n<p>Changed on the site.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:list -->\n<ul class="wp-block-list"><!-- wp:list-item -->\n<li>one</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->';
    onSite.modified += 60;
    const withComment = first.text.replace('tags:', '# my note\ntags:');
    const pulled = await pullPost(withComment, deps);
    assert.match(pulled.text, /# my note/);
    assert.match(pulled.text, /\nChanged on the site\.\n\n- +one\n$/);
    assert.match(pulled.text, /^editor: blocks$/m);
    assert.equal(parsePostFile(pulled.text).meta.modified, pulled.post.modified);
    assert.equal(readFileSync(join(file.place.fileDir, 'lamp.png')).length, PNG.length);
  });
});
