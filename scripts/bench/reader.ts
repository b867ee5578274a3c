/**
 * Acting on followed posts (issue 33) on a service of its own with the bench's latency on every
 * request: liking one post, commenting on one, and Mark All as Seen of a Following list of 100
 * unseen posts over several sites, each through ReaderPostActions as the Following view does it.
 * Each figure is the median of RUNS runs, and each run starts fresh: the service back to its seed
 * (the post not liked, no comment yet, every post unseen) and Following loaded again, neither
 * timed. Beside each, `wpcom` 7 doing the same where it can, in the same rounds (alternating).
 * Requests are counted under both `/rest/` and `/wpcom/v2/` (where the seen marks go).
 */
import { performance } from 'node:perf_hooks';
import { ContentSiteClient, type FeedPost } from '../../src/api';
import { FollowingModel } from '../../src/models/followingModel';
import { ReaderPostActions, type ReaderList } from '../../src/models/readerPostActions';
import { SiteChanges } from '../../src/models/siteChanges';
import { startService, USERS, type RunningService } from '../../test/service';
import { feedItemIdOf } from '../../test/service/readerShapes';
import { READER } from '../../test/service/seedReader';
import { TOKEN } from './coldLoad';
import { wpcomClient } from './wpcomClient';

/** Runs per figure (the median is reported). */
export const READER_RUNS = 7;
/** Posts Mark All as Seen marks: Following loaded a page of 20 at a time until it holds them. */
export const SEEN_POSTS = 100;
const PAGE = 20;

export interface ReaderCost {
  requests: number;
  /** Response bodies uncompressed. */
  bytes: number;
  /** What crossed the wire (compressed when the client asked for it). */
  wire: number;
  ms: number;
}

export interface ReaderFigures {
  like: { ours: ReaderCost; wpcom: ReaderCost };
  comment: { ours: ReaderCost; wpcom: ReaderCost };
  seen: {
    ours: ReaderCost;
    /** The same posts, one request per post, all at once (what grouping by feed saves). */
    perPost: ReaderCost;
    posts: number;
    sites: number;
    feeds: number;
  };
}

/** One run's starting point: the seed again, Following's first SEEN_POSTS posts loaded, the actions over it. */
interface Fresh {
  following: FollowingModel;
  acts: ReaderPostActions;
}

type Work = (fresh: Fresh) => Promise<() => void>;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function logged(svc: RunningService): Omit<ReaderCost, 'ms'> {
  const reqs = svc.requests.filter((r) => r.path.startsWith('/rest/') || r.path.startsWith('/wpcom/'));
  return {
    requests: reqs.length,
    bytes: reqs.reduce((n, r) => n + r.bytes, 0),
    wire: reqs.reduce((n, r) => n + (r.wireBytes ?? r.bytes), 0),
  };
}

/** The post liked and commented on: Following's newest post of a site that takes both (not held, not closed, not a feed). */
function target(following: FollowingModel): FeedPost {
  const post = following.items.find((p) => p.site_ID === READER.longhand && p.ID !== READER.closedPost);
  if (!post) throw new Error('Following holds no post of Longhand Quarterly to like and comment on.');
  return post;
}

