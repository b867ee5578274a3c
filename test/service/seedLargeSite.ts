/**
 * A large demo site on demand (`SeedOptions.sitePosts`, `npm run service -- --posts 10000`): that
 * many more posts on the demo site, IDs from `SITE_POSTS_FIRST_ID`, for keeping a whole site in a
 * folder (site-sync.md) at scale. Deterministic (a function of the index alone) and cheap: small
 * HTML a Markdown converter reads cleanly (paragraphs, emphasis, a link, now and then a heading or a
 * list), one revision each (the post as it stands), the seed's categories and tags. Mostly
 * published, with drafts, pending, private, a few scheduled and trashed ones, and a page in fifty.
 */
import { USERS } from './seed';
import type { Post, PostStatus, World } from './world';

export const SITE_POSTS_FIRST_ID = 100_000;
/** More would reach the revision IDs' range (`World.nextRevisionId`). */
export const MAX_SITE_POSTS = 100_000;

const SUBJECTS = [
  'margins',
  'first drafts',
  'the index cards',
  'a reading list',
  'the second paragraph',
  'titles',
  'rewriting',
  'notebooks',
];
const OPENINGS = [
  'Most mornings start with a page that nobody will read.',
  'The draft was longer than it needed to be, so it lost a third.',
  'A good sentence earns its place by doing one thing well.',
  'Some weeks the work is only reading, and that is work too.',
];
const MIDDLES = [
  'The trick is to <em>stop</em> before the idea runs out, so there is something to come back to.',
  'Cutting a paragraph hurts less once it lives in a file called <strong>later</strong>.',
  'Read it aloud: the ear finds what the eye forgives.',
  'A list of questions beats a list of answers at this stage.',
];
const CATEGORIES = ['Craft', 'Process', 'Reading', 'Revision', 'Uncategorized'];
const TAGS = ['writing', 'editing', 'drafts', 'habits', 'notebooks', 'books'];

/**
 * Mostly published; every fifty posts a draft, a pending, a private and a trashed one (it was
 * published); one in 2,500 scheduled (a real site has few: each one's `modified` is its future date,
 * so it comes back from every `modified_after` check until then).
 */
function statusOf(i: number): PostStatus {
  if (i % 2500 === 4) return 'future';
  return (['draft', 'pending', 'private', 'trash'] as const)[i % 50] ?? 'publish';
}

function contentOf(i: number, subject: string): string {
  const parts = [`<p>${OPENINGS[i % OPENINGS.length]} This time it was ${subject}.</p>`];
  if (i % 7 === 0) parts.push(`<h2>What changed</h2>`);
  parts.push(
    `<p>${MIDDLES[(i >> 2) % MIDDLES.length]} More on <a href="https://demo.example.blog/?p=${100 + (i % 8)}">an older note</a>.</p>`,
  );
  if (i % 11 === 0) parts.push(`<ul>\n<li>one page a day</li>\n<li>one cut a week</li>\n</ul>`);
  return parts.join('\n\n');
}

export function seedSitePosts(world: World, siteId: number, count: number): void {
  if (!Number.isInteger(count) || count < 0 || count > MAX_SITE_POSTS)
    throw new Error(`sitePosts must be a whole number from 0 to ${MAX_SITE_POSTS} (got ${count})`);
  // Read here, not at load: seed.ts imports this file, and USERS is its own.
  const authors = [USERS.demo, USERS.ed, USERS.ann];
  const now = world.now;
  for (let i = 0; i < count; i++) {
    const ID = SITE_POSTS_FIRST_ID + i;
    const status = statusOf(i);
    const page = i % 50 === 7;
    const subject = SUBJECTS[i % SUBJECTS.length];
    const title = page ? `Page ${i + 1}: about ${subject}` : `Note ${i + 1} on ${subject}`;
    // Newest first by index, three hours apart; some were edited hours after they were written.
    const written = now - (i + 1) * 3 * 3600;
    const date = status === 'future' ? now + ((i % 7) + 1) * 86400 : written;
    const modified = status === 'future' ? date : written + (i % 5) * 3600;
    const content = contentOf(i, subject);
    const post: Post = {
      ID,
      siteId,
      authorId: authors[i % authors.length],
      date: status === 'draft' || status === 'pending' ? modified : date,
      modified,
      title,
      content,
      excerpt: '',
      slug: `${page ? 'page' : 'note'}-${i + 1}-on-${subject.replace(/ /g, '-')}`,
      status,
      ...(status === 'trash' ? { statusBeforeTrash: 'publish' as const } : {}),
      type: page ? 'page' : 'post',
      sticky: false,
      password: '',
      format: 'standard',
      tags: page ? [] : [TAGS[i % TAGS.length]],
      categories: page ? [] : [CATEGORIES[i % CATEGORIES.length]],
      attachments: [],
      metadata: [],
      commentCount: 0,
      likeCount: i % 17,
      revisions: [ID * 10 + 1],
      storedAsSent: true,
    };
    world.posts.set(ID, post);
    world.revisions.set(ID * 10 + 1, {
      id: ID * 10 + 1,
      postId: ID,
      title,
      content,
      excerpt: '',
      date: post.date,
      modified,
      authorId: post.authorId,
    });
  }
}
