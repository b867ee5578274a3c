import { z } from 'zod';
import { intLike, lenientArray, links, unsaid } from './common';

/** A category or a tag of a site (site-data.md): `parent` is for categories (0 at the top). */
export const siteTermSchema = z
  .object(
    unsaid({
      ID: intLike,
      name: z.string(),
      slug: z.string(),
      description: z.string().optional(),
      post_count: intLike.optional(),
      parent: intLike.optional(),
      meta: links.optional(),
    }),
  )
  .passthrough();

export const categoryListSchema = z.object({ found: intLike, categories: lenientArray(siteTermSchema) }).passthrough();
export const tagListSchema = z.object({ found: intLike, tags: lenientArray(siteTermSchema) }).passthrough();

const statusCounts = z
  .object({
    publish: intLike.optional(),
    draft: intLike.optional(),
    pending: intLike.optional(),
    private: intLike.optional(),
    future: intLike.optional(),
    trash: intLike.optional(),
  })
  .passthrough();

/** GET /sites/$site/post-counts/$type: how many of the site's posts (all, and the user's own) are in each status. */
export const postCountsSchema = z
  .object({ counts: z.object({ all: statusCounts, mine: statusCounts.optional() }).passthrough() })
  .passthrough();

export type SiteTerm = z.infer<typeof siteTermSchema>;
export type PostCounts = z.infer<typeof postCountsSchema>['counts'];
