/**
 * An invariant over the whole seed: every GET route of the service, under each version it takes,
 * for every seeded site, post, comment and note it can name, as every seeded user and signed out,
 * answers without a 500: a success or one of the service's refusals in its error shape, and every
 * `date` or `modified` it sends is a real date. A new GET route must say here how to name its
 * path parameters, so it is walked too.
 */
import * as assert from 'node:assert/strict';
import { callService, serviceFixture } from './reply';
import { allRoutes } from './router';
import { REPORTS } from './routes/insights';
import { USERS } from './index';
import { READER } from './seedReader';
import { feedIdOf } from './readerShapes';
import type { World } from './world';

const TOKENS: Array<string | undefined> = [...Object.keys(USERS).map((login) => `cs-${login}-token`), undefined];
const UNKNOWN = '99999';

/** The values each path parameter takes on one site (or, for site-less ones, on none). */
function valuesOf(world: World, name: string, site: number | undefined): string[] {
  // The Reader's posts are alike: the first few of each site (the seed's special ones among them) stand for the rest.
  const feed = [...world.feed, ...world.featured].filter((p) => p.siteId === site).slice(0, 3);
  const reader = new Set([...world.feed, ...world.featured].map((p) => p.ID));
  const posts = [...world.posts.values()].filter((p) => p.siteId === site && (!reader.has(p.ID) || feed.some((f) => f.ID === p.ID)));
  switch (name) {
    case 'site':
      return [...world.sites.keys()].map(String);
    case 'post_ID':
      return [...new Set([...posts, ...feed].map((p) => String(p.ID)))].concat(UNKNOWN);
    case 'post_slug':
      return [...new Set(posts.map((p) => p.slug))].concat('no-such-post');
    case 'comment_ID':
      return [...world.comments.values()]
        .filter((c) => c.siteId === site)
        .map((c) => String(c.ID))
        .concat(UNKNOWN);
    case 'note_ID':
      return world.notes.map((n) => String(n.id)).concat(UNKNOWN);
    case 'media_ID':
      return [...world.media.values()]
        .filter((m) => m.siteId === site)
        .map((m) => String(m.ID))
        .concat(UNKNOWN);
    case 'term_slug':
      return [...new Set(world.terms.filter((t) => t.siteId === site).map((t) => t.slug))].concat('no-such-term');
    case 'post_type':
      return ['post', 'page', 'jetpack-portfolio', 'no-such-type'];
    case 'tag':
      return [...new Set([...world.feed, ...world.featured].flatMap((p) => p.tags))].concat('no-such-tag', encodeURIComponent('not a tag'));
    case 'feed_ID':
      return [...world.sites.keys()].map((id) => String(feedIdOf(id))).concat(UNKNOWN, 'not-a-feed');
    case 'slug':
      return Object.keys(REPORTS).map(encodeURIComponent).concat('no-such-report');
    default:
      throw new Error(`the seed walk does not know how to name :${name}; teach valuesOf`);
  }
}

/** Query strings worth walking per route, beyond none (and context=edit, meta, where taken). */
function queriesOf(world: World, pattern: string, site: number | undefined): string[] {
  if (pattern === '/users/suggest') return [...world.sites.keys()].map((id) => `site_id=${id}`).concat('');
  if (pattern === '/batch/') {
    const paths = [...world.posts.values()]
      .filter((p) => p.siteId === site)
      .map((p) => `urls[]=${encodeURIComponent(`/sites/${site}/posts/${p.ID}`)}`);
    return paths.length ? [paths.slice(0, 50).join('&')] : [];
  }
  if (pattern === '/sites/:site/posts/')
    return [
      '',
      'status=any,trash&type=any&number=100',
      ...['publish', 'private', 'draft', 'pending', 'future', 'trash'].map((s) => `status=${s}&type=any&number=100`),
      ...['modified', 'title', 'comment_count', 'ID'].map((o) => `status=any,trash&type=any&number=100&order_by=${o}`),
    ];
  if (pattern === '/sites/:site/comments/')
    return ['', ...['unapproved', 'spam', 'trash', 'all'].map((s) => `status=${s}&number=100`), 'type=pings'];
  // Every post's replies, in the statuses a moderator reads (and the refusal everyone else gets).
  if (pattern === '/sites/:site/posts/:post_ID/replies/') return ['', 'status=all&number=100'];
  return [''];
}

/** Every concrete GET path (with query) the routes and the seed give. */
function walk(world: World): string[] {
  const out: string[] = [];
  for (const route of allRoutes().filter((r) => r.method === 'GET')) {
    const names = [...route.pattern.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
    const sites = names.includes('site') || route.pattern === '/batch/' ? [...world.sites.keys()] : [undefined];
    for (const site of sites) {
      let paths = [route.pattern.replace(/\(([^)]+)\)/g, '').replace(':site', String(site))];
      for (const name of names.filter((n) => n !== 'site'))
        paths = paths.flatMap((p) => valuesOf(world, name, site).map((v) => p.replace(`:${name}`, v)));
      const extra = [
        ...(route.accepted.includes('context') ? ['context=edit'] : []),
        ...(route.accepted.includes('meta') ? ['meta=site,post,replies,likes'] : []),
      ];
      for (const version of route.versions)
        for (const path of paths)
          for (const query of [...queriesOf(world, route.pattern, site), ...extra])
            out.push(`/rest/v${version}${path}${query ? `?${query}` : ''}`);
    }
  }
  return out;
}

/** Every `date` and `modified` string anywhere in an answer must be a real date. */
function badDates(value: unknown, where = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => badDates(v, `${where}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    (k === 'date' || k === 'modified') && typeof v === 'string' && Number.isNaN(Date.parse(v))
      ? [`${where}.${k} = ${v}`]
      : badDates(v, `${where}.${k}`),
  );
}

describe('The whole seed through every GET route', () => {
  const fx = serviceFixture();

  it('answers every seeded site, post, comment and note, to every user and signed out, without a 500 and with real dates', async function () {
    this.timeout(120_000);
    const paths = walk(fx.svc.world());
    assert.ok(paths.length > 1000, `only ${paths.length} paths: the walk lost its way`);
    for (const must of [
      '/posts/slug:',
      '/comments/',
      '/posts/108',
      '/notifications/',
      '/freshly-pressed/',
      `/posts/${READER.threadPost}/replies/`,
      '/read/tags/',
    ])
      assert.ok(
        paths.some((p) => p.includes(must)),
        `the walk misses ${must}`,
      );
    const failures: string[] = [];
    const jobs = paths.flatMap((path) => TOKENS.map((token) => ({ path, token })));
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < jobs.length) {
        const { path, token } = jobs[next++];
        const r = await callService(fx.svc.url, 'GET', path, { token });
        const who = token ?? 'signed out';
        if (r.status >= 500) failures.push(`${r.status} ${path} (${who}): ${r.text.slice(0, 120)}`);
        else if (r.json === undefined) failures.push(`${r.status} ${path} (${who}): not JSON`);
        else if (r.status >= 400 && (typeof r.json.error !== 'string' || typeof r.json.message !== 'string'))
          failures.push(`${r.status} ${path} (${who}): not the error shape: ${r.text.slice(0, 120)}`);
        else failures.push(...badDates(r.json).map((d) => `${path} (${who}): ${d}`));
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} answers broke the invariant`);
  });
});
