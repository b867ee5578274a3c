import { z } from 'zod';
import { intLike, lenientArray, unsaid } from './common';

/** An item of a site's media library (media/new, media/). */
export const mediaItemSchema = z
  .object(
    unsaid({
      ID: intLike,
      URL: z.string(),
      guid: z.string().optional(),
      file: z.string().optional(),
      mime_type: z.string().optional(),
      width: intLike.optional(),
      height: intLike.optional(),
      title: z.string().optional(),
      alt: z.string().optional(),
      post_ID: intLike.optional(),
      date: z.string().optional(),
    }),
  )
  .passthrough();

const uploadErrorSchema = z
  .object({ file: z.string().optional(), error: z.string().optional(), message: z.string().optional() })
  .passthrough();

/** POST media/new: what was uploaded, and what was refused file by file. */
export const uploadResultSchema = z
  .object({ media: z.array(mediaItemSchema), errors: z.array(uploadErrorSchema).optional() })
  .passthrough();

export const mediaListSchema = z
  .object({
    found: intLike,
    media: lenientArray(mediaItemSchema),
    meta: z.object({ next_page: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();

export type MediaItem = z.infer<typeof mediaItemSchema>;
