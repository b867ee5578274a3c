import type { FeedPost } from '../../api';
import { COMMANDS } from '../../ids';
import { ReaderPostRow } from '../common/readerPostRow';

/** A tag's post's row id: under its tag's row (`tagRow`), as a post may carry several of the tags followed. */
export const tagPostId = (tagRow: string, post: FeedPost) => `${tagRow}-post-${String(post.site_ID)}-${String(post.ID)}`;

/** One of a subscribed tag's latest posts: acts as a Freshly Pressed row does, and opens in the detail view. */
export class TagPostNode extends ReaderPostRow {
  constructor(
    post: FeedPost,
    /** The key of the tag whose list holds it (ReaderModel.tagPosts). */
    readonly tag: string,
    tagRow: string,
  ) {
    super(post, 'tagPost', COMMANDS.reader.show, tagPostId(tagRow, post));
  }
}
