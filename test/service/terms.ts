/**
 * A site's categories and tags: looked up by name, slug or ID, added, counted and shaped. A term's
 * `post_count` is counted from the posts each time (published posts of type post that name it, as
 * WordPress's _update_post_term_count counts), so it always agrees with the posts the service holds.
 */
import type { Post, Taxonomy, Term, World } from './world';

/** WordPress's sanitize_title for a term's slug: lower case, `a-z0-9` and dashes. */
export const termSlug = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'term';

export const termsOf = (world: World, siteId: number, taxonomy: Taxonomy): Term[] =>
  world.terms.filter((t) => t.siteId === siteId && t.taxonomy === taxonomy);

/** term_exists: an ID (a whole number), else a name (any case) or a slug. */
export function findTerm(world: World, siteId: number, taxonomy: Taxonomy, key: string | number): Term | undefined {
  const terms = termsOf(world, siteId, taxonomy);
  if (typeof key === 'number') return terms.find((t) => t.ID === key);
  const lower = key.toLowerCase();
  return terms.find((t) => t.name.toLowerCase() === lower) ?? terms.find((t) => t.slug === termSlug(key));
}

/** A new term with the site's next ID and a slug not taken in its taxonomy (`-2`, `-3`…). */
export function addTerm(
  world: World,
  siteId: number,
  taxonomy: Taxonomy,
  name: string,
  extra: { ID?: number; description?: string; parent?: number } = {},
): Term {
  const ofSite = world.terms.filter((t) => t.siteId === siteId);
  const taken = new Set(termsOf(world, siteId, taxonomy).map((t) => t.slug));
  const wanted = termSlug(name);
  let slug = wanted;
  for (let n = 2; taken.has(slug); n++) slug = `${wanted}-${n}`;
  const term: Term = {
    ID: extra.ID ?? ofSite.reduce((max, t) => Math.max(max, t.ID), 0) + 1,
    siteId,
    taxonomy,
    name,
    slug,
    description: extra.description ?? '',
    parent: taxonomy === 'category' ? (extra.parent ?? 0) : 0,
  };
  world.terms.push(term);
  return term;
}

/** The names a post gives in a taxonomy. */
export const namesOf = (post: Post, taxonomy: Taxonomy): string[] => (taxonomy === 'category' ? post.categories : post.tags);

/** Counts made once for a whole rendering (`withTermCounts`): site → taxonomy → name → published posts. */
let counted: { world: World; sites: Map<number, Record<Taxonomy, Map<string, number>>> } | undefined;

function siteCounts(world: World, siteId: number): Record<Taxonomy, Map<string, number>> {
  const counts = { category: new Map<string, number>(), post_tag: new Map<string, number>() };
  for (const p of world.posts.values()) {
    if (p.siteId !== siteId || p.type !== 'post' || p.status !== 'publish') continue;
    for (const name of p.categories) counts.category.set(name, (counts.category.get(name) ?? 0) + 1);
    for (const name of p.tags) counts.post_tag.set(name, (counts.post_tag.get(name) ?? 0) + 1);
  }
  return counts;
}

/**
 * Runs `render` (synchronous) with each site's term counts made in one pass over the posts, when
 * first needed, so a list of a hundred posts on a site of ten thousand does not count the site
 * again for each term of each post.
 */
export function withTermCounts<T>(world: World, render: () => T): T {
  const outer = counted;
  counted = { world, sites: new Map() };
  try {
    return render();
  } finally {
    counted = outer;
  }
}

/** Published posts of type post that carry the term. */
export function postCount(world: World, term: Term): number {
  if (counted?.world === world) {
    let site = counted.sites.get(term.siteId);
    if (!site) counted.sites.set(term.siteId, (site = siteCounts(world, term.siteId)));
    return site[term.taxonomy].get(term.name) ?? 0;
  }
  let n = 0;
  for (const p of world.posts.values())
    if (p.siteId === term.siteId && p.type === 'post' && p.status === 'publish' && namesOf(p, term.taxonomy).includes(term.name)) n++;
  return n;
}

const PATH: Record<Taxonomy, 'categories' | 'tags'> = { category: 'categories', post_tag: 'tags' };

export function termJson(world: World, term: Term, origin: string): Record<string, unknown> {
  const base = `${origin}/rest/v1.1/sites/${term.siteId}/${PATH[term.taxonomy]}/slug:${term.slug}`;
  return {
    ID: term.ID,
    name: term.name,
    slug: term.slug,
    description: term.description,
    post_count: postCount(world, term),
    ...(term.taxonomy === 'category' ? { parent: term.parent } : {}),
    meta: { links: { self: base, help: `${base}/help`, site: `${origin}/rest/v1.1/sites/${term.siteId}` } },
  };
}

/** Every name a post of the site gives that is not a term yet becomes one (the seed's posts, as stored). */
export function registerPostTerms(world: World): void {
  for (const p of world.posts.values())
    for (const taxonomy of ['category', 'post_tag'] as const)
      for (const name of namesOf(p, taxonomy)) if (!findTerm(world, p.siteId, taxonomy, name)) addTerm(world, p.siteId, taxonomy, name);
}
