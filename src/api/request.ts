/**
 * The one place that builds and sends requests: base URL and version, bearer token, common
 * parameters, timeouts, proxy and retries; the query, form and multipart bodies are encoded by
 * encode.ts. Endpoint files describe a request; this file sends it and hands the answer to decode.ts.
 */
import type { Dispatcher } from 'undici';
import { loadSchemas, schemas } from './schemasLoad';
import { ACCEPT_ENCODING, decodeBody } from './contentEncoding';
import { badResponse, decodeResponse, transportError, type DecodeContext } from './decode';
import { encodeForm, encodeQuery, joinList, multipartBody, type FormValue, type MultipartField, type QueryValue } from './encode';
import { ContentSiteError, TOKEN_UNAVAILABLE } from './errors';
import { createRetryFunction, DEFAULT_RETRY, RETRY_ERROR_CODES, RETRY_STATUS_CODES, type RetrySettings } from './retryPolicy';
import type { MessageContext } from './messages';
import type { SkippedItem } from './schemas/common';
import { SETTINGS } from '../settings';

/** The client's address when none is given: the `apiBaseUrl` setting's default. */
export const DEFAULT_BASE_URL = SETTINGS.apiBaseUrl.default;
export const USER_AGENT = 'content-site-vscode/0.1.0';

export type TokenSource = string | undefined | (() => string | undefined | Promise<string | undefined>);

/** The common parameters of the spec; each endpoint passes on only those it accepts. */
export interface CommonParams {
  http_envelope?: boolean;
  pretty?: boolean;
  fields?: string | readonly string[];
  context?: 'display' | 'edit';
  meta?: string | readonly string[];
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface RequestLogEntry {
  method: string;
  /** Path and query with secrets scrubbed. */
  path: string;
  status?: number;
  ms: number;
  bytes: number;
  error?: string;
}

export interface ClientOptions {
  baseUrl?: string;
  token?: TokenSource;
  /** Ask every request for http_envelope and unwrap it. */
  httpEnvelope?: boolean;
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number };
  retry?: Partial<RetrySettings>;
  /** A dispatcher to use instead of the default keep-alive, proxy-aware pool (tests). */
  dispatcher?: Dispatcher;
  userAgent?: string;
  onRequest?: (entry: RequestLogEntry) => void;
  /** An item of a list that could not be read and was left out of it (the rest of the answer is kept). */
  onSkipped?: (entry: SkippedLogEntry) => void;
}

/** What the log says of an item left out: the request (no query, so no secret), where, its ID, what was wrong. */
export interface SkippedLogEntry extends SkippedItem {
  request: string;
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  /**
   * `'1'` or `'1.1'` for REST paths; `'wpcom/v2'` for the namespace beside `/rest` (the Reader's
   * seen marks: `…/wpcom/v2/…`); `null` for the OAuth root (`/oauth2/...`).
   */
  version: '1' | '1.1' | 'wpcom/v2' | null;
  /** Path after the version, segments already encoded. */
  path: string;
  query?: Record<string, QueryValue>;
  form?: Record<string, FormValue>;
  /** A multipart/form-data body instead of a form (uploads): text fields and files, in order. */
  multipart?: ReadonlyArray<MultipartField>;
  common?: CommonParams;
  messageContext?: MessageContext;
  /** Query keys whose values must never be logged (token-info's token). */
  secretQuery?: readonly string[];
  /** Send the bearer token (default true when one is configured). */
  authenticate?: boolean;
  signal?: AbortSignal;
}

/** A GET described once: sent alone (`Transport.run`) or as one url of a batch (`together`). */
export interface Prepared<T> {
  spec: RequestSpec;
  parse(body: unknown): T;
}

export function mapPrepared<T, U>(p: Prepared<T>, f: (value: T) => U): Prepared<U> {
  return { spec: p.spec, parse: (body) => f(p.parse(body)) };
}

/** The pool every request goes through (proxy settings included), and the same with retries for REST. */
interface Pool {
  pool: Dispatcher;
  dispatcher: Dispatcher;
  request: typeof import('undici').request;
  FormData: typeof import('undici').FormData;
}

export class Transport {
  readonly baseUrl: string;
  readonly oauthUrl: string;
  private readonly ownsDispatcher: boolean;
  private undici: Promise<Pool> | undefined;

