import { z } from 'zod';
import { webLink } from '../webLink';

/** The service writes numbers as strings in places (editorial, summaries): accept both. */
export const intLike = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
export const links = z.object({ links: z.record(z.string()).optional() }).passthrough();

/**
 * A link to a page we open or show as a link (a post's or a comment's address): an http(s) URL as
 * `URL.href` writes it, anything else dropped (undefined), never a failed answer (see webLink).
 */
export const webUrl = z.string().transform((s) => webLink(s));
