import { z } from 'zod';
import { intLike, lenientArray, links, unsaid, webUrl } from './common';

export { COMMENT_STATUSES, type CommentStatus } from '../commentStatus';

/** A comment as status changes, delete and replies answer it. */
export const commentSchema = z
  .object(
    unsaid({
      ID: intLike,
      post: z
        .object(unsaid({ ID: intLike, title: z.string().optional(), type: z.string().optional(), link: z.string().optional() }))
        .passthrough(),
      author: z
        .object(
          unsaid({
            ID: intLike,
            login: z.string().optional(),
            name: z.string().optional(),
            avatar_URL: z.string().optional(),
            URL: z.string().optional(),
          }),
        )
        .passthrough(),
      date: z.string().optional(),
      URL: webUrl.optional(),
      short_URL: webUrl.optional(),
      content: z.string(),
      /** With context=edit: the comment as its author wrote it. */
      raw_content: z.string().optional(),
      status: z.string(),
      /** Whether the user may moderate it. */
      can_moderate: z.boolean().optional(),
      parent: z.union([
        z.literal(false),
        z.object({ ID: intLike, type: z.string().optional(), link: z.string().optional() }).passthrough(),
      ]),
      type: z.string().optional(),
      like_count: intLike.optional(),
      i_like: z.boolean().optional(),
      meta: links.optional(),
    }),
  )
  .passthrough();

/**
 * A comment's text for editing: GET …/comments/$ID with `fields=ID,raw_content,content` and
 * `context=edit` answers exactly these (raw_content only to those who may edit it).
 */
export const commentTextSchema = z.object({ ID: intLike, content: z.string(), raw_content: z.string().optional() }).passthrough();

/** GET /sites/$site/comments/ and …/posts/$ID/replies/: `{found, site_ID, comments}`. */
export const commentListSchema = z.object({ found: intLike, comments: lenientArray(commentSchema) }).passthrough();

/** `{success, i_like, like_count, meta}` of liking or unliking a comment or a post. */
export const likeSchema = z
  .object({ success: z.boolean().optional(), i_like: z.boolean(), like_count: intLike, meta: links.optional() })
  .passthrough();

/**
 * GET …/posts/$ID/likes/ (and a comment's): who likes it. `found` is its like_count; `i_like` says
 * whether the user asking does (reader.md), what settles a like whose answer was lost.
 */
export const likersSchema = z.object({ found: intLike, i_like: z.boolean(), likes: z.array(z.unknown()).optional() }).passthrough();

/** `{is_following, meta}` of following or unfollowing a site (extra fields are not documented). */
export const followSchema = z.object({ is_following: z.boolean(), meta: links.optional() }).passthrough();

export type Comment = z.infer<typeof commentSchema>;
export type CommentText = z.infer<typeof commentTextSchema>;
export type Like = z.infer<typeof likeSchema>;
export type Follow = z.infer<typeof followSchema>;
export type Likers = z.infer<typeof likersSchema>;
