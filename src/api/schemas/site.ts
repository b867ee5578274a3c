import { z } from 'zod';
import { intLike, unsaid } from './common';

export const siteSchema = z
  .object(
    unsaid({
      ID: intLike,
      name: z.string().optional(),
      description: z.string().optional(),
      URL: z.string().optional(),
      /** The spec's "the service" flag: a connected self-hosted site. */
      jetpack: z.boolean().optional(),
      post_count: intLike.optional(),
      lang: z.union([z.string(), z.literal(false)]).optional(),
      subscribers_count: intLike.optional(),
      is_private: z.boolean().optional(),
      is_following: z.boolean().optional(),
      /**
       * For users who may edit posts: the site's settings; the writing code reads the upload rules. A
       * rule it cannot read is left out on its own (the writing code's default stands in for it), never
       * the other: a Jetpack site's `max_upload_size: false` once cost its `allowed_file_types`, and a
       * WebP image went up to a site that refuses it.
       */
      options: z
        .object(
          unsaid({
            max_upload_size: intLike.optional().catch(undefined),
            allowed_file_types: z.array(z.string()).optional().catch(undefined),
          }),
        )
        .passthrough()
        .optional(),
      meta: z.unknown().optional(),
    }),
  )
  .passthrough();

export type Site = z.infer<typeof siteSchema>;
