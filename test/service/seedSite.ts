/**
 * The demo site's content beyond its posts and notes: a moderation queue worth working through
 * (pending comments across posts, approved ones, a pingback, one spam and one trashed), its
 * categories and tags with the posts that carry them, and its pages. Fixed IDs (comments
 * 8700–8799, below every note's thread; pages 130–133) so tests can name them.
 */
import { SITES, USERS } from './seed';
import { addTerm, registerPostTerms } from './terms';
import type { Comment, CommentStatus, CommentType, Post, World } from './world';

/** The seeded comments by what they are. */
export const SEEDED_COMMENTS = {
  /** Waiting for moderation, on posts 101, 104, 105, 106, 100 (a reply to 8801), 102 and 103. */
  pending: [8700, 8701, 8702, 8703, 8704, 8705, 8706],
  /** Approved: 8711 is ed's reply to 8710; 8713 is ann's. */
  approved: [8710, 8711, 8712, 8713],
  /** An approved pingback on post 101. */
  pingback: 8740,
  spam: 8720,
  trash: 8730,
  /** An approved comment on the About page (130). */
  onPage: 8750,
} as const;

/** The demo site's pages: About (130), Contact (131), a workshop page under About (132), and a draft (133). */
export const SEEDED_PAGES = { about: 130, contact: 131, workshop: 132, draft: 133 } as const;

/** Outside commenters without a user here (the note threads use 4000–4004 for PEOPLE). */
const OUTSIDERS: Record<string, number> = {
  'Maya Lin': 4000,
  'Omar Haddad': 4001,
  'Ines Duarte': 4002,
  'Kofi Mensah': 4003,
  'Lena Park': 4004,
  'Theo Grant': 4010,
  'Small Press Diary': 4011,
  'Essay Deals': 4012,
  'Pat Quill': 4013,
};

interface SeedComment {
  ID: number;
  post: number;
  by: string | number;
  hoursAgo: number;
  text: string;
  status: CommentStatus;
  parent?: number;
  type?: CommentType;
  statusBefore?: CommentStatus;
}

/** A function, so USERS (from seed.ts, which imports this file) is read when the seed runs. */
const comments = (): SeedComment[] => [
  {
    ID: 8700,
    post: 101,
    by: 'Lena Park',
    hoursAgo: 5,
    status: 'unapproved',
    text: 'Could you say more about keeping the edits visible? I tried it and lost track of which version was which.',
  },
  {
    ID: 8701,
    post: 104,
    by: 'Omar Haddad',
    hoursAgo: 7,
    status: 'unapproved',
    text: 'Which book was this? The line about margins stayed with me.',
  },
  {
    ID: 8702,
    post: 105,
    by: 'Ines Duarte',
    hoursAgo: 9,
    status: 'unapproved',
    text: 'The before-and-after of the second draft is so useful. Saving this one.',
  },
  {
    ID: 8703,
    post: 106,
    by: 'Kofi Mensah',
    hoursAgo: 11,
    status: 'unapproved',
    text: 'Fountain pen or pencil? Asking for a friend who smudges everything.',
  },
  {
    ID: 8704,
    post: 100,
    by: 'Maya Lin',
    hoursAgo: 13,
    status: 'unapproved',
    parent: 8801,
    text: 'Same here: three pages before coffee, every day since March.',
  },
  {
    ID: 8705,
    post: 102,
    by: 'Theo Grant',
    hoursAgo: 26,
    status: 'unapproved',
    text: 'Short sentences, yes. But what happens to the rhythm?',
  },
  {
    ID: 8706,
    post: 103,
    by: 'Theo Grant',
    hoursAgo: 30,
    status: 'unapproved',
    text: 'Do you number the cards, or shuffle them and see what happens?',
  },
  {
    ID: 8710,
    post: 104,
    by: 'Maya Lin',
    hoursAgo: 20,
    status: 'approved',
    text: 'Lovely notes. I read it last winter and want to again now.',
  },
  {
    ID: 8711,
    post: 104,
    by: USERS.ed,
    hoursAgo: 19,
    status: 'approved',
    parent: 8710,
    text: 'Thanks, Maya. The chapter on margins is the best part.',
  },
  {
    ID: 8712,
    post: 106,
    by: 'Ines Duarte',
    hoursAgo: 40,
    status: 'approved',
    text: 'I switched to writing by hand last year and never looked back.',
  },
  { ID: 8713, post: 105, by: USERS.ann, hoursAgo: 50, status: 'approved', text: 'I keep a folder with exactly that name.' },
  {
    ID: 8740,
    post: 101,
    by: 'Small Press Diary',
    hoursAgo: 60,
    status: 'approved',
    type: 'pingback',
    text: '[…] a good piece on editing in public over at the Demo Writing Desk […]',
  },
  {
    ID: 8720,
    post: 103,
    by: 'Essay Deals',
    hoursAgo: 3,
    status: 'spam',
    statusBefore: 'unapproved',
    text: 'Cheap essays written overnight!!! Visit our site for a discount.',
  },
  { ID: 8730, post: 105, by: 'Pat Quill', hoursAgo: 70, status: 'trash', statusBefore: 'approved', text: 'First!' },
  { ID: 8750, post: SEEDED_PAGES.about, by: 'Lena Park', hoursAgo: 15, status: 'approved', text: 'Glad to have found this desk.' },
];

