/**
 * The one place that says what became of a site's post (published, trashed, restored, written from
 * a file…), as the service answered: whoever changed it tells, every list that shows posts hears it
 * and follows (the Posts view, the Trash). Nothing here asks the service; the lists decide whether
 * what they show is out of date.
 */
import type { PostV11 } from '../api';
import { Emitter } from './emitter';

export interface PostChange {
  /** The site as the chosen site names it. */
  site: string;
  /** The post as the service answered (at least its ID and status). */
  post: Pick<PostV11, 'ID' | 'status'> & Partial<PostV11>;
}

export class SiteChanges {
  private readonly posts = new Emitter<PostChange>();
  readonly onPost = this.posts.event;

  /** A post changed on the site: its new state, as the service answered. */
  post(site: string, post: PostChange['post']): void {
    this.posts.fire({ site, post });
  }

  dispose(): void {
    this.posts.dispose();
  }
}
