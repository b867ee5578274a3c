/**
 * The one place that says what became of a site's post or comment (published, trashed, restored,
 * approved…), as the service answered: whoever changed it tells, every list that shows it hears it
 * and follows (the Posts view and the Trash for posts; the Comments view for comments). Nothing here
 * asks the service; the lists decide whether what they show is out of date.
 */
import type { PostV11 } from '../api';
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

export class SiteChanges {
  private readonly posts = new Emitter<PostChange>();
  private readonly comments = new Emitter<CommentChange>();
  readonly onPost = this.posts.event;
  readonly onComment = this.comments.event;

  /** A post changed on the site: its new state, as the service answered. */
  post(site: string, post: PostChange['post']): void {
    this.posts.fire({ site, post });
  }

  /** A comment's status changed on the site, as the service answered. */
  comment(change: CommentChange): void {
    this.comments.fire(change);
  }

  dispose(): void {
    this.posts.dispose();
    this.comments.dispose();
  }
}