  constructor(private readonly options: ClientOptions = {}) {
    const base = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    let parsed: URL;
    try {
      parsed = new URL(base);
    } catch {
      throw new ContentSiteError({ kind: 'invalid_input', userMessage: `The API address "${base}" is not a valid URL.` });
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      throw new ContentSiteError({ kind: 'invalid_input', userMessage: `The API address must use https (got ${parsed.protocol}).` });
    }
    this.baseUrl = base;
    this.oauthUrl = base.replace(/\/rest$/, '');
    this.ownsDispatcher = options.dispatcher === undefined;
  }

  /**
   * The keep-alive, proxy-aware pool with retries, made on the first request: undici is most of
   * the bundle, and loading it lazily keeps activation quick.
   */
  private async http(): Promise<Pool> {
    this.undici ??= import('./httpParts').then(({ EnvHttpProxyAgent, RetryAgent, request, FormData }) => {
      const retry: RetrySettings = { ...DEFAULT_RETRY, ...this.options.retry };
      const t = this.options.timeouts ?? {};
      const pool =
        this.options.dispatcher ??
        new EnvHttpProxyAgent({
          connect: { timeout: t.connectMs ?? 10_000 },
          headersTimeout: t.headersMs ?? 30_000,
          bodyTimeout: t.bodyMs ?? 30_000,
          keepAliveTimeout: 10_000,
        });
      const dispatcher = new RetryAgent(pool, {
        throwOnError: false,
        methods: ['GET'],
        statusCodes: RETRY_STATUS_CODES,
        errorCodes: RETRY_ERROR_CODES,
        retry: createRetryFunction(retry),
      });
      return { pool, dispatcher, request, FormData };
    });
    return this.undici;
  }

