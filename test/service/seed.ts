/**
 * Deterministic seed data: the same options always give the same world. Sizes are options so
 * tests can ask for long lists (paging) or tiny ones (exact assertions).
 */
import { fixturePosts } from './fixturePosts';
import { PAGES, SEEDED_PAGES, seedComments, seedTerms } from './seedSite';
import { seedReader } from './seedReader';
import { seedSitePosts } from './seedLargeSite';
import type { ActionName, Client, Comment, FeaturedPost, FeedPost, Note, Post, PostStatus, Site, Token, User, World } from './world';

export interface SeedOptions {
  /** Notifications of the demo user. */
  notes?: number;
  /** Posts of the followed blogs (the feed of those who follow them: demo and ed follow all four). */
  following?: number;
  /** Featured (freshly pressed) posts. */
  featured?: number;
  /** Ordinary trashed posts on the demo site, besides the ones that trigger the spec's errors. */
  trash?: number;
  /** More posts on the demo site, for a whole site kept in a folder at scale (seedLargeSite.ts; at most its MAX_SITE_POSTS). */
  sitePosts?: number;
  /** Extra redirect URIs registered for the demo client (exact match). */
  redirectUris?: string[];
  /** Redirect URI prefixes accepted for the demo client (code-server's callback URLs carry a request id). */
  redirectUriPrefixes?: string[];
}

export const DEFAULT_NOW = Date.UTC(2026, 10, 1, 12, 0, 0) / 1000;
export const DEMO_CLIENT_ID = '12345';
export const OTHER_CLIENT_ID = '99999';
export const DEMO_REDIRECT_URIS = ['vscode://contentsite.content-site/auth', 'code-oss://contentsite.content-site/auth'];

export const SITES = { demo: 2001, private: 2002, restricted: 2003, selfHosted: 2004 } as const;
export const USERS = { demo: 1001, ed: 1002, ann: 1003, sub: 1004, con: 1005, rita: 1006 } as const;

/** Trashed posts whose restore answers one row of the spec's error table. */
export const SPECIAL_POSTS = {
  /** type attachment with a disallowed mime type → 403 invalid_input "Invalid file type." */
  badFileType: 190,
  /** post type not whitelisted by rest_api_allowed_post_types → 400 invalid_field "Invalid API FIELD" */
  unlistedType: 191,
  /** published by a contributor before the trash → 403 "Assigned author cannot publish post." */
  contributorPublished: 192,
  /** ann's own trashed post (she may restore it); ed's posts she may not */
  annOwn: 193,
  /** on the self-hosted site, carries SEO metadata while SEO tools are off → 403 "SEO tools are not enabled for this site." */
  seo: 490,
  /** a trashed post with 25 attachments (only the newest 20 are returned) */
  manyAttachments: 194,
} as const;

