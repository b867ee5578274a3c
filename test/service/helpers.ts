/** Plain HTTP against the reference service, for its own tests (no client library in between). */
import { startService, type RunningService } from './index';

export interface Reply {
  status: number;
  type: string;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

export function useService(): { svc: () => RunningService; call: (method: string, path: string, opts?: { token?: string; form?: string; json?: unknown; headers?: Record<string, string> }) => Promise<Reply> } {
  let svc: RunningService;
  before(async () => {
    svc = await startService();
  });
  after(async () => svc.close());
  beforeEach(() => svc.reset());
  const call = async (method: string, path: string, opts: { token?: string; form?: string; json?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = opts.form;
    } else if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    const res = await fetch(`${svc.url}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, type: res.headers.get('content-type') ?? '', text, json, headers: res.headers };
  };
  return { svc: () => svc, call };
}

export const DEMO = 'cs-demo-token';
