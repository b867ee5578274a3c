import * as assert from 'node:assert/strict';
import type { ContentSiteClient } from '../../../src/api';
import { answering, TOKEN } from './answering';

/**
 * Every list the client reads keeps the items it can read: one it cannot (a field of the wrong
 * type) is left out and named in the log, never the whole answer refused.
 */
interface ListCase {
  list: string;
  path: string;
  /** The answer with `items` in place (the middle one unreadable). */
  answer: (items: unknown[]) => unknown;
  good: (id: number) => unknown;
  bad: unknown;
  /** Where the bad item sat, as the log says it. */
  where: string;
  read: (c: ContentSiteClient) => Promise<{ ids: number[]; unreadable?: number }>;
}

const post = (ID: number) => ({ ID, site_ID: 2001, title: `Post ${ID}`, content: '<p>Hi</p>', status: 'publish' });
const comment = (ID: number) => ({
  ID,
  post: { ID: 100 },
  author: { ID: 1003, name: 'Ann' },
  content: '<p>Nice</p>',
  status: 'approved',
  parent: false,
});
const term = (ID: number) => ({ ID, name: `Term ${ID}`, slug: `term-${ID}` });

const cases: ListCase[] = [
  {
    list: 'notifications',
    path: '/v1/notifications/',
    answer: (notes) => ({ number: notes.length, notes }),
    good: (id) => ({ id, type: 'like', unread: 1, timestamp: 1763630000, subject: { text: 'Ed liked your post' }, note_hash: 3400 + id }),
    bad: { id: 902, type: 'like', timestamp: { at: 'noon' } },
    where: 'notes.1',
    read: async (c) => {
      const page = await c.notifications.list();
      return { ids: page.notes.map((n) => n.id), unreadable: page.unreadable };
    },
  },
  {
    list: 'reader posts of followed blogs',
    path: '/v1/read/following/',
    answer: (posts) => ({ number: posts.length, posts }),
    good: post,
    bad: { ...post(902), title: ['not', 'a', 'title'] },
    where: 'posts.1',
    read: async (c) => ({ ids: (await c.reader.following()).posts.map((p) => p.ID) }),
  },
  {
    list: 'freshly pressed',
    path: '/v1/freshly-pressed/',
    answer: (posts) => ({ number: posts.length, posts }),
    good: post,
    bad: { ...post(902), content: 42 },
    where: 'posts.1',
    read: async (c) => ({ ids: (await c.reader.freshlyPressed()).posts.map((p) => p.ID) }),
  },
  {
    list: 'subscribed tags',
    path: '/v1/read/tags',
    answer: (tags) => ({ tags }),
    good: (ID) => ({ ID, slug: `tag-${ID}`, display_name: `Tag ${ID}` }),
    bad: { ID: 902, slug: { en: 'x' } },
    where: 'tags.1',
    read: async (c) => ({ ids: (await c.reader.tags()).tags.map((t) => Number(t.ID)) }),
  },
  {
    list: 'comments',
    path: '/v1.1/sites/2001/comments/',
    answer: (comments) => ({ found: comments.length, comments }),
    good: comment,
    bad: { ...comment(902), author: 'Ann' },
    where: 'comments.1',
    read: async (c) => {
      const page = await c.comments.list(2001);
      return { ids: page.comments.map((x) => x.ID), unreadable: page.unreadable };
    },
  },
  {
    list: "a post's replies",
    path: '/v1.1/sites/2001/posts/100/replies/',
    answer: (comments) => ({ found: comments.length, comments }),
    good: comment,
    bad: { ...comment(902), status: 7 },
    where: 'comments.1',
    read: async (c) => {
      const page = await c.comments.replies(2001, 100);
      return { ids: page.comments.map((x) => x.ID), unreadable: page.unreadable };
    },
  },
  {
    list: 'posts',
    path: '/v1.1/sites/2001/posts/',
    answer: (posts) => ({ found: posts.length, posts }),
    good: post,
    bad: { ...post(902), date: 20261128 },
    where: 'posts.1',
    read: async (c) => ({ ids: (await c.posts.list(2001, { status: ['draft'] })).posts.map((p) => p.ID) }),
  },
  {
    list: 'trash',
    path: '/v1.1/sites/2001/posts/',
    answer: (posts) => ({ found: posts.length, posts }),
    good: post,
    bad: { ...post(902), status: ['trash'] },
    where: 'posts.1',
    read: async (c) => ({ ids: (await c.posts.trashed(2001)).posts.map((p) => p.ID) }),
  },
  {
    list: 'categories',
    path: '/v1.1/sites/2001/categories',
    answer: (categories) => ({ found: categories.length, categories }),
    good: term,
    bad: { ID: 902, slug: 'no-name' },
    where: 'categories.1',
    read: async (c) => ({ ids: (await c.terms.list(2001, 'categories')).terms.map((t) => t.ID) }),
  },
  {
    list: 'tags',
    path: '/v1.1/sites/2001/tags',
    answer: (tags) => ({ found: tags.length, tags }),
    good: term,
    bad: { ID: 902, name: 'No slug' },
    where: 'tags.1',
    read: async (c) => ({ ids: (await c.terms.list(2001, 'tags')).terms.map((t) => t.ID) }),
  },
  {
    list: 'media',
    path: '/v1.1/sites/2001/media/',
    answer: (media) => ({ found: media.length, media }),
    good: (ID) => ({ ID, URL: `https://demo.example.blog/files/${ID}.png`, mime_type: 'image/png' }),
    bad: { ID: 902, mime_type: 'image/png' },
    where: 'media.1',
    read: async (c) => ({ ids: (await c.media.list(2001)).media.map((m) => m.ID) }),
  },
  {
    list: 'suggested users',
    path: '/v1.1/users/suggest',
    answer: (suggestions) => ({ suggestions }),
    good: (ID) => ({ ID, user_login: `user${ID}`, display_name: `User ${ID}` }),
    bad: { ID: 902, display_name: 'No Login' },
    where: 'suggestions.1',
    read: async (c) => ({ ids: (await c.users.suggest({ site_id: 2001 })).map((u) => u.ID) }),
  },
];

describe('a list with an item the client cannot read', () => {
  for (const c of cases) {
    it(`${c.list}: keeps the others and logs the one left out (its ID and what was wrong)`, async () => {
      const service = await answering({ [c.path]: c.answer([c.good(901), c.bad, c.good(903)]) });
      try {
        const read = await c.read(service.client);
        assert.deepEqual(read.ids, [901, 903]);
        if (read.unreadable !== undefined) assert.equal(read.unreadable, 1, 'the caller can say how many could not be read');
        assert.equal(service.skipped.length, 1);
        const [entry] = service.skipped;
        assert.equal(entry.where, c.where);
        assert.equal(String(entry.id), '902');
        assert.ok(entry.problem.length > 0);
        assert.ok(!JSON.stringify(entry).includes(TOKEN), 'the log line holds no token');
      } finally {
        await service.close();
      }
    });
  }

  it('a list whose every item reads logs nothing and says none unreadable', async () => {
    const service = await answering({ '/v1/notifications/': { notes: [{ id: 1, timestamp: 1763630000, note_hash: 17 }] } });
    try {
      const page = await service.client.notifications.list();
      assert.deepEqual(
        page.notes.map((n) => n.id),
        [1],
      );
      assert.equal(page.unreadable, 0);
      assert.deepEqual(service.skipped, []);
    } finally {
      await service.close();
    }
  });
});
