// The stand-in for `wpcom-xhr-request` that the runner installs into the copied suite's
// node_modules: wpcom.js's default request handler, but sending every request to the reference
// service on loopback (WPCOM_SUITE_ORIGIN) instead of https://public-api.wordpress.com. It keeps the
// real handler's contract: `request(params, fn)` with `path`, `method`, `apiVersion`, `apiNamespace`,
// `query` (a string), `body` (sent as JSON), `formData` ([name, value] pairs, a value a string or a
// file stream), `authToken`; `fn(err, body, headers)` with `headers.status`, and a failure as
// wp-error makes it (`statusCode`, `status`, `name`, the body's `error` and `message`).
// Each request is reported to the runner's reporter (`globalThis.__wpcomSuite.record`), with
// whether the service claims its route (the service answers a route it does not claim with a bare
// 404 and no body, or 405 when only the method is wrong).
/* global setImmediate, FormData, Blob */
'use strict';

const { readFile } = require('node:fs/promises');
const { basename } = require('node:path');

const ORIGIN = process.env.WPCOM_SUITE_ORIGIN;
if (!ORIGIN) throw new Error('WPCOM_SUITE_ORIGIN is not set: run the suite with scripts/wpcom-suite/run.mjs');

/** wp-error's name for an error code or a status text: `unknown_post` → `UnknownPostError`. */
function errorName(s) {
  const camel = String(s)
    .replace(/error$/i, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
  return `${camel}Error`;
}

/** What wp-error builds from `({ path, method }, statusCode, body)`, as wpcom-xhr-request calls it. */
function wpError(path, method, status, statusText, body) {
  const err = new Error(`${status} status code for "${method} ${path}"`);
  err.path = path;
  err.method = method;
  err.name = errorName(statusText || 'Unknown');
  err.status = err.statusCode = status;
  if (body && typeof body === 'object') {
    if (body.error) err.name = errorName(body.error);
    if (body.error_description) err.message = body.error_description;
    for (const k of Object.keys(body)) err[k] = body[k];
  }
  return err;
}

/** A file stream (what wpcom.js's `createReadStream` gives) read into a Blob with its name. */
async function fileOf(value) {
  if (value && typeof value === 'object' && typeof value.path === 'string' && value._readableState) {
    const data = await readFile(value.path);
    value.destroy();
    return { blob: new Blob([data]), name: basename(value.path) };
  }
  return undefined;
}

async function send(params) {
  const method = String(params.method || 'get').toUpperCase();
  const isRest = params.apiNamespace === undefined;
  const base = isRest ? `/rest/v${params.apiVersion || '1'}` : /\//.test(params.apiNamespace) ? `/${params.apiNamespace}` : '/wp-json';
  const query = typeof params.query === 'string' ? params.query : new URLSearchParams(params.query || {}).toString();
  const path = `${base}${params.path}${query ? `?${query}` : ''}`;
  const headers = { accept: '*/json,*/*', ...(params.headers || {}) };
  if (params.authToken) headers.authorization = `Bearer ${params.authToken}`;
  let body;
  if (params.formData) {
    body = new FormData();
    for (const [name, value] of params.formData) {
      const file = await fileOf(value);
      if (file) body.append(name, file.blob, file.name);
      else body.append(name, String(value));
    }
  } else if (params.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(params.body);
  }
  const res = await fetch(`${ORIGIN}${path}`, { method, headers, body });
  const text = await res.text();
  const type = res.headers.get('content-type') || '';
  let parsed = {};
  if (/json/.test(type) && text) parsed = JSON.parse(text);
  const out = {};
  res.headers.forEach((v, k) => (out[k] = v));
  out.status = res.status;
  const unclaimed = (res.status === 404 && !text) || (res.status === 405 && parsed.error === 'not_allowed');
  return { path, method, res, parsed, headers: out, unclaimed };
}

module.exports = function request(params, fn) {
  if (typeof params === 'string') params = { path: params };
  // Reported when sent, so that it counts for the test (or hook) that sent it.
  const entry = { method: String(params.method || 'get').toUpperCase(), path: params.path, status: 0, unclaimed: false };
  globalThis.__wpcomSuite?.record(entry);
  // The callback runs outside the promise, as superagent's does: what it throws is uncaught, and
  // mocha fails the test that is running.
  const call = (...args) => setImmediate(() => fn(...args));
  send(params).then(
    ({ path, method, res, parsed, headers, unclaimed }) => {
      Object.assign(entry, { path, status: res.status, unclaimed });
      if (res.ok) return call(null, parsed, headers);
      return call(wpError(path, method, res.status, res.statusText, parsed), null, headers);
    },
    (err) => {
      entry.error = String(err);
      call(err);
    },
  );
};
