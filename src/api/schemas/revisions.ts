import { z } from 'zod';

/**
 * A whole number, or one written as a string (the real service sends `post_author: "136610416"`):
 * one schema, not a union, so that a missing or wrong value is named as such ("Required").
 */
const whole = z.preprocess((v) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v), z.number().int());

/**
 * A GMT date as WordPress stores it: `2026-11-01 12:00:00`, sent by the real service as
 * `2018-10-24 15:38:28Z` too (WordPressKit's recording); read as ISO 8601 (`2018-10-24T15:38:28Z`).
 * WordPress's "no date" (`0000-00-00 00:00:00`, an unpublished post's date) is read as undefined.
 */
const gmtDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:Z|[+-]00:?00)?$/, 'Expected a GMT date such as 2026-11-01 12:00:00')
  .transform((s) => (s.startsWith('0000') ? undefined : `${s.slice(0, 10)}T${s.slice(11, 19)}Z`));

/** PHP writes an empty map as `[]`: read as `{}` before the map's own schema. */
const map = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (Array.isArray(v) && v.length === 0 ? {} : v), schema);

export const revisionSchema = z
  .object({
    id: whole,
    post_title: z.string(),
    post_content: z.string(),
    post_date_gmt: gmtDate,
    post_modified_gmt: gmtDate.transform((v, ctx) => {
      if (v !== undefined) return v;
      ctx.addIssue({ code: 'custom', message: 'Expected the date the revision was saved' });
      return z.NEVER;
    }),
    post_author: whole,
  })
  .passthrough();

export const revisionDiffSchema = z
  .object({
    from: whole,
    to: whole,
    // The real service sends `totals: {}` for a save of the same text.
    diff: z.object({ totals: map(z.object({ add: whole.optional(), del: whole.optional() }).passthrough()).optional() }).passthrough(),
  })
  .passthrough();

/** GET /v1.1/sites/$site/post/$ID/diffs/ (site-sync.md): the diffs, and the revisions by ID. */
export const revisionsAnswerSchema = z
  .object({
    diffs: z.array(revisionDiffSchema),
    revisions: map(z.record(revisionSchema)),
  })
  .passthrough();

export type RevisionsAnswer = z.infer<typeof revisionsAnswerSchema>;
