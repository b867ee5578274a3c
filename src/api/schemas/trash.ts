import { z } from 'zod';
import { intLike } from './common';
import { postV11Schema } from './post';

export const trashListSchema = z
  .object({
    found: intLike,
    posts: z.array(postV11Schema),
    meta: z.object({ next_page: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();

export type TrashList = z.infer<typeof trashListSchema>;
