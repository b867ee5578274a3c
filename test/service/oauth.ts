/**
 * The OAuth 2 implicit grant as the real service runs it: an authorize page with Approve and Deny
 * for the (already signed-in) demo user, exact redirect-URI checks, the token in the fragment on
 * approval, `?error=access_denied` on denial; and `GET /oauth2/token-info`.
 */
import { randomBytes } from 'node:crypto';
import type { Rendered } from './http';
import { DEMO_CLIENT_ID, USERS } from './seed';
import type { Client, World } from './world';

export const TOKEN_LIFETIME_S = 64800;

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(status: number, title: string, inner: string): Rendered {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:4rem auto;color:#1d2327}button{font-size:1rem;padding:.5rem 1.5rem;margin-right:1rem}</style></head>
<body><h1>${esc(title)}</h1>${inner}</body></html>`;
  return { status, headers: { 'content-type': 'text/html; charset=utf-8' }, body: html };
}

/**
 * Loopback redirects registered for a client besides its seed's: the demo client accepts the
 * extension's loopback sign-in (`contentSite.oauth.redirect: loopback`) on any port.
 */
export const LOOPBACK_REDIRECTS: Readonly<Record<string, readonly string[]>> = {
  [DEMO_CLIENT_ID]: ['http://127.0.0.1/content-site/callback'],
};

/**
 * A registered `http://127.0.0.1/<path>` (no port) matches that path on any port, as RFC 8252
 * §7.3 asks of a server for native apps: the app picks its port when it runs. Everything else
 * about the URL must match exactly (no other host, scheme, path, query, user or fragment).
 */
export function loopbackAllowed(client: Client, uri: string): boolean {
  const m = /^http:\/\/127\.0\.0\.1(?::(\d{1,5}))?(\/[^?#@\s]*)$/.exec(uri);
  if (!m || (m[1] !== undefined && Number(m[1]) > 65535)) return false;
  return [...client.redirectUris, ...(LOOPBACK_REDIRECTS[client.id] ?? [])].includes(`http://127.0.0.1${m[2]}`);
}

export function redirectAllowed(client: Client, uri: string): boolean {
  return client.redirectUris.includes(uri) || loopbackAllowed(client, uri) || client.redirectUriPrefixes.some((p) => uri.startsWith(p));
}

export interface OAuthState {
  /** Nonces of rendered authorize forms: a POST without one is a forged approval. */
  formNonces: Set<string>;
  echoState: boolean;
}

export function authorizePage(world: World, q: URLSearchParams, state: OAuthState): Rendered {
  const clientId = q.get('client_id') ?? '';
  const redirectUri = q.get('redirect_uri') ?? '';
  const client = world.clients.get(clientId);
  if (!client)
    return page(400, 'Invalid client', '<p>The application that sent you here is not registered (unknown <code>client_id</code>).</p>');
  if (!redirectAllowed(client, redirectUri))
    return page(
      400,
      'Invalid redirect_uri',
      '<p>The <code>redirect_uri</code> does not match the one registered for this application.</p>',
    );
  if ((q.get('response_type') ?? 'code') !== 'token')
    return page(400, 'Unsupported response type', '<p>Only <code>response_type=token</code> is supported.</p>');
  const user = world.users.get(USERS.demo)!;
  const nonce = randomBytes(12).toString('hex');
  state.formNonces.add(nonce);
  const hidden = ['client_id', 'redirect_uri', 'state', 'scope', 'blog']
    .map((k) => [k, q.get(k)] as const)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${esc(v!)}">`)
    .join('');
  return page(
    200,
    `Connect ${client.name}`,
    `<p>Hi <strong>${esc(user.name)}</strong> (${esc(user.login)}). <strong>${esc(client.name)}</strong> would like to access your account${q.get('scope') === 'global' ? ' and all your sites' : ''}.</p>
<form method="post" action="authorize">${hidden}<input type="hidden" name="nonce" value="${nonce}">
<button type="submit" name="action" value="approve" id="approve">Approve</button><button type="submit" name="action" value="deny" id="deny">Deny</button></form>`,
  );
}

export function authorizeDecision(world: World, form: URLSearchParams, state: OAuthState): Rendered {
  const nonce = form.get('nonce') ?? '';
  if (!state.formNonces.delete(nonce))
    return page(400, 'Expired form', '<p>This approval form is not one this service showed. Start again from the application.</p>');
  const client = world.clients.get(form.get('client_id') ?? '');
  const redirectUri = form.get('redirect_uri') ?? '';
  if (!client || !redirectAllowed(client, redirectUri))
    return page(
      400,
      'Invalid redirect_uri',
      '<p>The <code>redirect_uri</code> does not match the one registered for this application.</p>',
    );
  const st = form.get('state');
  // A redirect accepted by prefix is a web editor's callback page (code-server's /callback), which
  // rebuilds the URI from its query and drops the fragment: answer in the query there. Exactly
  // registered redirects (loopback ones included) get the real service's fragment.
  const inQuery = !client.redirectUris.includes(redirectUri) && !loopbackAllowed(client, redirectUri);
  const join = (params: URLSearchParams): string =>
    inQuery ? `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}${params}` : `${redirectUri}#${params}`;
  if (form.get('action') !== 'approve') {
    const sep = redirectUri.includes('?') ? '&' : '?';
    return {
      status: 302,
      headers: { location: `${redirectUri}${sep}error=access_denied${st && state.echoState ? `&state=${encodeURIComponent(st)}` : ''}` },
      body: '',
    };
  }
  const token = `cs-oauth-${randomBytes(16).toString('hex')}`;
  const blog = Number(form.get('blog')) || world.users.get(USERS.demo)!.primaryBlog;
  const scope = form.get('scope') ?? '';
  world.tokens.set(token, {
    token,
    userId: USERS.demo,
    clientId: client.id,
    expiresAt: world.now + TOKEN_LIFETIME_S,
    revoked: false,
    blogId: blog,
    scope,
  });
  const fragment = new URLSearchParams({
    access_token: token,
    expires_in: String(TOKEN_LIFETIME_S),
    token_type: 'bearer',
    site_id: String(blog),
    scope,
  });
  if (st && state.echoState) fragment.set('state', st);
  return { status: 302, headers: { location: join(fragment) }, body: '' };
}

export function tokenInfo(world: World, q: URLSearchParams): Rendered {
  const json = (status: number, body: unknown): Rendered => ({
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const clientId = q.get('client_id');
  const t = q.get('token');
  if (!clientId || !t) return json(400, { error: 'invalid_request', message: 'client_id and token are required.' });
  const token = world.tokens.get(t);
  if (!token || token.revoked || token.expiresAt <= world.now || token.clientId !== clientId)
    return json(400, { error: 'invalid_token', message: 'The OAuth2 token is invalid.' });
  return json(200, { client_id: token.clientId, user_id: String(token.userId), blog_id: String(token.blogId), scope: token.scope });
}