  /**
   * What a WebSocket upgrade needs to go out as every request does: the same proxy-aware pool
   * (without the retries: a refused upgrade is for the caller's policy to retry), the bearer token
   * and the user agent. Rejects with the auth error of an unreadable token, like `send`.
   */
  async upgradeParts(): Promise<{ dispatcher: Dispatcher; headers: Record<string, string> }> {
    const headers: Record<string, string> = { 'user-agent': this.options.userAgent ?? USER_AGENT };
    const token = await resolveToken(this.options.token, 'GET (push channel upgrade)');
    if (token) headers.authorization = `Bearer ${token}`;
    return { dispatcher: (await this.http()).pool, headers };
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher && this.undici) await (await this.undici).dispatcher.close();
  }

  async send(spec: RequestSpec): Promise<unknown> {
    const envelope = spec.common?.http_envelope ?? this.options.httpEnvelope ?? false;
    const url = this.buildUrl(spec, envelope);
    const logPath = scrub(url, spec.secretQuery ?? []);
    const ctx: DecodeContext = { ...spec.messageContext, request: `${spec.method} ${logPath}`, envelope };
    const headers: Record<string, string> = {
      'user-agent': this.options.userAgent ?? USER_AGENT,
      accept: 'application/json',
      'accept-encoding': ACCEPT_ENCODING,
    };
    let body: string | import('undici').FormData | undefined;
    if (spec.method === 'POST' && spec.multipart) {
      body = multipartBody(spec.multipart, (await this.http()).FormData);
    } else if (spec.method === 'POST') {
      body = encodeForm(spec.form ?? {});
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const started = performance.now();
    let status: number | undefined;
    let text = '';
    try {
      if (spec.authenticate !== false) {
        const token = await resolveToken(this.options.token, ctx.request);
        if (token) headers.authorization = `Bearer ${token}`;
      }
      if (spec.signal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
      const { dispatcher, request } = await this.http();
      const answer = request(url, { method: spec.method, headers, body, dispatcher, signal: spec.signal });
      // Checking the answer needs the schemas: load them (the first time) while the request is in
      // flight, once undici has had its turn to connect and write it.
      const schemasReady = new Promise<void>((resolve) => setImmediate(resolve)).then(loadSchemas);
      schemasReady.catch(() => undefined); // a request that fails first never reads them
      const res = await answer;
      status = res.statusCode;
      const raw = Buffer.from(await res.body.arrayBuffer());
      try {
        text = await decodeBody(raw, res.headers['content-encoding']);
      } catch (err) {
        throw badResponse(ctx, err instanceof Error ? err.message : String(err));
      }
      this.log({ method: spec.method, path: logPath, status, ms: performance.now() - started, bytes: Buffer.byteLength(text) });
      await schemasReady;
      return decodeResponse({ status: res.statusCode, headers: res.headers, text }, ctx);
    } catch (err) {
      if (err instanceof ContentSiteError) {
        if (status === undefined)
          this.log({ method: spec.method, path: logPath, ms: performance.now() - started, bytes: 0, error: err.kind });
        throw err;
      }
      const failure = transportError(err, ctx, spec.signal);
      this.log({
        method: spec.method,
        path: logPath,
        status,
        ms: performance.now() - started,
        bytes: Buffer.byteLength(text),
        error: failure.code ?? failure.kind,
      });
      throw failure;
    }
  }

  async run<T>(p: Prepared<T>, signal?: AbortSignal): Promise<T> {
    const body = await this.send({ ...p.spec, signal });
    return this.parse(p, body);
  }

  /** A prepared request's answer read (alone or out of a batch), telling the log what its lists left out. */
  parse<T>(p: Prepared<T>, body: unknown): T {
    return this.read(`${p.spec.method} ${p.spec.path}`, () => p.parse(body));
  }

  /**
   * Runs `parse` (an endpoint reading an answer) and logs each list item it left out (see
   * lenientArray): the request, where the item was, its ID and what was wrong; never its content.
   */
  read<T>(request: string, parse: () => T): T {
    const tell = this.options.onSkipped;
    return schemas().readTelling(parse, tell && ((item) => tell({ request, ...item })));
  }

  /** The url of a GET inside a batch sent under `batchVersion`: its path and query, no token, no envelope. */
  batchUrl(spec: RequestSpec, batchVersion: '1' | '1.1'): string {
    const qs = this.queryString(spec, false);
    const prefix = spec.version === batchVersion ? '' : `/v${spec.version}`;
    return `${prefix}${spec.path}${qs ? `?${qs}` : ''}`;
  }

  private buildUrl(spec: RequestSpec, envelope: boolean): string {
    const root =
      spec.version === null
        ? this.oauthUrl
        : spec.version === 'wpcom/v2'
          ? `${this.oauthUrl}/wpcom/v2`
          : `${this.baseUrl}/v${spec.version}`;
    const qs = this.queryString(spec, envelope);
    return `${root}${spec.path}${qs ? `?${qs}` : ''}`;
  }

  private queryString(spec: RequestSpec, envelope: boolean): string {
    const c = spec.common ?? {};
    return encodeQuery(spec.query ?? {}, {
      fields: joinList(c.fields),
      context: c.context,
      meta: joinList(c.meta),
      pretty: c.pretty ? 'true' : undefined,
      http_envelope: envelope ? '1' : undefined,
    });
  }

  private log(entry: RequestLogEntry): void {
    try {
      this.options.onRequest?.({ ...entry, ms: Math.round(entry.ms) });
    } catch {
      // a logging hook must never break a request
    }
  }
}

/**
 * The token source can fail (SecretStorage with no keyring): that is a typed `auth` error with a
 * sentence, like every other failure, not a raw exception. The thrown value is not kept as the
 * cause: whatever it carries stays out of the error.
 */
async function resolveToken(source: TokenSource, request: string): Promise<string | undefined> {
  try {
    return typeof source === 'function' ? await source() : source;
  } catch {
    throw new ContentSiteError({
      kind: 'auth',
      code: TOKEN_UNAVAILABLE,
      userMessage:
        "Couldn't read your sign-in from the editor's secret storage, so nothing was sent. Try again; if it keeps failing, check that your system keyring is available, or sign in again.",
      request,
    });
  }
}

/** The URL's path and query relative to the host, with secret query values replaced. */
export function scrub(url: string, secretKeys: readonly string[]): string {
  const u = new URL(url);
  for (const key of ['token', 'access_token', ...secretKeys]) if (u.searchParams.has(key)) u.searchParams.set(key, '[redacted]');
  return `${u.pathname}${u.search.replace(/%5Bredacted%5D/g, '[redacted]')}`;
}