/** mulberry32: a small PRNG whose whole state is the seed (the seed data, and the tests' random sequences). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPICS = [
  'Morning pages',
  'Editing in public',
  'On short sentences',
  'The index card method',
  'Notes from a reading',
  'Drafts that worked',
  'Why I write by hand',
  'A week without email',
  'Revision as discovery',
  'The second paragraph',
  'Sketching with words',
  'Letters to a young editor',
];
const WORDS = ['quiet', 'paper', 'margin', 'draft', 'ink', 'window', 'river', 'lamp', 'shelf', 'garden', 'compass', 'harbour'];

export function seed(options: SeedOptions = {}, now = DEFAULT_NOW): World {
  const random = rng(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const world: World = {
    now,
    users: new Map(),
    sites: new Map(),
    posts: new Map(),
    feed: [],
    featured: [],
    notes: [],
    tokens: new Map(),
    clients: new Map(),
    nextId: 90_000,
    revisions: new Map(),
    nextRevisionId: 10_000_000,
    comments: new Map(),
    postLikes: new Map(),
    follows: new Map(),
    followedAt: new Map(),
    blocks: new Map(),
    seen: new Map(),
    media: new Map(),
    terms: [],
    uploadLimit: 5 * 1024 * 1024,
    spaceLeft: 3 * 1024 * 1024 * 1024,
  };

  const sites: Site[] = [
    {
      ID: SITES.demo,
      domain: 'demo.example.blog',
      name: 'Demo Writing Desk',
      description: 'Notes on writing, drafted in public',
      visibility: 'public',
      jetpack: false,
      lang: 'en',
      subscribers: 128,
      allowedPostTypes: [],
      seoToolsEnabled: true,
    },
    {
      ID: SITES.private,
      domain: 'private.example.blog',
      name: 'Private Notebook',
      description: 'Only for invited readers',
      visibility: 'private',
      jetpack: false,
      lang: 'en',
      subscribers: 3,
      allowedPostTypes: [],
      seoToolsEnabled: true,
    },
    {
      ID: SITES.restricted,
      domain: 'restricted.example.blog',
      name: 'Members Only',
      description: 'A restricted club journal',
      visibility: 'restricted',
      jetpack: false,
      lang: 'fr',
      subscribers: 12,
      allowedPostTypes: [],
      seoToolsEnabled: true,
    },
    {
      ID: SITES.selfHosted,
      domain: 'selfhosted.example.org',
      name: 'Self-Hosted Garden',
      description: 'A connected self-hosted site',
      visibility: 'public',
      jetpack: true,
      lang: 'en',
      subscribers: 40,
      allowedPostTypes: ['jetpack-portfolio'],
      seoToolsEnabled: false,
    },
  ];
  for (const site of sites) world.sites.set(site.ID, site);

  const tags = [
    { ID: 501, slug: 'writing', title: 'Writing' },
    { ID: 502, slug: 'editing', title: 'Editing' },
    { ID: 503, slug: 'poetry', title: 'Poetry' },
  ];
  const users: User[] = [
    {
      ID: USERS.demo,
      login: 'demo',
      name: 'Demo Writer',
      email: 'demo@example.blog',
      primaryBlog: SITES.demo,
      roles: { [SITES.demo]: 'administrator', [SITES.private]: 'administrator', [SITES.selfHosted]: 'administrator' },
      lastSeenTime: now - 3 * 3600,
      followedTags: tags,
    },
    {
      ID: USERS.ed,
      login: 'ed',
      name: 'Ed Itor',
      email: 'ed@example.blog',
      primaryBlog: SITES.demo,
      roles: { [SITES.demo]: 'editor' },
      lastSeenTime: now - 86400,
      followedTags: [tags[1]],
    },
    {
      ID: USERS.ann,
      login: 'ann',
      name: 'Ann Author',
      email: 'ann@example.blog',
      primaryBlog: SITES.demo,
      roles: { [SITES.demo]: 'author' },
      lastSeenTime: now - 86400,
      followedTags: [],
    },
    {
      ID: USERS.sub,
      login: 'sub',
      name: 'Sam Subscriber',
      email: 'sub@example.blog',
      primaryBlog: SITES.demo,
      roles: { [SITES.demo]: 'subscriber' },
      lastSeenTime: now - 86400,
      followedTags: [],
    },
    {
      ID: USERS.con,
      login: 'con',
      name: 'Cal Contributor',
      email: 'con@example.blog',
      primaryBlog: SITES.demo,
      roles: { [SITES.demo]: 'contributor' },
      lastSeenTime: now - 86400,
      followedTags: [],
    },
    {
      ID: USERS.rita,
      login: 'rita',
      name: 'Rita Restricted',
      email: 'rita@example.blog',
      primaryBlog: SITES.restricted,
      roles: { [SITES.restricted]: 'administrator' },
      lastSeenTime: now - 86400,
      followedTags: [],
    },
  ];
  for (const user of users) world.users.set(user.ID, user);

  const clients: Client[] = [
    {
      id: DEMO_CLIENT_ID,
      name: 'Content Site for VS Code',
      redirectUris: [...DEMO_REDIRECT_URIS, ...(options.redirectUris ?? [])],
      redirectUriPrefixes: options.redirectUriPrefixes ?? [],
    },
    { id: OTHER_CLIENT_ID, name: 'Another App', redirectUris: ['https://other.example/callback'], redirectUriPrefixes: [] },
  ];
  for (const client of clients) world.clients.set(client.id, client);

  const token = (t: string, userId: number, extra: Partial<Token> = {}): void => {
    world.tokens.set(t, {
      token: t,
      userId,
      clientId: DEMO_CLIENT_ID,
      expiresAt: now + 14 * 86400,
      revoked: false,
      blogId: world.users.get(userId)!.primaryBlog,
      scope: 'global',
      ...extra,
    });
  };
  for (const user of users) token(`cs-${user.login}-token`, user.ID);
  token('cs-expired-token', USERS.demo, { expiresAt: now - 60 });
  token('cs-revoked-token', USERS.demo, { revoked: true });
  token('cs-other-client-token', USERS.demo, { clientId: OTHER_CLIENT_ID });

  // Posts on the sites: published, one of each other status, and the trash.
  let postId = 100;
  const addPost = (siteId: number, given: Partial<Post> & { title: string }): Post => {
    // A key given as undefined means "the default", not "no value": a post always has its dates.
    const partial = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as typeof given;
    const ID = partial.ID ?? postId++;
    const status = partial.status ?? 'publish';
    const created = partial.date ?? now - ID * 5400;
    // An unpublished post has no date of its own (its post_date follows each save), so the service
    // answers its last save as `date`; a scheduled post is modified at its date (writing.md).
    const date = partial.date === undefined && (status === 'draft' || status === 'pending') ? created + 600 : created;
    const modified = status === 'future' ? date : created + 600;
    const slug = partial.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const post: Post = {
      ID,
      siteId,
      authorId: USERS.demo,
      date,
      modified,
      content: `<p>${partial.title}: a ${pick(WORDS)} ${pick(WORDS)} and the ${pick(WORDS)}.</p>\n<p>Second paragraph about the ${pick(WORDS)}.</p>`,
      excerpt: `<p>${partial.title}: a short excerpt.</p>`,
      slug,
      status: 'publish',
      type: 'post',
      sticky: false,
      password: '',
      format: 'standard',
      tags: ['writing'],
      categories: ['Uncategorized'],
      attachments: [],
      metadata: [],
      commentCount: Math.floor(random() * 12),
      likeCount: Math.floor(random() * 40),
      revisions: [ID * 10 + 1, ID * 10 + 2],
      ...partial,
    };
    world.posts.set(ID, post);
    // Its two saves, as revisions by its author: a first draft (its first line alone) and the post as it stands.
    const [first, last] = post.revisions;
    const save = (id: number, content: string, at: number): void =>
      void world.revisions.set(id, {
        id,
        postId: ID,
        title: post.title,
        content,
        excerpt: post.excerpt,
        date: post.date,
        modified: at,
        authorId: post.authorId,
      });
    const lines = post.content.split('\n');
    save(first, lines.length > 1 ? lines[0] : '', Math.min(post.date, post.modified));
    save(last, post.content, post.modified);
    return post;
  };

  const authors = [USERS.demo, USERS.ed, USERS.ann];
  for (let i = 0; i < 8; i++)
    addPost(SITES.demo, {
      title: TOPICS[i % TOPICS.length],
      authorId: authors[i % 3],
      sticky: i === 0,
      commentsClosed: i === CLOSED_POST - 100,
    });
  const others: PostStatus[] = ['draft', 'pending', 'private', 'future'];
  for (const status of others)
    addPost(SITES.demo, { title: `A ${status} post`, status, ...(status === 'future' ? { date: now + 86400 } : {}) });

  const before: PostStatus[] = ['publish', 'draft', 'pending', 'private', 'publish', 'future'];
  const trashCount = options.trash ?? 12;
  postId = 200;
  for (let i = 0; i < trashCount; i++) {
    addPost(SITES.demo, {
      title: `${TOPICS[i % TOPICS.length]} (old ${i + 1})`,
      authorId: authors[i % 3] === USERS.ann ? USERS.ed : authors[i % 3],
      status: 'trash',
      statusBeforeTrash: before[i % before.length],
      date: now - (i + 1) * 86400 * 2,
      type: i % 5 === 4 ? 'page' : 'post',
    });
  }
  addPost(SITES.demo, {
    ID: SPECIAL_POSTS.badFileType,
    title: 'installer.exe',
    type: 'attachment',
    mimeType: 'application/x-msdownload',
    status: 'trash',
    statusBeforeTrash: 'publish',
    date: now - 3 * 86400,
  });
  addPost(SITES.demo, {
    ID: SPECIAL_POSTS.unlistedType,
    title: 'Contact form entry',
    type: 'feedback',
    status: 'trash',
    statusBeforeTrash: 'publish',
    date: now - 4 * 86400,
  });
  addPost(SITES.demo, {
    ID: SPECIAL_POSTS.contributorPublished,
    title: 'A guest essay',
    authorId: USERS.con,
    status: 'trash',
    statusBeforeTrash: 'publish',
    date: now - 5 * 86400,
  });
  addPost(SITES.demo, {
    ID: SPECIAL_POSTS.annOwn,
    title: 'Ann’s first draft',
    authorId: USERS.ann,
    status: 'trash',
    statusBeforeTrash: 'draft',
    date: now - 6 * 86400,
  });
  const attachments = Array.from({ length: 25 }, (_, i) => ({
    ID: 9000 + i,
    URL: `https://demo.example.blog/files/photo-${i + 1}.jpg`,
    guid: `https://demo.example.blog/files/photo-${i + 1}.jpg`,
    mime_type: 'image/jpeg',
    width: 1200,
    height: 800,
  }));
  addPost(SITES.demo, {
    ID: SPECIAL_POSTS.manyAttachments,
    title: 'Photo essay: the harbour',
    status: 'trash',
    statusBeforeTrash: 'publish',
    date: now - 7 * 86400,
    attachments,
    format: 'gallery',
  });

  postId = 300;
  for (let i = 0; i < 3; i++)
    addPost(SITES.private, {
      title: `Private thought ${i + 1}`,
      status: 'trash',
      statusBeforeTrash: 'private',
      date: now - (i + 2) * 86400,
    });
  addPost(SITES.private, { title: 'Private journal', status: 'private' });
  postId = 400;
  for (let i = 0; i < 2; i++)
    addPost(SITES.restricted, {
      title: `Club minutes ${i + 1}`,
      authorId: USERS.rita,
      status: 'trash',
      statusBeforeTrash: 'publish',
      date: now - (i + 2) * 86400,
    });
  addPost(SITES.selfHosted, {
    ID: SPECIAL_POSTS.seo,
    title: 'Optimised landing page',
    status: 'trash',
    statusBeforeTrash: 'publish',
    date: now - 2 * 86400,
    metadata: [{ id: '7', key: 'advanced_seo_description', value: 'The best garden on the web' }],
  });
  addPost(SITES.selfHosted, {
    ID: 491,
    title: 'Seedlings in November',
    status: 'trash',
    statusBeforeTrash: 'draft',
    date: now - 3 * 86400,
  });
  addPost(SITES.selfHosted, { ID: 492, title: 'Compost notes', status: 'publish' });

  // The followed-blogs feed.
  const blogs = [
    { id: 3101, name: 'Longhand Quarterly', url: 'https://longhand.example.com', private: false, external: false },
    { id: 3102, name: 'The Margin', url: 'https://margin.example.net', private: false, external: true },
    { id: 3103, name: 'Small Press Diary', url: 'https://smallpress.example.org', private: false, external: false },
    { id: 3104, name: 'Friends Only Letters', url: 'https://letters.example.blog', private: true, external: false },
  ];
  // The followed blogs are sites of this service too, so a feed post's meta links answer.
  for (const blog of blogs) {
    const domain = new URL(blog.url).hostname;
    world.sites.set(blog.id, {
      ID: blog.id,
      domain,
      name: blog.name,
      description: '',
      visibility: blog.private ? 'private' : 'public',
      jetpack: blog.external,
      lang: 'en',
      subscribers: 50,
      allowedPostTypes: [],
      seoToolsEnabled: true,
    });
  }
  const feed = (count: number, hours: number): FeedPost[] =>
    Array.from({ length: count }, (_, i) => {
      const blog = blogs[i % blogs.length];
      const title = `${TOPICS[(i * 5) % TOPICS.length]} #${i + 1}`;
      return {
        ID: 7000 + i,
        siteId: blog.id,
        siteName: blog.name,
        siteUrl: blog.url,
        sitePrivate: blog.private,
        external: blog.external,
        authorName: pick(['Maya Lin', 'Omar Haddad', 'Ines Duarte', 'Kofi Mensah']),
        date: now - (i + 1) * hours * 3600,
        title,
        content:
          i === 1
            ? `<p>A post with markup to keep out of the editor: <img src="x" onerror="alert('feed')"><script>alert('feed')</script><a href="javascript:alert(1)">link</a></p>`
            : `<p>${title}. The ${pick(WORDS)} and the ${pick(WORDS)}.</p><p><img src="${blog.url}/img/${i}.jpg" width="1024" height="683" alt=""></p>`,
        excerpt: `<p>${title}: about the ${pick(WORDS)}.</p>`,
        slug: `post-${i + 1}`,
        tags: [pick(['writing', 'editing', 'poetry'])],
        likeCount: Math.floor(random() * 90),
        commentCount: Math.floor(random() * 15),
      };
    });
  // Both readers follow the four blogs (the feed is theirs); a note's `follow` action reads this.
  for (const reader of [USERS.demo, USERS.ed]) world.follows.set(reader, new Set(blogs.map((b) => b.id)));
  world.feed = feed(options.following ?? 60, 3);
  world.featured = feed(options.featured ?? 15, 20).map((p, i): FeaturedPost => ({
    ...p,
    ID: 8000 + i,
    pickedOn: now - i * 86400 - 3600,
    headline: `Editors’ pick: ${p.title}`,
  }));

  // A published entry on the private site with one comment: what only the site's members may read.
  // Added after every other post so the random draws of the rest of the seed stay as they were.
  const entry = addPost(SITES.private, { ID: 304, title: 'Notebook: the first entry', status: 'publish', commentCount: 1 });
  world.comments.set(PRIVATE_SITE_COMMENT, {
    ID: PRIVATE_SITE_COMMENT,
    siteId: SITES.private,
    postId: entry.ID,
    authorId: USERS.demo,
    authorName: 'Demo Writer',
    date: entry.date + 3600,
    content: '<p>A note to self: finish the entry.</p>',
    status: 'approved',
    parent: 0,
    likes: new Set(),
  });

  // Notifications: every template, the block shape, and a few legacy payload quirks.
  const noteCount = options.notes ?? 40;
  for (let i = 0; i < noteCount; i++) world.notes.push(makeNote(i, USERS.demo, now - i * 37 * 60 - 120, i < 8 ? 1 + (i % 3) : 0));
  for (let i = 0; i < 3; i++) world.notes.push(makeNote(i + 500, USERS.ed, now - i * 3600, i === 0 ? 1 : 0));
  for (const note of world.notes) seedNoteComments(world, note);

  // Block and classic posts from the block editor's fixtures (fixturePosts.ts), stored as they are.
  // Last, so that every random draw above stays as it was.
  for (const f of fixturePosts())
    addPost(SITES.demo, { ID: f.ID, title: f.title, slug: f.title ? undefined : `post-${f.ID}`, content: f.content, storedAsSent: true });
  // The demo site's pages, its moderation queue, and its categories and tags (seedSite.ts).
  for (const page of PAGES) addPost(SITES.demo, { ...page, type: 'page', commentCount: page.ID === SEEDED_PAGES.about ? 1 : 0 });
  seedComments(world);
  seedTerms(world);
  seedReader(world);
  if (options.sitePosts) seedSitePosts(world, SITES.demo, options.sitePosts);
  return world;
}

/** The one comment on the private site (on its published entry), readable by its members only. */
export const PRIVATE_SITE_COMMENT = 9701;

