/** GET /v1.1/me: the signed-in user, as the real service answers it. */
import type { Ctx } from '../http';
import type { Route } from '../router';

function me(ctx: Ctx) {
  const u = ctx.user!;
  const primary = ctx.world.sites.get(u.primaryBlog);
  return {
    body: {
      ID: u.ID,
      display_name: u.name,
      username: u.login,
      email: u.email,
      primary_blog: u.primaryBlog,
      primary_blog_url: primary ? `https://${primary.domain}` : '',
      language: 'en',
      avatar_URL: `https://gravatar.example/avatar/${u.login}?s=96`,
      profile_URL: `https://gravatar.example/${u.login}`,
      verified: true,
      email_verified: true,
      date: '2020-01-01T00:00:00+00:00',
      site_count: Object.keys(u.roles).length,
      meta: {
        links: {
          self: `${ctx.origin}/rest/v1.1/me`,
          help: `${ctx.origin}/rest/v1.1/me/help`,
          site: `${ctx.origin}/rest/v1/sites/${u.primaryBlog}`,
        },
      },
    },
  };
}

export const meRoutes: Route[] = [
  {
    method: 'GET',
    versions: ['1', '1.1'],
    pattern: '/me',
    accepted: ['http_envelope', 'pretty', 'fields', 'callback', 'meta'],
    auth: 'required',
    handle: me,
  },
];
