import { z } from 'zod';

export interface PostRevision {
  id: number;
  title: string;
  /** The post's content as the site stores it (HTML, block comments kept). */
  content: string;
  /** The post's date (`post_date_gmt`), ISO 8601; the revision's `modified` when the post had none. */
  date: string;
  /** When this revision was saved (`post_modified_gmt`), ISO 8601. */
  modified: string;
  /** The user ID of whoever saved it. */
  author: number;
}

/** What changed from revision `from` (0: from nothing) to `to`, in words added and deleted. */
export interface RevisionDiff {
  from: number;
  to: number;
  add: number;
  del: number;
}

export interface PostRevisions {
  /** Oldest first, newest last. */
  revisions: PostRevision[];
  /** In the order of their `to` revision. */
  diffs: RevisionDiff[];
}

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

const answerSchema = z
  .object({
    diffs: z.array(revisionDiffSchema),
    revisions: map(z.record(revisionSchema)),
  })
  .passthrough();

type RevisionsAnswer = z.infer<typeof answerSchema>;

/**
 * The revisions of the answer, newest last; the diffs in the same order. The real service sends the
 * diffs newest first and the revisions as a map by ID (WordPressKit's recording); the reference
 * service sends both oldest first: the order here is the revisions' own, by when each was saved.
 */
function readRevisions(answer: RevisionsAnswer): PostRevisions {
  const revisions = Object.values(answer.revisions)
    .map((r): PostRevision => ({
      id: r.id,
      title: r.post_title,
      content: r.post_content,
      date: r.post_date_gmt ?? r.post_modified_gmt,
      modified: r.post_modified_gmt,
      author: r.post_author,
    }))
    // ISO dates of one form sort as text; two saved in the same second go by ID (WordPress counts them up).
    .sort((a, b) => (a.modified < b.modified ? -1 : a.modified > b.modified ? 1 : a.id - b.id));
  const place = new Map(revisions.map((r, i) => [r.id, i]));
  const diffs = answer.diffs
    .filter((d) => place.has(d.to))
    .map((d): RevisionDiff => ({ from: d.from, to: d.to, add: d.diff.totals?.add ?? 0, del: d.diff.totals?.del ?? 0 }))
    .sort((a, b) => (place.get(a.to) ?? 0) - (place.get(b.to) ?? 0));
  return { revisions, diffs };
}

/** GET /v1.1/sites/$site/post/$ID/diffs/ (site-sync.md): the diffs and the revisions by ID, read as PostRevisions. */
export const revisionsAnswerSchema = answerSchema.transform(readRevisions);
