import {
  z,
  ZodOptional,
  type ZodArray,
  type ZodEffects,
  type ZodRawShape,
  type ZodType,
  type ZodTypeAny,
  type ZodTypeDef,
  type ZodUnknown,
} from 'zod';
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

/**
 * The real service says "nothing" for an optional value with `false` or `null` as often as by
 * leaving it out (a Jetpack site's `options.max_upload_size: false`, a suggested user's
 * `display_name: null`): each optional field of `shape` takes them as not said (undefined), unless
 * its own schema reads them (`parent: false` is a page at the top, `email: false` a hidden address).
 * One such value then never costs its neighbours, or the object that holds them.
 */
export function unsaid<S extends ZodRawShape>(shape: S): S {
  const out: ZodRawShape = {};
  for (const [key, field] of Object.entries(shape)) {
    out[key] =
      field instanceof ZodOptional
        ? z.preprocess((v) => ((v === false || v === null) && !field.safeParse(v).success ? undefined : v), field)
        : field;
  }
  // The same outputs; only the inputs accepted are wider, and answers are parsed from unknown.
  return out as S;
}

/** An item of a list the answer held that could not be read: left out of the list, never the whole answer. */
export interface SkippedItem {
  /** Where it was in the answer ("notes.3"). */
  where: string;
  /** Its `ID` or `id`, when the item says one. */
  id?: string | number;
  /** What was wrong with it: the first field that did not fit and why. */
  problem: string;
}

/** The items skipped while an answer is read; a stack, as lists sit inside lists (a note's blocks). */
const sinks: SkippedItem[][] = [];

/**
 * Runs `read` (a schema's parse) and returns what it gave with the items lenient lists left out.
 * Nested runs report to the enclosing one too: the request's log sees every skipped item, and the
 * endpoint that counts them (notes, comments) sees its own.
 */
export function readSkipping<T>(read: () => T): { value: T; skipped: SkippedItem[] } {
  const { value, skipped } = collect(read);
  sinks.at(-1)?.push(...skipped);
  return { value, skipped };
}

/** readSkipping's value, each item left out told to `tell` (the request's log, whose failure is not the answer's). */
export function readTelling<T>(read: () => T, tell: ((item: SkippedItem) => void) | undefined): T {
  const { value, skipped } = readSkipping(read);
  for (const item of skipped) {
    try {
      tell?.(item);
    } catch {
      // a logging hook must never break a request
    }
  }
  return value;
}

/**
 * An answer read by `schema` (in this part, with zod: the main file stays small), with what its
 * lists left out; or, when it cannot be read, where and why ("notes: Expected array, received null").
 */
export function readAnswer<T>(
  schema: ZodType<T, ZodTypeDef, unknown>,
  answer: unknown,
): { value: T; skipped: SkippedItem[]; problem?: undefined } | { problem: string } {
  const { value: result, skipped } = readSkipping(() => schema.safeParse(answer));
  if (result.success) return { value: result.data, skipped };
  return { problem: firstIssue(result.error, 'the answer') };
}

/** The first field that did not fit, and why ("notes.0.id: Required"); `whole` names the value itself. */
function firstIssue(error: z.ZodError, whole?: string): string {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : whole;
  return `${where ? `${where}: ` : ''}${issue?.message ?? 'unexpected shape'}`;
}

/** Tells the answer being read (readSkipping) of an item a check past its schema left out of a list. */
export function leaveOut(item: SkippedItem): void {
  sinks.at(-1)?.push(item);
}

function collect<T>(read: () => T): { value: T; skipped: SkippedItem[] } {
  const skipped: SkippedItem[] = [];
  sinks.push(skipped);
  try {
    return { value: read(), skipped };
  } finally {
    sinks.pop();
  }
}

/**
 * A list of the answer: each item read on its own, one that cannot be read left out (and told to
 * readSkipping) instead of failing the whole answer. The real service sends an odd item now and
 * then (a suggested user with `display_name: null` among 103): losing all of them for it would
 * lose what the user came for.
 */
export function lenientArray<T extends ZodTypeAny>(item: T): ZodEffects<ZodArray<ZodUnknown>, z.output<T>[], unknown[]> {
  return z.array(z.unknown()).transform((values, ctx) => {
    const kept: z.output<T>[] = [];
    values.forEach((value, i) => {
      // What lists inside an item left out is told only when the item is kept: else the item is.
      const { value: result, skipped } = collect(() => item.safeParse(value));
      if (result.success) {
        kept.push(result.data);
        sinks.at(-1)?.push(...skipped);
        return;
      }
      sinks.at(-1)?.push({ where: [...ctx.path, i].join('.'), id: idOf(value), problem: firstIssue(result.error) });
    });
    return kept;
  });
}

function idOf(value: unknown): string | number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { ID, id } = value as { ID?: unknown; id?: unknown };
  const found = ID ?? id;
  return typeof found === 'number' || typeof found === 'string' ? found : undefined;
}
