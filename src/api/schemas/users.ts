import { z } from 'zod';
import { intLike, lenientArray, unsaid } from './common';

export const suggestedUserSchema = z
  .object(
    unsaid({
      ID: intLike,
      user_login: z.string(),
      display_name: z.string().optional(),
      source: z.array(z.string()).optional(),
      classes: z.string().optional(),
      image_URL: z.string().optional(),
    }),
  )
  .passthrough();

export const suggestionsSchema = z.object({ suggestions: lenientArray(suggestedUserSchema) }).passthrough();

export const meSchema = z
  .object(
    unsaid({
      ID: intLike,
      username: z.string(),
      display_name: z.string().optional(),
      avatar_URL: z.string().optional(),
      primary_blog: intLike.optional(),
      primary_blog_url: z.string().optional(),
    }),
  )
  .passthrough();

export const tokenInfoSchema = z
  .object({
    client_id: z.union([z.string(), z.number()]).transform(String),
    user_id: z.union([z.string(), z.number()]).transform(String),
    blog_id: z.union([z.string(), z.number()]).transform(String).optional(),
    scope: z.string().optional(),
  })
  .passthrough();

export type SuggestedUser = z.infer<typeof suggestedUserSchema>;
export type Me = z.infer<typeof meSchema>;
export type TokenInfo = z.infer<typeof tokenInfoSchema>;