export async function readerFigures(latencyMs: number): Promise<ReaderFigures> {
  const svc = await startService({ port: 0, latencyMs, seed: { following: SEEN_POSTS + PAGE } });
  const api = new ContentSiteClient({ baseUrl: svc.restUrl, token: TOKEN });
  const wp = wpcomClient(svc.restUrl);
  try {
    // Warm both clients' connections and load the Reader's actions (a lazy part), as in an editor in use.
    await api.me();
    await api.reader.actions();
    await wp.req.get('/me');

    const fresh = async (): Promise<Fresh> => {
      svc.reset();
      const following = new FollowingModel({ client: () => api, pageSize: () => PAGE });
      await following.refresh();
      while (following.items.length < SEEN_POSTS) await following.loadMore();
      if (following.items.length !== SEEN_POSTS || following.items.some((p) => p.is_seen !== false))
        throw new Error(`Following should hold ${SEEN_POSTS} unseen posts; it holds ${following.items.length}.`);
      const acts = new ReaderPostActions({ client: () => api, lists: () => [following] as ReaderList[], changes: new SiteChanges() });
      return { following, acts };
    };

    /** Each contender in turn for READER_RUNS rounds, each run from fresh(); `work` answers a check that it did the work. */
    const compare = async (contenders: Work[]): Promise<ReaderCost[]> => {
      const runs = contenders.map(() => [] as ReaderCost[]);
      for (let round = 0; round < READER_RUNS; round++) {
        for (const [i, work] of contenders.entries()) {
          const f = await fresh();
          svc.requests.length = 0;
          const t = performance.now();
          const check = await work(f);
          const took = performance.now() - t;
          runs[i].push({ ...logged(svc), ms: took });
          check();
          f.acts.dispose();
        }
      }
      return runs.map((costs) => ({ ...costs[0], ms: median(costs.map((c) => c.ms)) }));
    };

    const liked = (post: FeedPost, who: string) => () => {
      if (!svc.world().postLikes.get(post.ID)?.has(USERS.demo)) throw new Error(`${who}: post ${post.ID} is not liked on the service.`);
    };
    const [likeOurs, likeWpcom] = await compare([
      async ({ following, acts }) => {
        const post = target(following);
        const report = await acts.like([post], true);
        if (report.error) throw report.error;
        return liked(post, 'this extension');
      },
      async ({ following }) => {
        // wpcom 7 removed `site.post().like()` (7.0.0): its request helper on the same path.
        const post = target(following);
        await wp.req.post(`/sites/${post.site_ID}/posts/${post.ID}/likes/new`);
        return liked(post, 'wpcom');
      },
    ]);

    const commented = (post: FeedPost, text: string, who: string) => () => {
      const found = [...svc.world().comments.values()].some(
        (c) => c.postId === post.ID && c.authorId === USERS.demo && c.content.includes(text),
      );
      if (!found) throw new Error(`${who}: no comment on post ${post.ID} on the service.`);
    };
    const [commentOurs, commentWpcom] = await compare([
      async ({ following, acts }) => {
        const post = target(following);
        const text = 'Read it twice: the second draft is the real one.';
        await acts.comment(post, text);
        return commented(post, text, 'this extension');
      },
      async ({ following }) => {
        const post = target(following);
        const text = 'Read it twice, with wpcom.';
        await (wp.site(String(post.site_ID)) as WpcomSite).post(post.ID).comment().add(text);
        return commented(post, text, 'wpcom');
      },
    ]);

    const allSeen = (posts: readonly FeedPost[], who: string) => () => {
      const seen = svc.world().seen.get(USERS.demo);
      const unseen = posts.filter((p) => !seen?.has(feedItemIdOf(p.ID)));
      if (unseen.length > 0) throw new Error(`${who}: ${unseen.length} of ${posts.length} posts are not seen on the service.`);
    };
    let shape = { posts: 0, sites: 0, feeds: 0 };
    const [seenOurs, seenPerPost] = await compare([
      async ({ following, acts }) => {
        const posts = [...following.items];
        shape = { posts: posts.length, sites: new Set(posts.map((p) => p.site_ID)).size, feeds: new Set(posts.map((p) => p.feed_ID)).size };
        const report = await acts.markAllSeen(following);
        if (report.error) throw report.error;
        return allSeen(posts, 'this extension');
      },
      async ({ following }) => {
        const posts = [...following.items];
        const reader = await api.reader.actions();
        await Promise.all(posts.map((p) => reader.markSeen(Number(p.feed_ID), [Number(p.feed_item_ID)])));
        return allSeen(posts, 'one request per post');
      },
    ]);

    return {
      like: { ours: likeOurs, wpcom: likeWpcom },
      comment: { ours: commentOurs, wpcom: commentWpcom },
      seen: { ours: seenOurs, perPost: seenPerPost, ...shape },
    };
  } finally {
    await api.close();
    await svc.close();
  }
}

/** The part of wpcom's untyped `site()` used here (its types say `any`). */
interface WpcomSite {
  post(id: number): { comment(): { add(text: string): Promise<unknown> } };
}
