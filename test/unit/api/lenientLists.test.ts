import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ZodEffects, ZodObject, type ZodTypeAny } from 'zod';
import type { ContentSiteClient } from '../../../src/api';
import { schemas, type SchemasModule } from '../../../src/api/schemasLoad';
import { NOTE_FIELDS } from '../../../src/models/noteFields';
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
  /** The schema each item is read with. */
  item: (s: SchemasModule) => ZodTypeAny;
  /**
   * The fields the client relies on, written down: the item schema's required fields (an object's
   * own, dotted, when the object is required). The test checks the schema says the same.
   */
  relies: string[];
  /** A whole item, as the real service sent one when a recording holds it (test/fixtures/wordpresskit). */
  whole?: (id: number) => Record<string, unknown>;
}

const FIXTURES = join(__dirname, '../../fixtures/wordpresskit');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a recorded answer, read as the service sent it
const fixture = (name: string): any => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
/** The first item of a recorded list, with another ID. */
const recorded =
  (name: string, list: string, idKey = 'ID') =>
  (id: number): Record<string, unknown> => ({ ...structuredClone(fixture(name)[list][0]), [idKey]: id });

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
    item: (s) => s.rawNotificationSchema,
    relies: ['id'],
    whole: recorded('notifications-load-all.json', 'notes', 'id'),
  },
  {
    list: 'reader posts of followed blogs',
    path: '/v1/read/following/',
    answer: (posts) => ({ number: posts.length, posts }),
    good: post,
    bad: { ...post(902), title: ['not', 'a', 'title'] },
    where: 'posts.1',
    read: async (c) => ({ ids: (await c.reader.following()).posts.map((p) => p.ID) }),
    item: (s) => s.feedPostSchema,
    relies: ['ID'],
    whole: recorded('reader-posts-success.json', 'posts'),
  },
  {
    list: 'freshly pressed',
    path: '/v1/freshly-pressed/',
    answer: (posts) => ({ number: posts.length, posts }),
    good: post,
    bad: { ...post(902), content: 42 },
    where: 'posts.1',
    read: async (c) => ({ ids: (await c.reader.freshlyPressed()).posts.map((p) => p.ID) }),
    item: (s) => s.featuredPostSchema,
    relies: ['ID'],
    whole: recorded('reader-posts-success.json', 'posts'),
  },
  {
    list: 'subscribed tags',
    path: '/v1/read/tags',
    answer: (tags) => ({ tags }),
    good: (ID) => ({ ID, slug: `tag-${ID}`, display_name: `Tag ${ID}` }),
    bad: { ID: 902, slug: { en: 'x' } },
    where: 'tags.1',
    read: async (c) => ({ ids: (await c.reader.tags()).tags.map((t) => Number(t.ID)) }),
    item: (s) => s.subscribedTagSchema,
    relies: [],
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
    item: (s) => s.commentSchema,
    relies: ['ID', 'post', 'post.ID', 'author', 'author.ID', 'content', 'status', 'parent'],
    whole: recorded('site-comments-success.json', 'comments'),
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
    item: (s) => s.commentSchema,
    relies: ['ID', 'post', 'post.ID', 'author', 'author.ID', 'content', 'status', 'parent'],
    whole: recorded('site-comments-success.json', 'comments'),
  },
  {
    list: 'posts',
    path: '/v1.1/sites/2001/posts/',
    answer: (posts) => ({ found: posts.length, posts }),
    good: post,
    bad: { ...post(902), date: 20261128 },
    where: 'posts.1',
    read: async (c) => ({ ids: (await c.posts.list(2001, { status: ['draft'] })).posts.map((p) => p.ID) }),
    item: (s) => s.postV11Schema,
    relies: ['ID'],
  },
  {
    list: 'trash',
    path: '/v1.1/sites/2001/posts/',
    answer: (posts) => ({ found: posts.length, posts }),
    good: post,
    bad: { ...post(902), status: ['trash'] },
    where: 'posts.1',
    read: async (c) => ({ ids: (await c.posts.trashed(2001)).posts.map((p) => p.ID) }),
    item: (s) => s.postV11Schema,
    relies: ['ID'],
  },
  {
    list: 'categories',
    path: '/v1.1/sites/2001/categories',
    answer: (categories) => ({ found: categories.length, categories }),
    good: term,
    bad: { ID: 902, slug: 'no-name' },
    where: 'categories.1',
    read: async (c) => ({ ids: (await c.terms.list(2001, 'categories')).terms.map((t) => t.ID) }),
    item: (s) => s.siteTermSchema,
    relies: ['ID', 'name', 'slug'],
  },
  {
    list: 'tags',
    path: '/v1.1/sites/2001/tags',
    answer: (tags) => ({ found: tags.length, tags }),
    good: term,
    bad: { ID: 902, name: 'No slug' },
    where: 'tags.1',
    read: async (c) => ({ ids: (await c.terms.list(2001, 'tags')).terms.map((t) => t.ID) }),
    item: (s) => s.siteTermSchema,
    relies: ['ID', 'name', 'slug'],
  },
  {
    list: 'media',
    path: '/v1.1/sites/2001/media/',
    answer: (media) => ({ found: media.length, media }),
    good: (ID) => ({ ID, URL: `https://demo.example.blog/files/${ID}.png`, mime_type: 'image/png' }),
    bad: { ID: 902, mime_type: 'image/png' },
    where: 'media.1',
    read: async (c) => ({ ids: (await c.media.list(2001)).media.map((m) => m.ID) }),
    item: (s) => s.mediaItemSchema,
    relies: ['ID', 'URL'],
    whole: recorded('WordPressComRestApiMedia.json', 'media'),
  },
  {
    list: 'suggested users',
    path: '/v1.1/users/suggest',
    answer: (suggestions) => ({ suggestions }),
    good: (ID) => ({ ID, user_login: `user${ID}`, display_name: `User ${ID}` }),
    bad: { ID: 902, display_name: 'No Login' },
    where: 'suggestions.1',
    read: async (c) => ({ ids: (await c.users.suggest({ site_id: 2001 })).map((u) => u.ID) }),
    item: (s) => s.suggestedUserSchema,
    relies: ['ID', 'user_login'],
  },
  {
    list: 'followed sites',
    path: '/v1.1/read/following/mine',
    answer: (subscriptions) => ({ total_subscriptions: subscriptions.length, subscriptions }),
    good: (ID) => ({ ID, blog_ID: 3100 + ID, URL: `https://site${ID}.example.blog` }),
    bad: { ID: 902, URL: ['https://two.example.blog'] },
    where: 'subscriptions.1',
    read: async (c) => ({ ids: (await c.run(c.reader.followedSitesRequest())).subscriptions.map((x) => x.ID) }),
    item: (s) => s.subscriptionSchema,
    relies: ['ID', 'URL'],
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

/** The item schema's object shape, through the wrappers `unsaid` and `.passthrough()` leave (preprocess). */
function shapeOf(schema: ZodTypeAny): Record<string, ZodTypeAny> | undefined {
  let s = schema;
  while (s instanceof ZodEffects) s = s.innerType() as ZodTypeAny;
  return s instanceof ZodObject ? (s.shape as Record<string, ZodTypeAny>) : undefined;
}

/** The schema's required fields, and those of a required object inside it, dotted ("post.ID"). */
function requiredPaths(schema: ZodTypeAny, prefix = ''): string[] {
  return Object.entries(shapeOf(schema) ?? {}).flatMap(([key, field]) =>
    field.isOptional() ? [] : [`${prefix}${key}`, ...requiredPaths(field, `${prefix}${key}.`)],
  );
}

/** A copy of `item` without the field at `path`. */
function without(item: Record<string, unknown>, path: string): Record<string, unknown> {
  const copy = structuredClone(item);
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  delete at[keys.at(-1)!];
  return copy;
}

describe('every list, an item without a field the client relies on', () => {
  for (const c of cases) {
    const whole = c.whole ?? (c.good as (id: number) => Record<string, unknown>);
    const idKey = 'ID' in whole(1) ? 'ID' : 'id';

    it(`${c.list}: the fields it relies on are its item schema's required ones (${c.relies.join(', ') || 'none'})`, () => {
      assert.deepEqual(requiredPaths(c.item(schemas())), c.relies);
    });

    for (const path of c.relies)
      it(`${c.list}: an item without ${path} is left out and logged, the two others kept`, async () => {
        const service = await answering({ [c.path]: c.answer([whole(901), without(whole(902), path), whole(903)]) });
        try {
          const read = await c.read(service.client);
          assert.deepEqual(read.ids, [901, 903]);
          if (read.unreadable !== undefined) assert.equal(read.unreadable, 1);
          assert.equal(service.skipped.length, 1);
          assert.equal(service.skipped[0].where, c.where);
          if (path !== idKey) assert.equal(String(service.skipped[0].id), '902');
        } finally {
          await service.close();
        }
      });

    it(`${c.list}: an item without any one of the fields it may leave out is kept with the others`, async () => {
      const optional = Object.keys(whole(902)).filter((k) => k !== idKey && !c.relies.includes(k));
      for (const field of optional) {
        const service = await answering({ [c.path]: c.answer([whole(901), without(whole(902), field), whole(903)]) });
        try {
          const read = await c.read(service.client);
          assert.deepEqual(read.ids, [901, 902, 903], `without ${field}`);
          assert.deepEqual(service.skipped, [], `without ${field}`);
        } finally {
          await service.close();
        }
      }
    });
  }
});

/**
 * A note is read with the fields the views ask for (NOTE_FIELDS): one that comes without a field
 * asked for (noteChecks.ts) is left out and counted, the others shown; `note_hash` is not one of them.
 */
describe('the notes answer, a note without a field asked for', () => {
  const note = recorded('notifications-load-all.json', 'notes', 'id');
  const asked: Array<[field: string, carriedAs: string[]]> = [
    ['type', ['type']],
    ['unread', ['unread', 'read']],
    ['timestamp', ['timestamp', 'date']],
    ['subject', ['subject']],
    ['body', ['body']],
  ];
  const lacking = (carriedAs: string[]) => carriedAs.reduce((n, k) => without(n, k), note(902));
  for (const [field, carriedAs] of asked) {
    it(`without its ${field} (${carriedAs.join(' or ')}): left out, counted and logged, the two others shown`, async () => {
      const service = await answering({ '/v1/notifications/': { notes: [note(901), lacking(carriedAs), note(903)] } });
      try {
        const page = await service.client.notifications.list({ fields: NOTE_FIELDS });
        assert.deepEqual(
          page.notes.map((n) => n.id),
          [901, 903],
        );
        assert.equal(page.unreadable, 1);
        assert.deepEqual(page.leftOut, ['902']);
        assert.equal(service.skipped.length, 1);
        assert.equal(String(service.skipped[0].id), '902');
        assert.match(service.skipped[0].problem, new RegExp(`^${field}: asked for`));
      } finally {
        await service.close();
      }
    });

    it(`without its ${field}, not asked for: kept`, async () => {
      const service = await answering({ '/v1/notifications/': { notes: [note(901), lacking(carriedAs), note(903)] } });
      try {
        const page = await service.client.notifications.list({ fields: 'id,note_hash' });
        assert.equal(page.notes.length, 3);
      } finally {
        await service.close();
      }
    });
  }

  it('without its note_hash: shown with the others', async () => {
    const service = await answering({ '/v1/notifications/': { notes: [note(901), without(note(902), 'note_hash'), note(903)] } });
    try {
      const page = await service.client.notifications.list({ fields: NOTE_FIELDS });
      assert.deepEqual(
        page.notes.map((n) => [n.id, n.note_hash === undefined]),
        [
          [901, false],
          [902, true],
          [903, false],
        ],
      );
      assert.equal(page.unreadable, 0);
      assert.deepEqual(service.skipped, []);
    } finally {
      await service.close();
    }
  });
});
