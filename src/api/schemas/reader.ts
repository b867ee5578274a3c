import { z } from 'zod';
import { intLike, lenientArray, links, unsaid } from './common';
import { featuredPostSchema, feedPostSchema } from './post';

export const followingSchema = z
  .object({
    date_range: z.object({ before: z.string().optional(), after: z.string().optional() }).passthrough().optional(),
    /** Not read (a page's size is its posts); a reader stream of another kind (a tag's) leaves it out. */
    number: intLike.optional(),
    posts: lenientArray(feedPostSchema),
  })
  .passthrough();

export const freshlyPressedSchema = z
  .object({
    date_range: z.object({ newest: z.string().optional(), oldest: z.string().optional() }).passthrough().optional(),
    number: intLike.optional(),
    posts: lenientArray(featuredPostSchema),
  })
  .passthrough();

/** Items of `tags` are "not shown" in the spec: accept any object, name the ones we read. */
export const subscribedTagSchema = z
  .object(
    unsaid({
      ID: intLike.optional(),
      slug: z.string().optional(),
      title: z.string().optional(),
      display_name: z.string().optional(),
      URL: z.string().optional(),
    }),
  )
  .passthrough();

export const tagsSchema = z.object({ tags: lenientArray(subscribedTagSchema) }).passthrough();

/** A tag followed or unfollowed: `subscribed` is the state after, `tags` the user's tags then. */
export const tagFollowSchema = z.object({ subscribed: z.boolean(), tags: lenientArray(subscribedTagSchema).optional() }).passthrough();

/** What `meta=site` adds to a subscription: the site as sites/$site answers (false when the reader may not read it). */
const subscribedSiteSchema = z
  .object(unsaid({ ID: intLike.optional(), name: z.string().optional(), URL: z.string().optional() }))
  .passthrough();

/** What `meta=feed` adds: the feed as read/feed/$feed_ID answers, with the reader's `unseen_count`. */
const subscribedFeedSchema = z
  .object(unsaid({ name: z.string().optional(), URL: z.string().optional(), unseen_count: intLike.optional() }))
  .passthrough();

/** A followed site as read/following/mine lists it (reader.md); `meta.data` holds what `meta=site,feed` asked for. */
export const subscriptionSchema = z
  .object({
    ID: intLike,
    blog_ID: intLike.optional(),
    feed_ID: intLike.optional(),
    URL: z.string(),
    date_subscribed: z.string().optional(),
    meta: links
      .extend({
        // Details, not the subscription: an unreadable one is left out (the row falls back to the address).
        data: z
          .object({ site: subscribedSiteSchema.optional().catch(undefined), feed: subscribedFeedSchema.optional().catch(undefined) })
          .passthrough()
          .optional()
          .catch(undefined),
      })
      .optional(),
  })
  .passthrough();

/** Following or unfollowing by address: `subscribed` is the state after (a refusal when it is not the one asked for). */
export const subscribeSchema = z.object({ subscribed: z.boolean(), subscription: subscriptionSchema.nullable().optional() }).passthrough();

export const followedSitesSchema = z
  .object({
    subscriptions: lenientArray(subscriptionSchema),
    total_subscriptions: intLike,
    page: intLike.optional(),
    number: intLike.optional(),
  })
  .passthrough();

/** GET sites/$site/follows/mine. */
export const followingStatusSchema = z.object({ is_following: z.boolean() }).passthrough();

/** `{status: true}` (seen marks) or `{success: true}` (blocks): anything else is a refusal, told by the caller. */
export const doneSchema = z.object({ status: z.unknown().optional(), success: z.unknown().optional() }).passthrough();

export type Following = z.infer<typeof followingSchema>;
export type FreshlyPressed = z.infer<typeof freshlyPressedSchema>;
export type SubscribedTags = z.infer<typeof tagsSchema>;
export type TagFollow = z.infer<typeof tagFollowSchema>;
export type Subscription = z.infer<typeof subscriptionSchema>;
export type Subscribe = z.infer<typeof subscribeSchema>;
export type FollowedSites = z.infer<typeof followedSitesSchema>;
export type FollowingStatus = z.infer<typeof followingStatusSchema>;
