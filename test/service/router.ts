/**
 * The REST routes: version and path matching (a version the spec does not list answers 404 like an
 * unknown route), bearer tokens, the common parameters, `meta` expansion, and one `dispatch` that
 * both the HTTP server and batch use.
 */
import { ALL_COMMON, ApiError, errorBody, pickFields, str, type Answer, type ApiVersion, type Common, type Ctx, type Params } from './http';
import type { World } from './world';
import { notificationRoutes } from './routes/notifications';
import { postRoutes } from './routes/posts';
import { postSlugRoutes } from './routes/postSlug';
import { readerRoutes } from './routes/reader';
import { siteRoutes } from './routes/sites';
import { userRoutes } from './routes/users';
import { insightRoutes } from './routes/insights';
import { meRoutes } from './routes/me';
import { batchRoutes } from './routes/batch';
import { commentRoutes } from './routes/comments';
import { postActionRoutes } from './routes/postActions';
import { followRoutes } from './routes/follows';
import { mediaRoutes } from './routes/media';
import { postWriteRoutes } from './routes/postWrite';
import { commentListRoutes } from './routes/commentList';
import { postCountRoutes } from './routes/postCounts';
import { termRoutes } from './routes/terms';
import { subscriptionRoutes } from './routes/subscriptions';
import { blockRoutes } from './routes/blocks';
import { seenPostRoutes } from './routes/seenPosts';
import { revisionRoutes } from './routes/revisions';

export interface Route {
  method: 'GET' | 'POST';
  versions: readonly ApiVersion[];
  /** `/sites/:site/posts/:post_ID/restore`; a trailing slash is optional. */
  pattern: string;
  accepted: readonly Common[];
  /** required: refuse without a token, with `authMessage` (403 authorization_required). */
  auth: 'required' | 'optional';
  authMessage?: string;
  handle(ctx: Ctx): Answer | Promise<Answer>;
}

interface Compiled extends Route {
  regex: RegExp;
  names: string[];
}

let routes: Compiled[] | undefined;

export function allRoutes(extra: Route[] = []): Compiled[] {
  if (!routes) {
    const all: Route[] = [
      ...notificationRoutes,
      ...postSlugRoutes,
      ...postWriteRoutes,
      ...postRoutes,
      ...mediaRoutes,
      ...readerRoutes,
      ...siteRoutes,
      ...userRoutes,
      ...insightRoutes,
      ...meRoutes,
      ...batchRoutes,
      ...commentListRoutes,
      ...commentRoutes,
      ...postCountRoutes,
      ...termRoutes,
      ...postActionRoutes,
      ...followRoutes,
      ...subscriptionRoutes,
      ...blockRoutes,
      ...seenPostRoutes,
      ...revisionRoutes,
      ...extra,
    ];
    routes = all.map((r) => {
      const names: string[] = [];
      // `:name` matches one path segment; `:name(\\d+)` only what its pattern allows.
      const body = r.pattern.replace(/\/$/, '').replace(/:([A-Za-z_]+)(?:\(([^)]+)\))?/g, (_, n: string, only?: string) => {
        names.push(n);
        return `(${only ?? '[^/]+'})`;
      });
      return { ...r, regex: new RegExp(`^${body}/?$`), names };
    });
  }
  return routes;
}

export const NO_ROUTE = Symbol('no route');

export interface DispatchInput {
  world: World;
  method: string;
  version: string;
  path: string;
  params: Params;
  authorization?: string;
  origin: string;
  files?: Ctx['files'];
}

export type Dispatched = { route: Compiled; answer: Answer } | { answer: Answer; methodNotAllowed: true } | typeof NO_ROUTE;

/** The service's refusal of a token it does not honour (unknown, expired, revoked). */
export const invalidToken = (): ApiError => new ApiError(401, 'invalid_token', 'The OAuth2 token is invalid.');

/** Resolves the bearer token: absent is fine here; present but unknown, expired or revoked is 401. */
export function authenticate(world: World, header: string | undefined): Pick<Ctx, 'user' | 'token'> {
  if (!header) return {};
  const m = /^bearer\s+(.+)$/i.exec(header.trim());
  const token = m ? world.tokens.get(m[1].trim()) : undefined;
  if (!token || token.revoked || token.expiresAt <= world.now) throw invalidToken();
  return { token, user: world.users.get(token.userId) };
}