/** A published post on the demo site whose comments are closed: replies get `comments_closed`. */
export const CLOSED_POST = 107;

/** The blog of each commenter in PEOPLE (a followed blog of this service); Lena Park has none. */
const BLOG_OF: Record<string, number | undefined> = { 'Maya Lin': 3101, 'Omar Haddad': 3102, 'Ines Duarte': 3103, 'Kofi Mensah': 3104 };
export const COMMENT_ACTIONS: ActionName[] = ['approve-comment', 'spam-comment', 'trash-comment', 'like-comment', 'replyto-comment'];
const commentIdOf = (i: number): number => 8800 + i * 10;

/**
 * The comments a note shows, as real comments: the template's thread (the note's comment and two
 * replies to it) or the block shape's comment block. Status follows the note's approval_status.
 */
function seedNoteComments(world: World, note: Note): void {
  const i = note.id - 60_000;
  const ids = note.meta.ids;
  const add = (c: Omit<Comment, 'siteId' | 'postId' | 'likes' | 'date'>, k: number): void => {
    world.comments.set(c.ID, { siteId: ids.site, postId: ids.post, likes: new Set(), date: note.timestamp - 60 * (3 - k), ...c });
  };
  const person = PEOPLE[i % PEOPLE.length];
  if (note.type !== 'comment') return;
  if (Array.isArray(note.body)) {
    add(
      {
        ID: commentIdOf(i),
        authorId: ids.user,
        authorName: person,
        content: `<p>${String(note.body[1].text)}</p>`,
        status: 'approved',
        parent: 0,
      },
      0,
    );
    return;
  }
  const items = note.body.items as Array<{ html: string }>;
  const status = note.status?.approval_status === 'unapproved' ? 'unapproved' : 'approved';
  items.forEach((item, k) => {
    const name = PEOPLE[(i + k) % PEOPLE.length];
    add(
      {
        ID: commentIdOf(i) + k,
        authorId: 4000 + ((i + k) % PEOPLE.length),
        authorName: name,
        content: item.html,
        status: k === 0 ? status : 'approved',
        parent: k === 0 ? 0 : commentIdOf(i),
      },
      k,
    );
  });
}

