/**
 * What keeping a whole site in a folder needs of the service (site-sync.md): the listing a clone
 * and a status check read (paged by page_handle, posts and pages together, few fields, what changed
 * since a moment), revisions and their diffs, posts deleted for good, another user's edits, and a
 * large demo site on demand (`sitePosts`, `--posts`).
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { callService, serviceCalls, serviceFixture } from './reply';
import { seed, SITES, startService, USERS, type World } from './index';
import type { RunningService } from './index';
import { SITE_POSTS_FIRST_ID } from './seedLargeSite';

const SITE = `/rest/v1.1/sites/${SITES.demo}`;
const SYNC = `${SITE}/posts/?type=any&status=any&context=edit&number=100&order_by=modified&order=DESC`;
const VERSIONS = 'ID,modified,status,type';
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

interface Listed {
  ID: number;
  modified: string;
  status: string;
  type: string;
}

/** Every page of `query` through meta.next_page: the posts in order and how many requests it took. */
async function pageThrough(svc: RunningService, query: string, token = 'cs-demo-token') {
  const posts: Listed[] = [];
  let [requests, found, handle] = [0, 0, undefined as string | undefined];
  do {
    const r = await callService(svc.url, 'GET', `${query}${handle ? `&page_handle=${encodeURIComponent(handle)}` : ''}`, { token });
    assert.equal(r.status, 200, r.text);
    posts.push(...(r.json.posts as Listed[]));
    found = r.json.found;
    handle = r.json.meta.next_page;
    requests++;
  } while (handle && requests < 1000);
  return { posts, requests, found };
}

/** The demo site's posts and pages a sync lists: every status but the trash. */
const notTrashed = (world: World): number[] =>
  [...world.posts.values()]
    .filter((p) => p.siteId === SITES.demo && p.status !== 'trash' && (p.type === 'post' || p.type === 'page'))
    .map((p) => p.ID);

