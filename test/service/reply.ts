import * as assert from 'node:assert/strict';
import { startService, type RunningService } from './index';

/** One plain HTTP call to the reference service, as its own tests make them (no client library). */
export interface Reply {
  status: number;
  type: string;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  /** A form-encoded body. */
  form?: string;
  /** A raw body, sent with `contentType` (form-encoded by default). */
  body?: string;
  contentType?: string;
  /** A JSON body. */
  json?: unknown;
  headers?: Record<string, string>;
}

export async function callService(base: string, method: string, path: string, opts: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form !== undefined || opts.body !== undefined) {
    headers['content-type'] = opts.contentType ?? 'application/x-www-form-urlencoded';
    body = opts.form ?? opts.body;
  }
  const res = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, type: res.headers.get('content-type') ?? '', text, json, headers: res.headers };
}

/** One service for a test file: started before, reset before each test, closed after. */
export function serviceFixture(): { readonly svc: RunningService } {
  const holder = {} as { svc: RunningService };
  before(async () => {
    holder.svc = await startService();
  });
  beforeEach(() => holder.svc.reset());
  after(async () => holder.svc.close());
  return holder;
}

/**
 * The calls a service test makes as `token` (demo's by default): any request, one that must answer
 * 200 (its JSON), a GET as another token or signed out (null), and such a GET that must answer 200.
 */
export function serviceCalls(fx: { readonly svc: RunningService }, token = 'cs-demo-token') {
  const call = (method: string, path: string, opts: CallOptions = { token }): Promise<Reply> => callService(fx.svc.url, method, path, opts);
  const ok = async (method: string, path: string, opts: CallOptions = { token }): Promise<Reply['json']> => {
    const r = await call(method, path, opts);
    assert.equal(r.status, 200, `${method} ${path}: ${r.text}`);
    return r.json;
  };
  const get = (path: string, as: string | null = token): Promise<Reply> => call('GET', path, { token: as ?? undefined });
  const getOk = async (path: string, as: string | null = token): Promise<Reply['json']> => {
    const r = await get(path, as);
    assert.equal(r.status, 200, `${path}: ${r.text}`);
    return r.json;
  };
  /** A refusal: the status and the service's `{error, message}` exactly. */
  const refused = async (r: Promise<Reply>, status: number, error: string, message: string): Promise<void> => {
    const reply = await r;
    assert.equal(reply.status, status, reply.text);
    assert.deepEqual(reply.json, { error, message });
  };
  return { call, ok, get, getOk, refused };
}