/** Keyed actions on the template items that show a person with a blog (likers, followers). */
function followSpots(people: string[]): Note['actionSpots'] {
  return people.flatMap((p, index) =>
    BLOG_OF[p] ? [{ index, names: ['follow' as const], ids: { site: BLOG_OF[p]!, user: 4000 + PEOPLE.indexOf(p) } }] : [],
  );
}

const PEOPLE = ['Maya Lin', 'Omar Haddad', 'Ines Duarte', 'Kofi Mensah', 'Lena Park'];
export const avatar = (name: string): string =>
  `https://gravatar.example/avatar/${encodeURIComponent(name.toLowerCase().replace(/ /g, '.'))}?s=256`;

function makeNote(i: number, userId: number, timestamp: number, unread: number): Note {
  const id = 60_000 + i;
  const person = PEOPLE[i % PEOPLE.length];
  const postTitle = TOPICS[i % 4];
  const postId = 100 + (i % 4);
  const postUrl = `https://demo.example.blog/2026/11/${postId}/`;
  const kind = i % 6;
  const base = { id, userId, timestamp, unread, hash: (id * 2654435761) % 2 ** 31 };
  const meta = {
    ids: { site: SITES.demo, post: postId, user: 4000 + (i % PEOPLE.length) } as Record<string, number>,
    links: { site: `/rest/v1/sites/${SITES.demo}`, post: `/rest/v1.1/sites/${SITES.demo}/posts/${postId}` },
  };
  if (kind === 0 || kind === 3) {
    const hostile = i === 3;
    const text = hostile ? 'Great post! <img src=x onerror=alert(1)>' : `Loved the part about the ${WORDS[i % WORDS.length]}.`;
    const html = hostile
      ? `<p>Great post!<img src="x" onerror="alert('note')"><script>alert('note')</script><a href="javascript:alert(2)">me</a></p>`
      : `<p>${text}</p>`;
    return {
      ...base,
      type: 'comment',
      noticon: '\uf300',
      subject: {
        icon: avatar(person),
        noticon: '\uf300',
        status: unread ? 'pending' : '',
        html: `<b>${person}</b> commented on <i>${postTitle}</i>`,
        text: `${person} commented on ${postTitle}`,
      },
      snippet: text.slice(0, 90),
      body: {
        template: 'multi-line-list',
        header: `<a href="${postUrl}">${postTitle}</a>`,
        footer: 'Reply from the comments screen',
        items: Array.from({ length: 3 }, (_, k) => ({
          icon: avatar(PEOPLE[(i + k) % PEOPLE.length]),
          header: `<b>${PEOPLE[(i + k) % PEOPLE.length]}</b>`,
          html: k === 0 ? html : `<p>Reply ${k} in the thread.</p>`,
          action: { type: 'reply', params: [{ key: 'comment_id', value: String(8800 + i * 10 + k) }] },
          objects: {},
        })),
        actions: [{ type: 'approve-comment', params: [{ key: 'comment_id', value: String(8800 + i * 10) }] }],
      },
      status: { approval_status: unread ? 'unapproved' : 'approved', undo_status: 0, i_replied: false },
      meta: { ids: { ...meta.ids, comment: 8800 + i * 10 }, links: meta.links },
      actionSpots: [
        { index: 0, names: COMMENT_ACTIONS, ids: { site: SITES.demo, post: postId, comment: commentIdOf(i), user: meta.ids.user } },
      ],
    };
  }
  if (kind === 1) {
    const likers = PEOPLE.slice(0, 2 + (i % 4));
    return {
      ...base,
      type: 'like',
      noticon: '\uf408',
      trapGroup: `like:${postId}`,
      subject: {
        icon: avatar(likers[0]),
        noticon: '\uf408',
        html: `<b>${likers[0]}</b> and ${likers.length - 1} others liked <i>${postTitle}</i>`,
        text: `${likers[0]} and ${likers.length - 1} others liked ${postTitle}`,
      },
      body: {
        template: 'single-line-list',
        header: `<a href="${postUrl}">${postTitle}</a>`,
        header_text: postTitle,
        header_link: postUrl,
        footer: `<a href="${postUrl}#likes">See all likes</a>`,
        footer_text: 'See all likes',
        footer_link: `${postUrl}#likes`,
        items: likers.map((p) => ({
          icon: avatar(p),
          icon_width: 256,
          icon_height: 256,
          header: `<b>${p}</b>`,
          header_text: p,
          header_link: `https://gravatar.example/${encodeURIComponent(p)}`,
          action: { type: 'follow', params: [] },
        })),
      },
      meta,
      actionSpots: followSpots(likers),
    };
  }
  if (kind === 2) {
    return {
      ...base,
      type: 'follow',
      noticon: '\uf801',
      subject: {
        icon: avatar(person),
        noticon: '\uf801',
        html: `<b>${person}</b> followed Demo Writing Desk`,
        text: `${person} followed Demo Writing Desk`,
      },
      body: {
        template: 'single-line-list',
        header: 'New follower',
        header_text: 'New follower',
        header_link: 'https://demo.example.blog/',
        items: [
          {
            icon: avatar(person),
            header: `<b>${person}</b>`,
            header_text: person,
            header_link: `https://gravatar.example/${encodeURIComponent(person)}`,
            action: { type: 'follow', params: [] },
          },
        ],
      },
      meta: { ids: { site: SITES.demo, user: meta.ids.user }, links: { site: meta.links.site } },
      actionSpots: followSpots([person]),
    };
  }
  if (kind === 4) {
    const milestone = 10 * (i + 1);
    return {
      ...base,
      type: 'achievement',
      noticon: '\uf806',
      subject: {
        icon: 'https://s.example/badges/achievement.png',
        noticon: '\uf806',
        html: `You reached <b>${milestone} likes</b> on Demo Writing Desk`,
        text: `You reached ${milestone} likes on Demo Writing Desk`,
      },
      body: {
        template: 'big-badge',
        header: `<b>${milestone} likes</b>`,
        html: `<p>Congratulations on getting ${milestone} total likes on Demo Writing Desk.</p>`,
        badge: 'https://s.example/badges/likes-256.png',
        badge_width: 256,
        badge_height: 256,
        objects: { '/sites/2001': false },
      },
      meta: { ids: { site: SITES.demo }, links: { site: meta.links.site } },
    };
  }
  // kind 5: the block shape real notes use, with `read` and an ISO timestamp.
  const subjectText = `${person} mentioned you in ${postTitle}`;
  return {
    ...base,
    type: 'comment',
    noticon: '\uf814',
    legacyShape: true,
    title: 'Mention',
    header: [
      {
        text: person,
        ranges: [
          { type: 'user', indices: [0, person.length], url: `https://gravatar.example/${encodeURIComponent(person)}`, id: meta.ids.user },
        ],
        media: [{ type: 'image', indices: [0, 0], url: avatar(person), width: 256, height: 256 }],
      },
      { text: postTitle, ranges: [{ type: 'post', indices: [0, postTitle.length], url: postUrl, site_id: SITES.demo, post_id: postId }] },
    ],
    subject: [
      {
        text: subjectText,
        ranges: [
          { type: 'user', indices: [0, person.length], url: `https://gravatar.example/${encodeURIComponent(person)}`, id: meta.ids.user },
          {
            type: 'post',
            indices: [subjectText.length - postTitle.length, subjectText.length],
            url: postUrl,
            site_id: SITES.demo,
            post_id: postId,
          },
        ],
      },
    ],
    body: [
      {
        text: person,
        ranges: [{ type: 'user', indices: [0, person.length], url: `https://gravatar.example/${encodeURIComponent(person)}` }],
        media: [{ type: 'image', indices: [0, 0], url: avatar(person), width: 256, height: 256 }],
        type: 'user',
      },
      {
        text: `@demo I think you'd like this take on the ${WORDS[i % WORDS.length]}.`,
        ranges: [{ type: 'user', indices: [0, 5], id: USERS.demo }],
        type: 'comment',
      },
    ],
    meta,
    actionSpots: [
      {
        index: 1,
        names: [...COMMENT_ACTIONS, 'like-post'],
        ids: { site: SITES.demo, post: postId, comment: commentIdOf(i), user: meta.ids.user },
      },
    ],
  };
}
