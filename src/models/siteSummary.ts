/** The facts of a site a person wants at a glance, as lines of text (no vscode: tested in Node). */
import type { Site } from '../api';

export function siteSummary(site: Site): string[] {
  const lines = [`${site.name || `Site ${site.ID}`}${site.description ? `: ${site.description}` : ''}`];
  if (site.URL) lines.push(site.URL);
  const facts: string[] = [];
  if (site.post_count !== undefined) facts.push(`${site.post_count} published ${Number(site.post_count) === 1 ? 'post' : 'posts'}`);
  if (site.lang) facts.push(`language ${site.lang}`);
  facts.push(site.is_private ? 'private' : 'public');
  if (site.jetpack) facts.push('self-hosted, connected');
  lines.push(facts.join(' · '));
  lines.push(`ID ${site.ID}`);
  return lines;
}
