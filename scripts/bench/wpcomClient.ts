/**
 * The service's official JS client (`wpcom`) on an undici transport (its default transport is XHR,
 * for browsers), and its cold load of the three views; shared by run.ts and firstCallWpcom.ts.
 */
import { request } from 'undici';
import WPCOM from 'wpcom';
import { SITE, TOKEN } from './coldLoad';

interface WpcomParams {
  path: string;
  method?: string;
  query?: string;
  apiVersion?: string;
  body?: Record<string, unknown>;
  token?: string;
}

export type Wpcom = ReturnType<typeof WPCOM>;

export function wpcomClient(restUrl: string, token = TOKEN): Wpcom {
  const handler = (raw: object, fn: (err: unknown, res?: unknown) => void): void => {
    const params = raw as WpcomParams;
    const url = `${restUrl}/v${params.apiVersion ?? '1.1'}${params.path}${params.query ? `?${params.query}` : ''}`;
    const method = (params.method ?? 'GET').toUpperCase() as 'GET' | 'POST';
    const body = params.body ? new URLSearchParams(Object.entries(params.body).map(([k, v]) => [k, String(v)])).toString() : undefined;
    request(url, {
      method,
      body,
      headers: { authorization: `Bearer ${params.token}`, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    })
      .then(async (res) => {
        const json = await res.body.json();
        fn(res.statusCode >= 400 ? json : null, json);
      })
      .catch(fn);
  };
  return WPCOM(token, handler);
}

/** The same cold load with wpcom: four requests in parallel. */
export function wpcomColdLoad(wp: Wpcom): Promise<unknown> {
  return Promise.all([
    wp.req.get(
      { path: '/notifications/', apiVersion: '1' },
      { number: 20, fields: 'id,type,unread,noticon,body,subject,timestamp,meta,status,note_hash,date' },
    ),
    wp.req.get({ path: '/read/following/', apiVersion: '1' }, { number: 10 }),
    wp.req.get({ path: `/sites/${SITE}/posts/`, apiVersion: '1.1' }, { status: 'trash', number: 20, type: 'any' }),
    wp.req.get({ path: `/sites/${SITE}`, apiVersion: '1' }),
  ]);
}
