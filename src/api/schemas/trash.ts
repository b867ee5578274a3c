import { z } from 'zod';
import { intLike, lenientArray } from './common';
import { postV11Schema } from './post';

export const trashListSchema = z
  .object({
    found: intLike,
    posts: lenientArray(postV11Schema),
    meta: z.object({ next_page: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();

/** POST /v1.1/sites/$site/posts/restore: `{results: {"881": post | {errors, error_data}}}`. */
export const restoreResultsSchema = z.object({ results: z.record(z.unknown()) }).passthrough();

export type TrashList = z.infer<typeof trashListSchema>;
