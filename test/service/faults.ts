/**
 * Fault injection for tests: `X-Fault: latency=200,status=503` on one request, or queued for the
 * next N requests of a route through `POST /__control/faults`. Loopback peers only. A fault's
 * answer replaces the service's: the request is not applied, unless `applied` is among the
 * faults (`applied,status=500`): then the service applies it first and the fault's answer
 * (`status`, `html` or `reset`) is what the client gets.
 */
export interface Fault {
  /** Apply the request first, then answer with the fault (a write that succeeded, answered as failed). */
  applied?: boolean;
  latencyMs?: number;
  status?: number;
  html?: number;
  reset?: boolean;
  truncate?: boolean;
  malformed?: boolean;
  ratelimit?: number;
}

export interface QueuedFault {
  method?: string;
  path: string;
  count: number;
  fault: Fault;
  spec: string;
}

export function parseFault(spec: string): Fault {
  const fault: Fault = {};
  for (const part of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [key, value] = part.split('=');
    const n = Number(value);
    const needNumber = (): number => {
      if (!Number.isInteger(n) || n < 0) throw new Error(`fault "${part}" needs a whole number`);
      return n;
    };
    switch (key) {
      case 'latency':
        fault.latencyMs = needNumber();
        break;
      case 'status':
        fault.status = needNumber();
        break;
      case 'html':
        fault.html = needNumber();
        break;
      case 'ratelimit':
        fault.ratelimit = needNumber();
        break;
      case 'reset':
        fault.reset = true;
        break;
      case 'truncate':
        fault.truncate = true;
        break;
      case 'malformed':
        fault.malformed = true;
        break;
      case 'applied':
        fault.applied = true;
        break;
      default:
        throw new Error(`unknown fault "${part}"`);
    }
  }
  if (fault.applied && fault.status === undefined && fault.html === undefined && !fault.reset)
    throw new Error('fault "applied" needs the answer to give after applying: status=, html= or reset');
  return fault;
}

/**
 * Takes the first queued fault matching this request, counting it down. A queued path with a `?`
 * is matched against the path and query (to hit one kind of request to a route, not all of them).
 */
export function takeQueued(queue: QueuedFault[], method: string, path: string, search = ''): QueuedFault | undefined {
  const i = queue.findIndex(
    (q) => (q.path.includes('?') ? `${path}${search}` : path).startsWith(q.path) && (!q.method || q.method.toUpperCase() === method),
  );
  if (i < 0) return undefined;
  const q = queue[i];
  q.count -= 1;
  if (q.count <= 0) queue.splice(i, 1);
  return q;
}

const REASONS: Record<number, [string, string]> = {
  400: ['bad_request', 'Bad request.'],
  401: ['invalid_token', 'The OAuth2 token is invalid.'],
  403: ['unauthorized', 'Forbidden.'],
  404: ['not_found', 'Not found.'],
  500: ['internal_error', 'An internal error occurred.'],
  502: ['bad_gateway', 'Bad gateway.'],
  503: ['service_unavailable', 'The service is temporarily unavailable.'],
  504: ['gateway_timeout', 'The upstream server timed out.'],
};

export function faultErrorBody(status: number): { error: string; message: string } {
  const [error, message] = REASONS[status] ?? ['http_error', `HTTP ${status}.`];
  return { error, message };
}

export function htmlErrorPage(status: number): string {
  return `<!DOCTYPE html><html><head><title>${status} Error</title></head><body><h1>Error ${status}</h1><p>The server could not complete your request.</p></body></html>`;
}
