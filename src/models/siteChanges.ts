/**
 * The one place that says what became of a site's post or comment (published, trashed, restored,
 * approved…), as the service answered: whoever changed it tells, every list that shows it hears it
 * and follows (the Posts view and the Trash for posts; the Comments view for comments). Nothing here
 * asks the service; the lists decide whether what they show is out of date.
 */
import type { FeedPost, PostV11 } from '../api';
import { Emitter } from './emitter';

export interface PostChange {
  /** The site as the chosen site names it. */
  site: string;
  /** The post as the service answered (at least its ID and status). */
  post: Pick<PostV11, 'ID' | 'status'> & Partial<PostV11>;
}

export interface CommentChange {
  /** The site as the chosen site names it, or its ID (a note names sites by ID). */
  site?: string;
  siteId?: number;
  id: number;
  /** Its status now, as the service answered (approved, unapproved, spam, trash, deleted). */
  status: string;
  /** Who told: a list does not follow its own news. */
  from?: object;
}

/** A followed site followed or unfollowed, blocked or unblocked (reader.md), as the service answered. */
export interface FollowChange {
  /** The site's ID (a WordPress.com or Jetpack site), and/or its feed's (any followed address). */
  siteId?: number;
  feedId?: number;
  /** Following it now (false: unfollowed); blocked now (its posts leave every stream). */
  following?: boolean;
  blocked?: boolean;
  from?: object;
}

/** A Reader post acted on (liked, seen…): what changed on it, as the service answered. */
export interface ReaderPostChange {
  siteId: number;
  postId: number;
  patch: Partial<Pick<FeedPost, 'i_like' | 'like_count' | 'is_seen' | 'comment_count'>>;
  from?: object;
}

export class SiteChanges {
  private readonly posts = new Emitter<PostChange>();
  private readonly comments = new Emitter<CommentChange>();
  private readonly follows = new Emitter<FollowChange>();
  private readonly readerPosts = new Emitter<ReaderPostChange>();
  readonly onPost = this.posts.event;
  readonly onComment = this.comments.event;
  /** Reader: a site followed, unfollowed, blocked or unblocked; a Reader post liked, seen, commented on. */
  readonly onFollow = this.follows.event;
  readonly onReaderPost = this.readerPosts.event;

  /** A post changed on the site: its new state, as the service answered. */
  post(site: string, post: PostChange['post']): void {
    this.posts.fire({ site, post });
  }

  /** A comment's status changed on the site, as the service answered. */
  comment(change: CommentChange): void {
    this.comments.fire(change);
  }

  /** A site's follow or block state changed, as the service answered. */
  follow(change: FollowChange): void {
    this.follows.fire(change);
  }

  /** A Reader post changed for the reader (liked, seen, commented on), as the service answered. */
  readerPost(change: ReaderPostChange): void {
    this.readerPosts.fire(change);
  }

  dispose(): void {
    this.posts.dispose();
    this.comments.dispose();
    this.follows.dispose();
    this.readerPosts.dispose();
  }
}
