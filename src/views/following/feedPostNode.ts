import type { FeedPost } from '../../api';
import { COMMANDS } from '../../ids';
import { ReaderPostRow } from '../common/readerPostRow';

/** A followed blog's post's row id. */
export const feedPostId = (post: FeedPost) => `feed-${post.global_ID ?? `${String(post.site_ID)}-${String(post.ID)}`}`;

/** A followed blog's post in Following. */
export class FeedPostNode extends ReaderPostRow {
  constructor(post: FeedPost) {
    super(post, 'feedPost', COMMANDS.following.show, feedPostId(post));
  }
}
