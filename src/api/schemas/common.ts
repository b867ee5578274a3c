import { z } from 'zod';

/** The service writes numbers as strings in places (editorial, summaries): accept both. */
export const intLike = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
export const links = z.object({ links: z.record(z.string()).optional() }).passthrough();
