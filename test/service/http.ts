/**
 * Requests in, answers out: parameter parsing (`urls[]`, `counts[123]`, JSON bodies), parameter
 * rules with the service's 400 errors, and the common parameters (`http_envelope`, `pretty`,
 * `fields`, `callback`) applied to every answer in one place.
 */
import type { Token, User, World } from './world';

/** A REST version, or the `/wpcom/v2` namespace (its routes are reached at `/wpcom/v2/…`, not under `/rest`). */
export type ApiVersion = '1' | '1.1' | '1.2' | 'wpcom/v2';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export type ParamValue = string | string[] | Record<string, string> | Record<string, Record<string, string>>;
export type Params = Record<string, ParamValue>;

export interface Ctx {
  world: World;
  method: string;
  /** 1.2 only where a route of the real service is answered there (the official client asks one media item so). */
  version: ApiVersion;
  /** Path after the version segment, e.g. `/sites/2001/posts/5/restore`. */
  path: string;
  params: Params;
  /** Named path parameters of the route. */
  route: Record<string, string>;
  user?: User;
  token?: Token;
  /** `http://127.0.0.1:PORT`: for meta links. */
  origin: string;
  /** The caller's Authorization header, for batch sub-requests. */
  authorization?: string;
  /** Files of a multipart body (`media[]`), in order. */
  files?: UploadedFile[];
}

export interface UploadedFile {
  field: string;
  name: string;
  type: string;
  data: Buffer;
}

export interface Answer {
  status?: number;
  /** Extra headers (e.g. `Allow` on a 405): sent as HTTP headers, or listed inside an envelope. */
  headers?: Record<string, string>;
  body: unknown;
}

/**
 * `into[key]` as an object, filled in place (every `into` is a request's own, made by these
 * parsers): copying it at each `key[sub]` made a body of 1,000 `counts[id]` quadratic, 30 ms a
 * request. A value that is not an object is replaced, as PHP does.
 */
function record(into: Params, key: string): Record<string, unknown> {
  const prev = into[key];
  if (prev && typeof prev === 'object' && !Array.isArray(prev)) return prev as Record<string, unknown>;
  const fresh: Record<string, string> = {};
  into[key] = fresh;
  return fresh;
}

/**
 * `a=1&urls[]=x&urls[]=y&counts[5]=2` → `{a:'1', urls:['x','y'], counts:{'5':'2'}}`, and two levels
 * as PHP reads them: `metadata[0][key]=k&metadata[0][value]=v` → `{metadata: {'0': {key:'k', value:'v'}}}`.
 */
export function parseParams(search: URLSearchParams, into: Params = {}): Params {
  for (const [rawKey, value] of search) {
    const two = /^([^[\]]+)\[([^\]]+)\]\[([^\]]+)\]$/.exec(rawKey);
    if (two) {
      const [, key, outer, inner] = two;
      const nested = record(into, key) as Record<string, Record<string, string> | string>;
      const prevInner = nested[outer];
      if (!prevInner || typeof prevInner !== 'object') nested[outer] = {};
      (nested[outer] as Record<string, string>)[inner] = value;
      continue;
    }
    const m = /^([^[\]]+)\[([^\]]*)\]$/.exec(rawKey);
    if (!m) {
      into[rawKey] = value;
      continue;
    }
    const [, key, sub] = m;
    if (sub === '') {
      const prev = into[key];
      if (Array.isArray(prev)) prev.push(value);
      else into[key] = typeof prev === 'string' ? [prev, value] : [value];
    } else {
      (record(into, key) as Record<string, string>)[sub] = value;
    }
  }
  return into;
}

/** Form-encoded, or JSON when the body starts with `{` (as the real service accepts). */
export function parseBody(raw: string, into: Params): Params {
  const text = raw.trim();
  if (!text) return into;
  if (text.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiError(400, 'invalid_input', 'The request body is not valid JSON.');
    }
    for (const [k, v] of Object.entries(json as Record<string, unknown>)) {
      // An array of objects (a sparse one from JavaScript has nulls: `attrs[2]` alone) is keyed by index, as PHP reads it.
      const isRecord = (item: unknown): boolean => Boolean(item) && typeof item === 'object' && !Array.isArray(item);
      if (Array.isArray(v) && v.some(isRecord) && v.every((item) => item === null || isRecord(item)))
        into[k] = Object.fromEntries(
          v.flatMap((item, i) =>
            item === null ? [] : [[String(i), Object.fromEntries(Object.entries(item as object).map(([a, b]) => [a, String(b)]))]],
          ),
        );
      else if (Array.isArray(v)) into[k] = v.map(String);
      else if (v && typeof v === 'object') into[k] = Object.fromEntries(Object.entries(v).map(([a, b]) => [a, String(b)]));
      else into[k] = String(v);
    }
    return into;
  }
  return parseParams(new URLSearchParams(text), into);
}

