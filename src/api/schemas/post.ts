import { z } from 'zod';
import { intLike, links, unsaid, webUrl } from './common';

export const authorSchema = z
  .object(
    unsaid({
      ID: intLike,
      login: z.string().optional(),
      email: z.union([z.string(), z.literal(false)]).optional(),
      name: z.string().optional(),
      nice_name: z.string().optional(),
      URL: z.string().optional(),
      avatar_URL: z.string().optional(),
      profile_URL: z.string().optional(),
      site_ID: intLike.optional(),
    }),
  )
  .passthrough();

export const termSchema = z
  .object(
    unsaid({
      ID: intLike.optional(),
      name: z.string(),
      slug: z.string().optional(),
      description: z.string().optional(),
      post_count: intLike.optional(),
      parent: intLike.optional(),
      meta: links.optional(),
    }),
  )
  .passthrough();

export const attachmentSchema = z
  .object(
    unsaid({
      ID: intLike,
      URL: z.string().optional(),
      guid: z.string().optional(),
      mime_type: z.string().optional(),
      width: intLike.optional(),
      height: intLike.optional(),
    }),
  )
  .passthrough();

export const postStatusSchema = z.string();

const capabilities = z.record(z.boolean()).optional();

/** Fields both shapes share. All optional past the ID: `fields` may ask for a subset. */
const postBase = z
  .object(
    unsaid({
      ID: intLike,
      site_ID: intLike.optional(),
      author: authorSchema.optional(),
      date: z.string().optional(),
      modified: z.string().optional(),
      title: z.string().optional(),
      URL: webUrl.optional(),
      short_URL: webUrl.optional(),
      content: z.string().optional(),
      excerpt: z.string().optional(),
      slug: z.string().optional(),
      guid: z.string().optional(),
      status: postStatusSchema.optional(),
      sticky: z.boolean().optional(),
      password: z.string().optional(),
      type: z.string().optional(),
      /** A page's parent page: false at the top (the service answers `{ID, type, link}` or false). */
      parent: z
        .union([z.literal(false), z.object({ ID: intLike }).passthrough(), intLike])
        .optional()
        .catch(undefined),
      menu_order: intLike.optional().catch(undefined),
      page_template: z.string().optional().catch(undefined),
      like_count: intLike.optional(),
      i_like: z.boolean().optional(),
      is_reblogged: z.boolean().optional(),
      is_following: z.boolean().optional(),
      global_ID: z.string().optional(),
      featured_image: z.string().optional(),
      format: z.string().optional(),
      tags: z.record(termSchema).optional(),
      categories: z.record(termSchema).optional(),
      attachments: z.record(attachmentSchema).optional(),
      capabilities,
      meta: z.unknown().optional(),
    }),
  )
  .passthrough();

/** v1.1: discussion, terms, attachment_count, other_URLs, revisions with context=edit. */
export const postV11Schema = postBase.extend(
  unsaid({
    discussion: z
      .object({
        comments_open: z.boolean().optional(),
        comment_status: z.string().optional(),
        pings_open: z.boolean().optional(),
        ping_status: z.string().optional(),
        comment_count: intLike.optional(),
      })
      .passthrough()
      .optional(),
    terms: z.record(z.record(termSchema)).optional(),
    attachment_count: intLike.optional(),
    other_URLs: z.record(z.unknown()).optional(),
    revisions: z.array(intLike).optional(),
  }),
);

/** v1: comments_open, pings_open, comment_count, current_user_can. */
export const postV1Schema = postBase.extend(
  unsaid({
    comments_open: z.boolean().optional(),
    pings_open: z.boolean().optional(),
    comment_count: intLike.optional(),
    current_user_can: capabilities,
  }),
);

/**
 * Posts of the Reader's streams carry a few more fields (reader.md): what a reader acts on (its
 * feed and feed item, whether it was seen, its discussion), each optional as older answers lack some.
 */
export const feedPostSchema = postV1Schema.extend(
  unsaid({
    pseudo_ID: z.string().optional(),
    is_external: z.boolean().optional(),
    site_name: z.string().optional(),
    site_URL: z.string().optional(),
    site_is_private: z.boolean().optional(),
    feed_ID: intLike.optional(),
    feed_item_ID: intLike.optional(),
    feed_URL: z.string().optional(),
    is_seen: z.boolean().optional(),
    discussion: z
      .object({ comments_open: z.boolean().optional(), comment_status: z.string().optional(), pings_open: z.boolean().optional() })
      .passthrough()
      .optional(),
  }),
);

export const editorialSchema = z
  .object(
    unsaid({
      blog_id: z.string().optional(),
      post_id: z.string().optional(),
      image: z.string().optional(),
      custom_headline: z.string().optional(),
      custom_blog_title: z.string().optional(),
      displayed_on: z.string().optional(),
      picked_on: z.string().optional(),
      blog_name: z.string().optional(),
      site_id: z.string().optional(),
    }),
  )
  .passthrough();

export const featuredPostSchema = feedPostSchema.extend({ editorial: editorialSchema.optional() });

export type Author = z.infer<typeof authorSchema>;
export type Term = z.infer<typeof termSchema>;
export type Attachment = z.infer<typeof attachmentSchema>;
export type PostV11 = z.infer<typeof postV11Schema>;
export type PostV1 = z.infer<typeof postV1Schema>;
export type Post = PostV11 | PostV1;
export type FeedPost = z.infer<typeof feedPostSchema>;
export type FeaturedPost = z.infer<typeof featuredPostSchema>;
export type Editorial = z.infer<typeof editorialSchema>;