export async function dispatch(input: DispatchInput): Promise<Dispatched> {
  const allowed = new Set<string>();
  for (const route of allRoutes()) {
    const m = route.regex.exec(input.path);
    if (!m || !route.versions.includes(input.version as ApiVersion)) continue;
    if (route.method !== input.method) {
      allowed.add(route.method);
      continue;
    }
    const answer = await run(route, m, input);
    return { route, answer };
  }
  // As the real service answers a method the path does not take: its body says `error_message`.
  if (allowed.size)
    return {
      answer: {
        status: 405,
        headers: { Allow: [...allowed].sort().join(', ') },
        body: { error: 'not_allowed', error_message: 'Method not allowed' },
      },
      methodNotAllowed: true,
    };
  return NO_ROUTE;
}

async function run(route: Compiled, m: RegExpExecArray, input: DispatchInput): Promise<Answer> {
  try {
    const who = authenticate(input.world, input.authorization);
    if (route.auth === 'required' && !who.user)
      throw new ApiError(
        403,
        'authorization_required',
        route.authMessage ?? 'An active access token must be used to query information about the current user.',
      );
    const routeParams: Record<string, string> = {};
    route.names.forEach((n, i) => (routeParams[n] = decodeURIComponent(m[i + 1])));
    if (route.accepted.includes('context')) {
      const context = str(input.params, 'context');
      if (context !== undefined && context !== 'display' && context !== 'edit')
        throw new ApiError(400, 'invalid_input', '"context" must be display or edit.');
    }
    const ctx: Ctx = {
      world: input.world,
      method: input.method,
      version: input.version as ApiVersion,
      path: input.path,
      params: input.params,
      route: routeParams,
      origin: input.origin,
      authorization: input.authorization,
      files: input.files,
      ...who,
    };
    let answer = await route.handle(ctx);
    const fields = route.accepted.includes('fields') ? str(input.params, 'fields') : undefined;
    if (fields)
      answer = {
        ...answer,
        body: pickFields(
          answer.body,
          fields
            .split(',')
            .map((f) => f.trim())
            .filter(Boolean),
        ),
      };
    const meta = route.accepted.includes('meta') ? str(input.params, 'meta') : undefined;
    const names =
      meta
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean) ?? [];
    if (names.length && (answer.status ?? 200) < 300) answer = { ...answer, body: await expandMeta(answer.body, names, input) };
    return answer;
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, body: errorBody(err) };
    throw err;
  }
}

/**
 * `meta=site,post`: fills `meta.data.<name>` from the linked endpoint of this service, for the
 * answer itself and for each element of its `posts`, `notes`, `comments` and `subscriptions`. A link that does not answer
 * (no route, or an error such as a blog the user may not read) gives `false`.
 */
async function expandMeta(body: unknown, names: string[], input: DispatchInput): Promise<unknown> {
  const fetchLink = async (link: string): Promise<unknown> => {
    if (!link.startsWith(`${input.origin}/rest/`)) return false;
    const m = /^\/rest\/v(1(?:\.[12])?)(\/.*)$/.exec(new URL(link).pathname);
    if (!m) return false;
    const sub = await dispatch({ ...input, method: 'GET', version: m[1], path: m[2], params: {} });
    return sub === NO_ROUTE || (sub.answer.status ?? 200) >= 300 ? false : sub.answer.body;
  };
  const expandOne = async (obj: unknown): Promise<unknown> => {
    if (!isObject(obj)) return obj;
    const meta = obj.meta as { links?: Record<string, string> } | undefined;
    if (!meta?.links) return obj;
    const data: Record<string, unknown> = {};
    for (const name of names) if (typeof meta.links[name] === 'string') data[name] = await fetchLink(meta.links[name]);
    return Object.keys(data).length ? { ...obj, meta: { ...meta, data } } : obj;
  };
  const expanded = await expandOne(body);
  if (!isObject(expanded)) return expanded;
  const out = { ...expanded };
  for (const key of ['posts', 'notes', 'comments', 'subscriptions'])
    if (Array.isArray(out[key])) out[key] = await Promise.all((out[key] as unknown[]).map(expandOne));
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export { ALL_COMMON };
