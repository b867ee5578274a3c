/**
 * GET /v1/batch/ (and v1.1, as the real service answers it): each url runs as its own GET with the
 * caller's token; a failing one becomes `{errors, error_data}` and the batch still answers 200.
 */
import { ApiError, list, parseParams, type Ctx } from '../http';
import { dispatch, NO_ROUTE, type Route } from '../router';

export const MAX_BATCH_URLS = 50;

async function batch(ctx: Ctx, authorization: string | undefined) {
  const urls = list(ctx.params, 'urls') ?? [];
  if (urls.length === 0) throw new ApiError(400, 'invalid_input', 'Give at least one url as urls[].');
  if (urls.length > MAX_BATCH_URLS) throw new ApiError(400, 'invalid_input', `A batch takes at most ${MAX_BATCH_URLS} urls.`);
  const out: Record<string, unknown> = {};
  for (const url of urls) {
    if (!url.startsWith('/')) {
      out[url] = { errors: { invalid_url: ['Batch urls are paths starting with "/".'] }, error_data: { invalid_url: 400 } };
      continue;
    }
    const parsed = new URL(url, 'http://batch.invalid');
    let version: string = ctx.version;
    let path = parsed.pathname;
    const m = /^\/v(1(?:\.[12])?)(\/.*)$/.exec(path);
    if (m) [, version, path] = m;
    const sub = path.startsWith('/batch')
      ? NO_ROUTE
      : await dispatch({
          world: ctx.world,
          method: 'GET',
          version,
          path,
          params: parseParams(parsed.searchParams),
          authorization,
          origin: ctx.origin,
        });
    if (sub === NO_ROUTE) {
      out[url] = {
        errors: { rest_no_route: ['No route was found matching the URL and request method'] },
        error_data: { rest_no_route: 404 },
      };
      continue;
    }
    const status = sub.answer.status ?? 200;
    const body = sub.answer.body as { error?: string; message?: string; error_message?: string };
    out[url] =
      status >= 400
        ? {
            errors: { [body.error ?? 'error']: [body.message ?? body.error_message ?? `HTTP ${status}`] },
            error_data: { [body.error ?? 'error']: status },
          }
        : sub.answer.body;
  }
  return { body: out };
}

export const batchRoutes: Route[] = [
  {
    method: 'GET',
    versions: ['1', '1.1'],
    pattern: '/batch/',
    accepted: ['http_envelope', 'pretty', 'meta', 'fields', 'callback'],
    auth: 'optional',
    handle: (ctx) => batch(ctx, ctx.authorization),
  },
];
