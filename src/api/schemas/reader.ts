import { z } from 'zod';
import { intLike } from './common';
import { featuredPostSchema, feedPostSchema } from './post';

export const followingSchema = z
  .object({
    date_range: z.object({ before: z.string().optional(), after: z.string().optional() }).passthrough().optional(),
    number: intLike,
    posts: z.array(feedPostSchema),
  })
  .passthrough();

export const freshlyPressedSchema = z
  .object({
    date_range: z.object({ newest: z.string().optional(), oldest: z.string().optional() }).passthrough().optional(),
    number: intLike,
    posts: z.array(featuredPostSchema),
  })
  .passthrough();

/** Items of `tags` are "not shown" in the spec: accept any object, name the ones we read. */
export const tagsSchema = z
  .object({
    tags: z.array(
      z
        .object({
          ID: intLike.optional(),
          slug: z.string().optional(),
          title: z.string().optional(),
          display_name: z.string().optional(),
          URL: z.string().optional(),
        })
        .passthrough(),
    ),
  })
  .passthrough();

export type Following = z.infer<typeof followingSchema>;
export type FreshlyPressed = z.infer<typeof freshlyPressedSchema>;
export type SubscribedTags = z.infer<typeof tagsSchema>;
