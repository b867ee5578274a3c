/**
 * What publishing, uploading images and pulling a post share: the client's calls they make, what this
 * extension remembers between them (the library's items by content, each post's last seen version),
 * what a file and the site agree on afterwards, and the error that says why one was refused.
 */
import type { MediaApi } from '../api/media';
import type { PostsApi } from '../api/posts';
import type { RenderedPiece } from './bodyRenderer';
import type { Problem } from './postFile';
import type { PostStyle } from './pullContent';

/** The client's calls a publish makes (the real ContentSiteClient, or a test's stand-in). */
export interface PublishClient {
  posts: Pick<PostsApi, 'create' | 'update' | 'get' | 'list'>;
  media: Pick<MediaApi, 'upload'>;
}

/** Content hash → the library's item, per site: what was uploaded once is not sent again. */
export interface MediaMemory {
  get(site: string, sha256: string): { ID: number; URL: string } | undefined;
  set(site: string, sha256: string, item: { ID: number; URL: string }): Promise<void> | void;
}

/** What this extension last saw of a post (and, while an update's answer is unknown, what it sent). */
export interface SeenPost {
  /** The `modified` of the post's version this extension last read or wrote. */
  modified: string;
  /** The fingerprint of the last update sent, until its answer came back. */
  sent?: string;
}

/** Per site and post: the only `modified` values a publish trusts are the ones kept here. */
export interface PostMemory {
  get(site: string, id: number): SeenPost | undefined;
  set(site: string, id: number, seen: SeenPost): Promise<void> | void;
}

/** What the file and the site agree on after a publish or a pull: the post's style and each piece (the caller adds the file's final text). */
export interface Synced {
  style: PostStyle;
  pieces: RenderedPiece[];
}

/** A publish refused, or stopped, with a sentence that says why and what to do; `problems` are on their lines. */
export class PublishError extends Error {
  constructor(
    message: string,
    readonly problems: Problem[] = [],
    readonly file?: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'PublishError';
  }
}
