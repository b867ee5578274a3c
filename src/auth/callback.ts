/**
 * Reads an OAuth implicit-grant callback: the token in the fragment
 * (`#access_token=…&expires_in=…&token_type=bearer&site_id=…`), a denial in the query
 * (`?error=access_denied`). VS Code web (code-server) hands the URI handler a URI rebuilt from its
 * callback page, which can carry the fragment's parameters in the query instead, so the query is
 * read too when the fragment has no token.
 *
 * `expires_in` must be a whole number of seconds from 1 to MAX_EXPIRES_IN_S: the service documents
 * 18 hours and "two weeks"; anything past a year is refused as absurd rather than stored as an
 * expiry that never comes (or one past the range of a Date).
 */
/** The path of this editor's URI handler that takes a sign-in answer (vscode://contentsite.content-site/auth). */
export const CALLBACK_PATH = '/auth';

/** Why an answer that arrives while no sign-in is in progress is refused. */
export const NOT_PENDING = 'A sign-in answer arrived, but no sign-in is in progress in this window. It was ignored.';

/** One year in seconds: the longest token lifetime accepted from a sign-in answer. */
export const MAX_EXPIRES_IN_S = 365 * 24 * 60 * 60;

export type CallbackResult =
  | { kind: 'token'; token: string; expiresIn?: number; state?: string }
  | { kind: 'denied'; error: string; description?: string; state?: string }
  | { kind: 'invalid'; reason: string; state?: string };

export function parseCallback(query: string, fragment: string): CallbackResult {
  const q = new URLSearchParams(query.replace(/^\?/, ''));
  const f = new URLSearchParams(fragment.replace(/^#/, ''));
  const state = f.get('state') ?? q.get('state') ?? undefined;
  const error = q.get('error') ?? f.get('error');
  if (error) return { kind: 'denied', error, description: q.get('error_description') ?? f.get('error_description') ?? undefined, state };
  const source = f.has('access_token') ? f : q;
  const token = source.get('access_token');
  if (!token) return { kind: 'invalid', reason: 'The sign-in answer carried no access token.', state };
  if (!/^[\x21-\x7e]{8,512}$/.test(token))
    return { kind: 'invalid', reason: 'The sign-in answer carried a malformed access token.', state };
  const type = source.get('token_type');
  if (type && type.toLowerCase() !== 'bearer')
    return { kind: 'invalid', reason: `The sign-in answer carried a ${type} token, not a bearer token.`, state };
  const expires = source.get('expires_in');
  let expiresIn: number | undefined;
  if (expires !== null) {
    expiresIn = /^[0-9]{1,12}$/.test(expires) ? Number(expires) : NaN;
    if (!(expiresIn >= 1 && expiresIn <= MAX_EXPIRES_IN_S)) {
      return { kind: 'invalid', reason: 'The sign-in answer carried an invalid expiry (it must be from 1 second to 1 year).', state };
    }
  }
  return { kind: 'token', token, expiresIn, state };
}