describe('Keeping a whole site in step (site-sync.md)', () => {
  describe('a site of 10,000 posts (sitePosts)', () => {
    let svc: RunningService;
    before(async () => {
      svc = await startService({ seed: { sitePosts: 10_000 } });
    });
    after(async () => svc.close());

    it('seeds 10,000 posts and pages, mixed statuses, the same each time, in well under two seconds', () => {
      const started = performance.now();
      const world = seed({ sitePosts: 10_000 });
      const ms = performance.now() - started;
      assert.ok(ms < 2000, `seeding took ${Math.round(ms)} ms`);
      const added = [...world.posts.values()].filter((p) => p.ID >= SITE_POSTS_FIRST_ID);
      assert.equal(added.length, 10_000);
      const count = (f: (p: (typeof added)[number]) => boolean) => added.filter(f).length;
      assert.deepEqual(
        ['publish', 'draft', 'pending', 'private', 'future', 'trash'].map((s) => count((p) => p.status === s)),
        [9196, 200, 200, 200, 4, 200],
      );
      assert.equal(
        count((p) => p.type === 'page'),
        200,
      );
      assert.ok(added.every((p) => p.siteId === SITES.demo && /^<p>.+<\/p>/.test(p.content)));
      assert.deepEqual(seed({ sitePosts: 10_000 }).posts.get(SITE_POSTS_FIRST_ID + 4321), world.posts.get(SITE_POSTS_FIRST_ID + 4321));
      assert.throws(() => seed({ sitePosts: -1 }), /sitePosts must be a whole number from 0 to 100000 \(got -1\)/);
    });

    it('a clone pages every post and page but the trash in one request per hundred, newest modified first, each once', async () => {
      const { posts, requests, found } = await pageThrough(svc, `${SYNC}&fields=${VERSIONS}`);
      const expected = notTrashed(svc.world());
      assert.equal(found, expected.length);
      assert.equal(requests, Math.ceil(expected.length / 100));
      assert.ok(requests >= 99, `${requests} requests`);
      assert.deepEqual(posts.map((p) => p.ID).sort(), expected.sort());
      assert.ok(posts.some((p) => p.type === 'page') && posts.some((p) => p.type === 'post'));
      assert.ok(posts.every((p) => p.status !== 'trash'));
      // Newest modified first, every page after the last: no post twice, none left out.
      const times = posts.map((p) => Date.parse(p.modified));
      assert.ok(
        times.every((t, i) => i === 0 || t <= times[i - 1]),
        'ordered by modified, newest first',
      );
      // fields=ID,modified,status,type: those four and nothing else.
      assert.ok(posts.every((p) => Object.keys(p).sort().join() === 'ID,modified,status,type'));
    });

    it('the trash lists only under status=trash', async () => {
      const { posts, found } = await pageThrough(svc, `${SITE}/posts/?type=any&status=trash&number=100&fields=ID,status`);
      const trashed = [...svc.world().posts.values()].filter((p) => p.siteId === SITES.demo && p.status === 'trash');
      assert.equal(found, trashed.length);
      assert.ok(posts.every((p) => p.status === 'trash'));
      assert.ok(posts.some((p) => p.ID >= SITE_POSTS_FIRST_ID));
    });

    it("a status check with nothing changed is one small answer; after ed's edit (his own token) it lists that post alone", async () => {
      const { call, ok } = serviceCalls({ svc });
      try {
        // The newest modified a clone listed, scheduled posts aside (theirs is their future date).
        const listed = (await ok('GET', `${SYNC}&number=20&fields=${VERSIONS}`)).posts as Listed[];
        const newest = listed.find((p) => p.status !== 'future')!;
        const check = `${SYNC}&fields=${VERSIONS}&modified_after=${encodeURIComponent(newest.modified)}`;
        const quiet = await call('GET', check);
        assert.equal(quiet.status, 200);
        // Nothing changed: only the scheduled posts come back (the client compares them with what it holds).
        assert.ok(quiet.json.posts.length > 0 && quiet.json.posts.every((p: Listed) => p.status === 'future'));
        assert.equal(quiet.json.found, quiet.json.posts.length);
        assert.ok(quiet.text.length < 1024, `${quiet.text.length} bytes`);
        // Another user changes a post on the site: the REST update with ed's token (an editor of the demo site).
        const target = SITE_POSTS_FIRST_ID + 5000;
        const edited = await call('POST', `${SITE}/posts/${target}`, {
          token: 'cs-ed-token',
          form: form({ content: '<p>Changed by ed.</p>' }),
        });
        assert.equal(edited.status, 200, edited.text);
        const changed = await ok('GET', check);
        const now = changed.posts.filter((p: Listed) => p.status !== 'future');
        assert.deepEqual(
          now.map((p: Listed) => p.ID),
          [target],
        );
        assert.ok(Date.parse(now[0].modified) > Date.parse(newest.modified));
      } finally {
        svc.reset();
      }
    });

    it('a post that changes while a client pages is neither skipped nor listed twice', async () => {
      try {
        const query = `${SITE}/posts/?type=any&status=any&number=100&order_by=modified&order=DESC&fields=ID`;
        const first = (await callService(svc.url, 'GET', query, { token: 'cs-demo-token' })).json;
        // A post far down the list is edited: it moves to the top, already read.
        const moved = SITE_POSTS_FIRST_ID + 9000;
        const r = await callService(svc.url, 'POST', `${SITE}/posts/${moved}`, { token: 'cs-ed-token', form: form({ title: 'Moved up' }) });
        assert.equal(r.status, 200, r.text);
        const seen: number[] = first.posts.map((p: Listed) => p.ID);
        let handle: string | undefined = first.meta.next_page;
        while (handle) {
          const page = (await callService(svc.url, 'GET', `${query}&page_handle=${encodeURIComponent(handle)}`, { token: 'cs-demo-token' }))
            .json;
          seen.push(...page.posts.map((p: Listed) => p.ID));
          handle = page.meta.next_page;
        }
        const others = notTrashed(svc.world()).filter((id) => id !== moved);
        const listed = new Set(seen);
        assert.equal(listed.size, seen.length, 'no post listed twice');
        assert.deepEqual(
          others.filter((id) => !listed.has(id)),
          [],
          'no post skipped',
        );
      } finally {
        svc.reset();
      }
    });
  });

  describe('revisions', () => {
    const fx = serviceFixture();
    const { call, ok, refused } = serviceCalls(fx);
    const diffs = (id: number, token = 'cs-demo-token') => call('GET', `${SITE}/post/${id}/diffs/`, { token });

    it('every save that changes the text is a revision by whoever saved it; diffs lists them oldest first, each against the one before', async () => {
      const made = (
        await ok('POST', `${SITE}/posts/new`, {
          token: 'cs-demo-token',
          form: form({ title: 'Tide tables', content: '<p>Low water at noon.</p>' }),
        })
      ).ID as number;
      await ok('POST', `${SITE}/posts/${made}`, { token: 'cs-ed-token', form: form({ content: '<p>Low water at six.</p>' }) });
      await ok('POST', `${SITE}/posts/${made}`, { token: 'cs-demo-token', form: form({ title: 'Tide tables, corrected' }) });
      const r = await diffs(made);
      assert.equal(r.status, 200, r.text);
      const ids = (await ok('GET', `${SITE}/posts/${made}?context=edit`)).revisions as number[];
      assert.equal(ids.length, 3);
      assert.deepEqual(Object.keys(r.json.revisions).map(Number).sort(), [...ids].sort());
      assert.deepEqual(
        ids.map((id) => {
          const { post_title, post_content, post_author, id: own } = r.json.revisions[id];
          return [own, post_title, post_content, post_author];
        }),
        [
          [ids[0], 'Tide tables', '<p>Low water at noon.</p>', String(USERS.demo)],
          [ids[1], 'Tide tables', '<p>Low water at six.</p>', String(USERS.ed)],
          [ids[2], 'Tide tables, corrected', '<p>Low water at six.</p>', String(USERS.demo)],
        ],
      );
      assert.match(r.json.revisions[ids[1]].post_modified_gmt, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      assert.deepEqual(
        r.json.diffs.map((d: { from: number; to: number }) => [d.from, d.to]),
        [
          [0, ids[0]],
          [ids[0], ids[1]],
          [ids[1], ids[2]],
        ],
      );
      assert.deepEqual(r.json.diffs[1].diff, {
        post_title: [{ op: 'copy', value: 'Tide tables' }],
        post_content: [
          { op: 'copy', value: '<p>Low water at ' },
          { op: 'del', value: 'noon.</p>' },
          { op: 'add', value: 'six.</p>' },
        ],
        totals: { add: 1, del: 1 },
      });
      assert.deepEqual(r.json.diffs[2].diff, {
        post_title: [
          { op: 'copy', value: 'Tide ' },
          { op: 'del', value: 'tables' },
          { op: 'add', value: 'tables, corrected' },
        ],
        post_content: [{ op: 'copy', value: '<p>Low water at six.</p>' }],
        totals: { add: 2, del: 1 },
      });
      // The first is against nothing: all of it added.
      assert.deepEqual(r.json.diffs[0].diff.post_content, [{ op: 'add', value: '<p>Low water at noon.</p>' }]);
    });

    it('a save that changes no text (a status alone) stores no revision', async () => {
      const before = (await ok('GET', `${SITE}/posts/108?context=edit`)).revisions as number[];
      await ok('POST', `${SITE}/posts/108`, { token: 'cs-demo-token', form: form({ status: 'pending' }) });
      assert.deepEqual((await ok('GET', `${SITE}/posts/108?context=edit`)).revisions, before);
      assert.equal(Object.keys((await ok('GET', `${SITE}/post/108/diffs/`)).revisions).length, before.length);
    });

    it('a seeded post has two revisions: its first draft and the post as it stands', async () => {
      const r = (await ok('GET', `${SITE}/post/100/diffs/`)) as { revisions: Record<string, { post_content: string }>; diffs: unknown[] };
      const post = await ok('GET', `${SITE}/posts/100?context=edit`);
      assert.deepEqual(Object.keys(r.revisions).map(Number), post.revisions);
      assert.equal(r.revisions[post.revisions[1]].post_content, fx.svc.world().posts.get(100)!.content);
      assert.equal(r.diffs.length, 2);
    });

    it('is for those who may edit the post: others 403, signed out 403, an unknown post 404', async () => {
      // Post 102 is ann's (an author): she may read its revisions, not those of demo's post 100.
      assert.equal((await diffs(102, 'cs-ann-token')).status, 200);
      await refused(diffs(100, 'cs-ann-token'), 403, 'unauthorized', 'User cannot view revisions of this post');
      await refused(diffs(100, 'cs-sub-token'), 403, 'unauthorized', 'User cannot view revisions of this post');
      await refused(
        call('GET', `${SITE}/post/100/diffs/`, {}),
        403,
        'authorization_required',
        'An active access token must be used to read revisions.',
      );
      await refused(diffs(99_999), 404, 'unknown_post', 'Unknown post');
      await refused(
        call('GET', `/rest/v1.1/sites/${SITES.private}/post/304/diffs/`, { token: 'cs-ed-token' }),
        403,
        'unauthorized',
        'User cannot access this private blog.',
      );
    });
  });

  describe('posts deleted for good', () => {
    const fx = serviceFixture();
    const { call, ok } = serviceCalls(fx);

    it('a post deleted from the trash leaves every list, and its revisions go with it', async () => {
      const made = (
        await ok('POST', `${SITE}/posts/new`, { token: 'cs-demo-token', form: form({ title: 'Short-lived', content: '<p>x</p>' }) })
      ).ID as number;
      const revisions = (await ok('GET', `${SITE}/posts/${made}?context=edit`)).revisions as number[];
      assert.equal((await ok('POST', `${SITE}/posts/${made}/delete`)).status, 'trash');
      assert.equal((await ok('GET', `${SITE}/post/${made}/diffs/`)).diffs.length, revisions.length, 'a trashed post keeps its revisions');
      assert.equal((await ok('POST', `${SITE}/posts/${made}/delete`)).status, 'deleted');
      for (const status of ['any', 'trash', 'any,trash']) {
        const { posts } = await pageThrough(fx.svc, `${SITE}/posts/?type=any&status=${status}&number=100&fields=ID`);
        assert.ok(!posts.some((p) => p.ID === made), `status=${status}`);
      }
      assert.equal((await call('GET', `${SITE}/post/${made}/diffs/`)).json.error, 'unknown_post');
      assert.deepEqual(
        revisions.filter((id) => fx.svc.world().revisions.has(id)),
        [],
      );
    });
  });

  describe('the CLI', () => {
    it('--posts 300 starts the service with 300 more posts; --posts abc is refused with the reason', async () => {
      const child = spawn(process.execPath, ['--require', 'tsx/cjs', 'test/service/cli.ts', '--port', '0', '--posts', '300'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        let out = '';
        const url = await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`the CLI printed no URL: ${out}`)), 15_000);
          child.stdout.on('data', (d: Buffer) => {
            out += d.toString('utf8');
            const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
            if (m) {
              clearTimeout(timer);
              resolve(m[1]);
            }
          });
        });
        const r = await callService(url, 'GET', `${SITE}/posts/${SITE_POSTS_FIRST_ID + 299}?fields=ID`, { token: 'cs-demo-token' });
        assert.deepEqual([r.status, r.json], [200, { ID: SITE_POSTS_FIRST_ID + 299 }]);
        assert.equal((await callService(url, 'GET', `${SITE}/posts/${SITE_POSTS_FIRST_ID + 300}`, { token: 'cs-demo-token' })).status, 404);
      } finally {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
      const bad = spawn(process.execPath, ['--require', 'tsx/cjs', 'test/service/cli.ts', '--port', '0', '--posts', 'abc'], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      bad.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
      const [code] = await once(bad, 'exit');
      assert.equal(code, 2);
      assert.match(err, /--posts must be a whole number from 0 to 100000 \(got "abc"\)/);
    });
  });
});
