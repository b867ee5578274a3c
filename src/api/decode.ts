/**
 * The one place that turns what came back — a response, an envelope, a transport failure — into a
 * value or a ContentSiteError. Nothing here knows about endpoints.
 */
import type { ZodType, ZodTypeDef } from 'zod';
import { ContentSiteError, type ErrorKind } from './errors';
import type { MessageContext } from './messages';
import type { SkippedItem } from './schemas/common';
import { schemas } from './schemasLoad';
import { retryAfterMs } from './retryPolicy';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface DecodeContext extends MessageContext {
  /** "GET /rest/v1/..." with secrets scrubbed, for messages and logs. */
  request: string;
  /** The request asked for http_envelope, so the body must be one. */
  envelope?: boolean;
}

/** `{"code": 403, "headers": [...], "body": {...}}`: the real status lives inside. */
export function unwrapEnvelope(value: unknown): { status: number; body: unknown; headers: Record<string, string> } | undefined {
  if (!isObject(value) || typeof value.code !== 'number' || !('body' in value)) return undefined;
  const headers: Record<string, string> = {};
  if (Array.isArray(value.headers)) {
    for (const h of value.headers) {
      if (isObject(h) && typeof h.name === 'string' && typeof h.value === 'string') headers[h.name.toLowerCase()] = h.value;
    }
  }
  return { status: value.code, body: value.body, headers };
}

export function decodeResponse(raw: RawResponse, ctx: DecodeContext): unknown {
  let status = raw.status;
  let retryAfter = header(raw.headers, 'retry-after');
  const contentType = header(raw.headers, 'content-type') ?? '';
  let body: unknown;
  let parsed = false;
  if (raw.text.trim() !== '') {
    try {
      body = JSON.parse(raw.text);
      parsed = true;
    } catch {
      parsed = false;
    }
  }
  if (ctx.envelope && parsed && raw.status === 200) {
    const inner = unwrapEnvelope(body);
    if (!inner) throw badResponse(ctx, 'the answer was not the http_envelope it asked for');
    status = inner.status;
    body = inner.body;
    retryAfter = inner.headers['retry-after'] ?? retryAfter;
  }
  if (status >= 200 && status < 300) {
    if (!parsed) {
      throw badResponse(ctx, /html/i.test(contentType) ? 'an HTML page came back instead of JSON' : 'the answer was not valid JSON');
    }
    return body;
  }
  return failWith(status, parsed ? body : undefined, retryAfter, ctx, contentType);
}

function failWith(status: number, body: unknown, retryAfterHeader: string | undefined, ctx: DecodeContext, contentType: string): never {
  const code = isObject(body) && typeof body.error === 'string' ? body.error : undefined;
  const message = isObject(body)
    ? typeof body.message === 'string'
      ? body.message
      : typeof body.error_message === 'string'
        ? body.error_message
        : undefined
    : undefined;
  const retryMs = retryAfterMs(retryAfterHeader);
  const retryAfter = retryMs === undefined ? undefined : Math.ceil(retryMs / 1000);
  let kind: ErrorKind = 'api';
  if (status === 401 || code === 'invalid_token' || code === 'authorization_required') kind = 'auth';
  else if (status === 429) kind = 'rate_limited';
  let userMessage = schemas().sentenceFor(code, message, status, ctx);
  if (kind === 'rate_limited') {
    userMessage = `The service is busy and asked us to slow down.${retryAfter !== undefined ? ` Try again in ${retryAfter} s.` : ' Try again in a moment.'}`;
  } else if (code === undefined && body === undefined && status >= 500 && /html/i.test(contentType)) {
    userMessage = `The service is having trouble (HTTP ${status}, an error page came back). Try again in a moment.`;
  }
  throw new ContentSiteError({ kind, status, code, serviceMessage: message, userMessage, retryAfter, request: ctx.request });
}

/** A body of the service's error form `{error, message}` inside a 200 (batch and restore-several). */
export function errorFromErrorsObject(value: unknown, ctx: DecodeContext): ContentSiteError | undefined {
  if (!isObject(value)) return undefined;
  if (isObject(value.errors)) {
    const [code, messages] = Object.entries(value.errors)[0] ?? [];
    if (code === undefined) return undefined;
    const message = Array.isArray(messages) ? String(messages[0] ?? '') : typeof messages === 'string' ? messages : undefined;
    const data = isObject(value.error_data) ? value.error_data[code] : undefined;
    const status = typeof data === 'number' ? data : isObject(data) && typeof data.status === 'number' ? data.status : 400;
    return toError(status, code, message, ctx);
  }
  if (typeof value.error === 'string' && typeof value.message === 'string' && Object.keys(value).length <= 3) {
    const status = typeof value.status === 'number' ? value.status : typeof value.code === 'number' ? value.code : 400;
    return toError(status, value.error, value.message, ctx);
  }
  return undefined;
}

function toError(status: number, code: string, message: string | undefined, ctx: DecodeContext): ContentSiteError {
  const kind: ErrorKind =
    status === 401 || code === 'invalid_token' || code === 'authorization_required' ? 'auth' : status === 429 ? 'rate_limited' : 'api';
  return new ContentSiteError({
    kind,
    status,
    code,
    serviceMessage: message,
    userMessage: schemas().sentenceFor(code, message, status, ctx),
    request: ctx.request,
  });
}

export function parseWith<T>(schema: ZodType<T, ZodTypeDef, unknown>, value: unknown, ctx: DecodeContext): T {
  return parseSkipping(schema, value, ctx).value;
}

/** A page and how many items the answer held that could not be read (left out of it; the log names each). */
export type WithUnreadable<T> = T & { unreadable: number };

/**
 * parseWith, and the items its lists left out (see lenientArray): for an endpoint whose caller
 * tells the user how many of its items could not be read (notes, comments). The request's log
 * hears of them either way (Transport.read).
 */
export function parseSkipping<T>(
  schema: ZodType<T, ZodTypeDef, unknown>,
  value: unknown,
  ctx: DecodeContext,
): { value: T; skipped: SkippedItem[] } {
  const read = schemas().readAnswer(schema, value);
  if (read.problem === undefined) return read;
  throw badResponse(ctx, read.problem);
}

export function badResponse(ctx: DecodeContext, detail: string): ContentSiteError {
  return new ContentSiteError({
    kind: 'bad_response',
    userMessage: `The service sent an answer the extension can't read (${detail}). Try again; if it persists, report it.`,
    request: ctx.request,
  });
}

/** undici and abort failures → kinds. */
export function transportError(err: unknown, ctx: DecodeContext, signal?: AbortSignal): ContentSiteError {
  const e = err as { name?: string; code?: string; message?: string };
  if (signal?.aborted || e?.name === 'AbortError' || e?.code === 'UND_ERR_ABORTED') {
    return new ContentSiteError({ kind: 'cancelled', userMessage: 'The request was cancelled.', request: ctx.request });
  }
  if (e?.code === 'UND_ERR_HEADERS_TIMEOUT' || e?.code === 'UND_ERR_BODY_TIMEOUT' || e?.code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new ContentSiteError({
      kind: 'timeout',
      code: e.code,
      userMessage: 'The service took too long to answer. Check your connection and try again.',
      request: ctx.request,
    });
  }
  return new ContentSiteError({
    kind: 'network',
    code: e?.code,
    userMessage: 'Could not reach the service. Check your connection, proxy settings and the API address.',
    request: ctx.request,
  });
}

function header(headers: RawResponse['headers'], name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
