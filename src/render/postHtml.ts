/** A post (Following, Freshly Pressed) as HTML for the detail webview. */
import { boxed, escapeHtml, safeUrl, sanitize } from './sanitize';

export interface PostLike {
  title?: string;
  URL?: string;
  content?: string;
  excerpt?: string;
  date?: string;
  site_name?: string;
  author?: { name?: string };
}

/** Titles are HTML in the service's answers; shown as text. */
export function plainTitle(title: string | undefined): string {
  return (
    sanitize(title ?? '')
      .replace(/<[^>]*>/g, '')
      .trim() || '(no title)'
  );
}

export function postHtml(post: PostLike, when: string): string {
  const url = safeUrl(post.URL);
  const byline = [post.author?.name, post.site_name, when]
    .filter(Boolean)
    .map((s) => escapeHtml(s))
    .join(' · ');
  return `<article class="post"><h1>${escapeHtml(plainTitle(post.title))}</h1><p class="meta">${byline}</p>${boxed(sanitize(post.content || post.excerpt), 'content')}${url ? `<p class="actions"><a href="${escapeHtml(url)}">Open in Browser</a></p>` : ''}</article>`;
}
