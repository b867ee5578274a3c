/**
 * zod, the response schemas and the error sentences, loaded (synchronously) on the first answer to check, or while the
 * first request is in flight (see Transport.send). In the bundle, `require('./schemasEntry')` becomes
 * `require('./schemas.js')` (dist/schemas.js, see scripts/build.mjs); from source (tests, tsx) it is
 * the module beside this one. Only its types are imported statically.
 */
import type * as Schemas from './schemasEntry';
import { lazyPart } from './lazyPart';

export type SchemasModule = typeof Schemas;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const part = lazyPart(() => require('./schemasEntry') as SchemasModule);
/** The schemas, loading them on first use. */
export const schemas = part.get;

/** Loads the schemas now if they are not yet (a failure to load is left for the first use to report). */
export function preloadSchemas(): void {
  try {
    part.get();
  } catch {
    // schemas() throws the same error where an answer needs them
  }
}
