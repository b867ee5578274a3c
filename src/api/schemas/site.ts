import { z } from 'zod';
import { intLike } from './common';

export const siteSchema = z
  .object({
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
    /** For users who may edit posts: the site's settings; the writing code reads the upload rules. */
    options: z
      .object({ max_upload_size: intLike.optional(), allowed_file_types: z.array(z.string()).optional() })
      .passthrough()
      .optional()
      .catch(undefined),
    meta: z.unknown().optional(),
  })
  .passthrough();

export type Site = z.infer<typeof siteSchema>;
