import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeNotification } from '../../../src/api';
import { schemas } from '../../../src/api/schemasLoad';
import { noteHtml, plainTitle, postHtml } from '../../../src/render';
import { uploadRules } from '../../../src/writing/imageFiles';
import { answering, type Answering } from './answering';

/**
 * Contract tests on answers the real service gave, recorded by its own mobile apps (WordPressKit-iOS,
 * test/fixtures/wordpresskit/README.md): each is served unchanged on the route the client reads it
 * from, and every item it holds must come through.
 */
const FIXTURES = join(__dirname, '../../fixtures/wordpresskit');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a recorded answer, read as the service sent it
const fixture = (name: string): any => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));

async function served<T>(bodies: Record<string, unknown>, read: (s: Answering) => Promise<T>): Promise<{ value: T; skipped: unknown[] }> {
  const service = await answering(bodies);
  try {
    return { value: await read(service), skipped: service.skipped };
  } finally {
    await service.close();
  }
}

describe('real answers (WordPressKit-iOS recordings)', () => {
  it('notifications-load-all: every note is read, and each renders with its subject', async () => {
    const answer = fixture('notifications-load-all.json');
    const { value: page, skipped } = await served({ '/v1/notifications/': answer }, (s) => s.client.notifications.list());
    assert.deepEqual(skipped, []);
    assert.equal(page.unreadable, 0);
    assert.deepEqual(
      page.notes.map((n) => n.id),
      answer.notes.map((n: { id: number }) => n.id),
    );
    assert.equal(page.last_seen_time, Number(answer.last_seen_time));
    for (const note of page.notes) {
      assert.ok(note.subjectText.length > 0, `note ${note.id} has a subject to show`);
      assert.ok(noteHtml(note, 'now').includes('Bruce Allen'), `note ${note.id}'s page shows its body`);
    }
  });

  it('notifications-load-hash: every note of a hashes-only page is read', async () => {
    const answer = fixture('notifications-load-hash.json');
    const { value: page } = await served({ '/v1/notifications/': answer }, (s) =>
      s.client.notifications.list({ fields: ['id', 'note_hash'] }),
    );
    assert.equal(page.notes.length, answer.notes.length);
    assert.equal(page.unreadable, 0);
  });

  it('remote-notification: the note is read and its page renders', () => {
    const answer = fixture('remote-notification.json');
    const note = normalizeNotification(schemas().rawNotificationSchema.parse(answer));
    assert.equal(note.id, answer.id);
    assert.ok(note.subjectText.startsWith('Someone mentioned you'));
    assert.ok(noteHtml(note, 'now').length > 0);
  });

  it('notifications-mark-as-read and notifications-last-seen are read', async () => {
    const { value } = await served(
      {
        '/v1.1/notifications/read': fixture('notifications-mark-as-read.json'),
        '/v1.1/notifications/seen': fixture('notifications-last-seen.json'),
      },
      async (s) => ({ read: await s.client.notifications.markRead({ 1: 1 }), seen: await s.client.notifications.seen(1477564823) }),
    );
    assert.deepEqual(value.read, { success: true, updated: [] });
    assert.equal(value.seen, 1477564823);
  });

  it('site-comments-success and site-comment-success: every comment is read', async () => {
    const list = fixture('site-comments-success.json');
    const one = fixture('site-comment-success.json');
    const { value } = await served({ '/v1.1/sites/2001/comments/': list, '/v1.1/sites/2001/comments/1': one }, async (s) => ({
      page: await s.client.comments.list(2001),
      comment: await s.client.comments.get(2001, 1),
    }));
    assert.equal(value.page.comments.length, list.comments.length);
    assert.equal(value.page.found, list.found);
    assert.equal(value.page.unreadable, 0);
    assert.equal(value.comment.content, one.content);
  });

  it('me-success: the account is read', async () => {
    const { value: me } = await served({ '/v1.1/me': fixture('me-success.json') }, (s) => s.client.me());
    assert.equal(me.username, 'jimthetester');
    assert.equal(me.primary_blog, 55555551);
  });

  it("me-sites-success: every site is read as GET sites/$site answers it, a Jetpack site's upload rules kept", async () => {
    const { sites } = fixture('me-sites-success.json');
    const bodies = Object.fromEntries(sites.map((site: { ID: number }) => [`/v1/sites/${site.ID}`, site]));
    const { value: read } = await served(bodies, (s) => Promise.all(sites.map((site: { ID: number }) => s.client.sites.get(site.ID))));
    assert.deepEqual(
      read.map((s) => s.ID),
      sites.map((s: { ID: number }) => s.ID),
    );
    const jetpack = read.find((s) => s.jetpack)!;
    assert.equal(jetpack.options?.max_upload_size, undefined, 'false: not said');
    assert.deepEqual(jetpack.options?.allowed_file_types, sites.find((s: { jetpack: boolean }) => s.jetpack).options.allowed_file_types);
    const formats = uploadRules(jetpack.options, 1000).formats.map((f) => f.name);
    assert.deepEqual(formats, ['PNG', 'JPEG', 'GIF'], 'the site takes no WebP: it is refused before any upload');
  });

  it('reader-posts-success: every post of a reader stream is read and renders', async () => {
    const answer = fixture('reader-posts-success.json');
    const { value: page, skipped } = await served({ '/v1/read/following/': answer }, (s) => s.client.reader.following());
    assert.deepEqual(skipped, []);
    assert.deepEqual(
      page.posts.map((p) => p.ID),
      answer.posts.map((p: { ID: number }) => p.ID),
    );
    for (const post of page.posts)
      assert.ok(postHtml(post, 'now').includes(plainTitle(post.title).slice(0, 10)), `post ${post.ID} renders its title`);
  });

  it('WordPressComRestApiMedia: every item of the media library is read', async () => {
    const answer = fixture('WordPressComRestApiMedia.json');
    const { value: page, skipped } = await served({ '/v1.1/sites/2001/media/': answer }, (s) => s.client.media.list(2001));
    assert.deepEqual(skipped, []);
    assert.equal(page.media.length, answer.media.length);
    assert.equal(page.found, answer.found);
  });

  it('post-revisions-success: every revision is read, newest last, each diff with its counts (an empty totals: none)', async () => {
    const { value } = await served({ '/v1.1/sites/2001/post/1/diffs/': fixture('post-revisions-success.json') }, (s) =>
      s.client.posts.revisions(2001, 1),
    );
    // Sent newest first and as a map: read by when each was saved (94 at 15:34:07, 93 at 15:38:28, 95 a second later).
    assert.deepEqual(
      value.revisions.map((r) => [r.id, r.modified, r.author]),
      [
        [94, '2018-10-24T15:34:07Z', 136610416],
        [93, '2018-10-24T15:38:28Z', 136610416],
        [95, '2018-10-24T15:38:29Z', 136610416],
      ],
    );
    assert.equal(value.revisions[0].content, 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Aenean et urna libero.');
    assert.equal(value.revisions[0].title, 'Lorem ipsum dolor sit amet');
    assert.equal(value.revisions[0].date, '2018-10-24T15:34:07Z');
    assert.deepEqual(value.diffs, [
      { from: 0, to: 94, add: 6, del: 0 },
      { from: 94, to: 93, add: 2, del: 2 },
      { from: 93, to: 95, add: 0, del: 0 },
    ]);
  });

  it('post-revisions-mapping-success: the one revision and its diff are read', async () => {
    const answer = fixture('post-revisions-mapping-success.json');
    const { value } = await served({ '/v1.1/sites/2001/post/1/diffs/': answer }, (s) => s.client.posts.revisions(2001, 1));
    assert.deepEqual(value.revisions, [
      {
        id: 93,
        title: 'Lorem ipsum dolor sit amet',
        content: answer.revisions['93'].post_content,
        date: '2018-10-24T15:38:28Z',
        modified: '2018-10-24T15:38:28Z',
        author: 136610416,
      },
    ]);
    assert.deepEqual(value.diffs, [{ from: 0, to: 93, add: 2, del: 2 }]);
  });
});
