/**
 * The OAuth implicit-grant authorize address this window opens in the browser (plain Node): the
 * settings' authorize page with client, redirect, `response_type=token`, scope and this sign-in's
 * `state`. Returned as a string: a vscode.Uri would re-encode the `%26` inside a redirect that has
 * its own query (code-server's callback) into a bare `&`.
 */
import { checkServiceAddress } from '../models/serviceAddress';
import { SETTINGS } from '../settings';

export interface AuthorizeRequest {
  authorizeUrl: string;
  clientId: string;
  redirectUri: string;
  state: string;
  /** `global`: all the user's sites (the default). */
  scope?: string;
}

/** The address to open, or an Error whose message says which setting is wrong. */
export function buildAuthorizeUrl(request: AuthorizeRequest): string {
  const problem = checkServiceAddress(request.authorizeUrl, `sign-in page (${SETTINGS.authorizeUrl.id})`);
  if (problem) throw new Error(problem.text);
  if (!/^\d+$/.test(request.clientId))
    throw new Error(`The OAuth client ID must be a number (setting ${SETTINGS.clientId.id}; got "${request.clientId}").`);
  const url = new URL(request.authorizeUrl);
  url.searchParams.set('client_id', request.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('response_type', 'token');
  url.searchParams.set('scope', request.scope ?? 'global');
  url.searchParams.set('state', request.state);
  return url.toString();
}