export function str(params: Params, name: string): string | undefined {
  const v = params[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new ApiError(400, 'invalid_input', `"${name}" must be a single value.`);
  return v;
}

export function list(params: Params, name: string): string[] | undefined {
  const v = params[name];
  if (v === undefined) return undefined;
  if (Array.isArray(v)) return v;
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return Object.values(v);
}

export function int(params: Params, name: string, rule: { min?: number; max?: number; def: number }): number;
export function int(params: Params, name: string, rule: { min?: number; max?: number; def?: undefined }): number | undefined;
export function int(params: Params, name: string, rule: { min?: number; max?: number; def?: number }): number | undefined {
  const raw = str(params, name);
  if (raw === undefined || raw === '') return rule.def;
  const code = name === 'number' ? 'invalid_number' : 'invalid_input';
  const range = rule.max !== undefined ? ` from ${rule.min ?? 0} to ${rule.max}` : rule.min !== undefined ? ` of at least ${rule.min}` : '';
  if (!/^-?\d+$/.test(raw)) throw new ApiError(400, code, `"${name}" must be a whole number${range}.`);
  const n = Number(raw);
  if ((rule.min !== undefined && n < rule.min) || (rule.max !== undefined && n > rule.max))
    throw new ApiError(400, code, `"${name}" must be a whole number${range}.`);
  return n;
}

/** The real service's is_truthy: `1`, `t` or `true`, in any case. */
export function isTruthy(raw: unknown): boolean {
  return typeof raw === 'string' && ['1', 't', 'true'].includes(raw.toLowerCase());
}

/** The real service's is_falsy: `0`, `f` or `false`, in any case (and, here, empty). */
export function isFalsy(raw: unknown): boolean {
  return typeof raw === 'string' && ['', '0', 'f', 'false'].includes(raw.toLowerCase());
}

/** An endpoint's own bool parameter (`unread`, `trap`…): truthy or falsy, anything else is a 400. */
export function bool(params: Params, name: string): boolean {
  const raw = str(params, name);
  if (raw === undefined || isFalsy(raw)) return false;
  if (isTruthy(raw)) return true;
  throw new ApiError(400, 'invalid_input', `"${name}" must be true or false.`);
}

export function oneOf<T extends string>(params: Params, name: string, allowed: readonly T[], def: T): T {
  const raw = str(params, name);
  if (raw === undefined || raw === '') return def;
  const found = allowed.find((a) => a.toLowerCase() === raw.toLowerCase());
  if (!found) throw new ApiError(400, 'invalid_input', `"${name}" must be one of ${allowed.join(', ')}.`);
  return found;
}

/** An ISO 8601 datetime, as UNIX seconds. */
export function isoTime(params: Params, name: string): number | undefined {
  const raw = str(params, name);
  if (raw === undefined || raw === '') return undefined;
  const t = Date.parse(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(t))
    throw new ApiError(400, 'invalid_input', `"${name}" must be an ISO 8601 datetime.`);
  return Math.floor(t / 1000);
}

export type Common = 'context' | 'http_envelope' | 'pretty' | 'meta' | 'fields' | 'callback';
export const ALL_COMMON: readonly Common[] = ['context', 'http_envelope', 'pretty', 'meta', 'fields', 'callback'];

export interface Rendered {
  status: number;
  headers: Record<string, string>;
  /** A Buffer only for a served file's bytes. */
  body: string | Buffer;
}

/** Keep only `fields` of an object; list answers filter their items (posts, notes, comments, terms, media, likes). */
/** The keys under which list answers hold their items. */
const LISTS = ['posts', 'notes', 'comments', 'categories', 'tags', 'media', 'likes'];

export function pickFields(body: unknown, fields: string[]): unknown {
  const pick = (o: unknown): unknown =>
    o && typeof o === 'object' && !Array.isArray(o) ? Object.fromEntries(Object.entries(o).filter(([k]) => fields.includes(k))) : o;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    for (const key of LISTS) if (Array.isArray(b[key])) return { ...b, [key]: (b[key] as unknown[]).map(pick) };
    if ('results' in b && b.results && typeof b.results === 'object')
      return {
        ...b,
        results: Object.fromEntries(
          Object.entries(b.results).map(([k, v]) => [k, v && typeof v === 'object' && 'errors' in v ? v : pick(v)]),
        ),
      };
  }
  return pick(body);
}

export function errorBody(err: ApiError): Record<string, unknown> {
  return err.data === undefined ? { error: err.code, message: err.message } : { error: err.code, message: err.message, data: err.data };
}

/** The common parameters every endpoint accepts: honoured also on a 405 or an unreadable body. */
export const PROTOCOL_COMMON: readonly Common[] = ['http_envelope', 'pretty', 'callback'];

const CALLBACK = /^[A-Za-z_$][\w$.]{0,63}$/;

/**
 * Applies envelope, pretty and JSONP; `accepted` limits which common parameters the route honours.
 * `http_envelope` and `pretty` are read as the real service reads them (is_truthy: 1, t, true; any
 * other value is false). With an envelope the HTTP status is always 200, whatever went wrong,
 * and the answer's own headers travel inside it.
 */
export function render(answer: Answer, params: Params, accepted: readonly Common[]): Rendered {
  const has = (c: Common): boolean => accepted.includes(c);
  const callback = has('callback') && typeof params.callback === 'string' && params.callback !== '' ? params.callback : undefined;
  const jsonp = callback !== undefined && CALLBACK.test(callback);
  if (callback !== undefined && !jsonp)
    answer = { status: 400, body: { error: 'invalid_callback', message: 'The callback must be a JavaScript identifier.' } };
  let status = answer.status ?? 200;
  let body = answer.body;
  let headers = answer.headers ?? {};
  if (has('http_envelope') && envelopeRequested(params)) {
    const inner = [
      { name: 'Content-Type', value: 'application/json' },
      ...Object.entries(headers).map(([name, value]) => ({ name, value })),
    ];
    body = { code: status, headers: inner, body };
    status = 200;
    headers = {};
  }
  const text = JSON.stringify(body, null, has('pretty') && isTruthy(params.pretty) ? 2 : undefined);
  if (jsonp)
    return { status, headers: { ...headers, 'content-type': 'application/javascript; charset=UTF-8' }, body: `/**/${callback}(${text})` };
  return { status, headers: { ...headers, 'content-type': 'application/json; charset=UTF-8' }, body: text };
}

export function envelopeRequested(params: Params): boolean {
  return isTruthy(params.http_envelope);
}