export function seedComments(world: World): void {
  for (const c of comments()) {
    const user = typeof c.by === 'number' ? world.users.get(c.by) : undefined;
    const comment: Comment = {
      ID: c.ID,
      siteId: SITES.demo,
      postId: c.post,
      authorId: user?.ID ?? OUTSIDERS[c.by as string],
      authorName: user?.name ?? (c.by as string),
      date: world.now - c.hoursAgo * 3600,
      content: `<p>${c.text}</p>`,
      status: c.status,
      parent: c.parent ?? 0,
      likes: new Set(),
      ...(c.type ? { type: c.type } : {}),
      ...(c.statusBefore ? { statusBefore: c.statusBefore } : {}),
    };
    world.comments.set(c.ID, comment);
  }
}

/** The demo site's categories (Revision under Craft; Announcements has no posts yet). */
const CATEGORIES: Array<{ ID: number; name: string; description: string; parent?: number }> = [
  { ID: 1, name: 'Uncategorized', description: '' },
  { ID: 2, name: 'Craft', description: 'How the sentences get made.' },
  { ID: 3, name: 'Process', description: 'Habits, tools and routines.' },
  { ID: 4, name: 'Reading', description: 'Notes on books and essays.' },
  { ID: 5, name: 'Revision', description: 'Second drafts and after.', parent: 2 },
  { ID: 6, name: 'Announcements', description: 'News from the desk.' },
];
const TAGS = ['writing', 'editing', 'drafts', 'habits', 'notebooks', 'poetry', 'books', 'tools'];

/** Which posts carry which terms (posts not named keep the seed's Uncategorized and writing). */
const POST_TERMS: Record<number, { categories: string[]; tags: string[] }> = {
  100: { categories: ['Process'], tags: ['writing', 'habits', 'notebooks'] },
  101: { categories: ['Craft'], tags: ['editing', 'writing'] },
  102: { categories: ['Craft', 'Revision'], tags: ['editing'] },
  103: { categories: ['Process'], tags: ['notebooks', 'drafts', 'tools'] },
  104: { categories: ['Reading'], tags: ['books', 'writing'] },
  105: { categories: ['Revision'], tags: ['drafts', 'editing'] },
  106: { categories: ['Process'], tags: ['notebooks', 'habits'] },
  107: { categories: ['Uncategorized'], tags: ['habits'] },
  108: { categories: ['Craft'], tags: ['drafts'] },
  109: { categories: ['Reading'], tags: ['books'] },
  110: { categories: ['Process'], tags: ['writing'] },
  111: { categories: ['Craft'], tags: ['writing', 'poetry'] },
  120: { categories: ['Craft'], tags: ['writing', 'tools'] },
};

export function seedTerms(world: World): void {
  for (const c of CATEGORIES) addTerm(world, SITES.demo, 'category', c.name, c);
  TAGS.forEach((name, i) => addTerm(world, SITES.demo, 'post_tag', name, { ID: 11 + i }));
  for (const [id, terms] of Object.entries(POST_TERMS)) Object.assign(world.posts.get(Number(id))!, terms);
  // Pages carry no categories or tags.
  for (const p of world.posts.values()) if (p.type === 'page') Object.assign(p, { categories: [], tags: [] });
  registerPostTerms(world);
}

/** The pages, for `addPost` (the seed's own, so they are dated and shaped like every post). */
export const PAGES: Array<Partial<Post> & { ID: number; title: string }> = [
  { ID: SEEDED_PAGES.about, title: 'About', menuOrder: 0, content: '<p>This desk is where the drafts live before they are ready.</p>' },
  { ID: SEEDED_PAGES.contact, title: 'Contact', menuOrder: 2, content: '<p>Write to the desk: letters are read on Fridays.</p>' },
  {
    ID: SEEDED_PAGES.workshop,
    title: 'Writing workshop',
    parent: SEEDED_PAGES.about,
    menuOrder: 1,
    pageTemplate: 'full-width',
    content: '<p>A monthly workshop: bring two pages, leave with ten questions.</p>',
  },
  { ID: SEEDED_PAGES.draft, title: 'Reading list', status: 'draft', menuOrder: 3, content: '<p>Books for the winter, to be sorted.</p>' },
];
