/**
 * The response schemas (zod, ./schemas/index.ts, a chunk of its own), loaded once, before the first
 * answer is read: Transport.send awaits them (loading while the request is in flight) before it
 * decodes an answer, and the first paint from the kept pages awaits them before it reads one. What
 * reads an answer after that takes them synchronously with `schemas()`.
 */
import type * as Schemas from './schemas/index';

export type SchemasModule = typeof Schemas;

let loaded: SchemasModule | undefined;
let loading: Promise<SchemasModule> | undefined;

/** The schemas, loaded the first time (a failure to load is a rejection, tried again at the next call). */
export function loadSchemas(): Promise<SchemasModule> {
  loading ??= import('./schemas/index').then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** The schemas, once loadSchemas() has resolved: a throw before, which is a bug in the caller's order. */
export function schemas(): SchemasModule {
  if (!loaded) throw new Error('The response schemas were used before they were loaded: await loadSchemas() first.');
  return loaded;
}
