/**
 * What the site shows of a post's stored content (`context=display`), as WordPress renders it
 * (blocks.md): a block post's blocks by their saved HTML, its dynamic blocks rendered now (latest
 * posts, archives, categories; any other as an empty element of its class), no autop; a classic
 * post through autop (@wordpress/autop, WordPress's own function). Then, in both, the shortcodes
 * this service knows (gallery, caption, audio, embed) expanded (@wordpress/shortcode), an address
 * alone on its line embedded, `<!--more-->` as its anchor and only the first page of a
 * `<!--nextpage-->` post. `context=edit` answers the stored content as it is.
 */
import { autop } from '@wordpress/autop';
import { parse } from '@wordpress/block-serialization-default-parser';
import { replace } from '@wordpress/shortcode';
import type { Post, World } from './world';

interface Block {
  blockName: string | null;
  attrs: Record<string, unknown> | null;
  innerBlocks: Block[];
  innerHTML: string;
  innerContent: Array<string | null>;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A dynamic block, rendered from the site's data now. */
function dynamic(world: World, post: Post, b: Block): string {
  const name = (b.blockName ?? '').replace(/^core\//, '');
  const a = b.attrs ?? {};
  const published = [...world.posts.values()].filter((p) => p.siteId === post.siteId && p.status === 'publish' && p.type === 'post');
  switch (name) {
    case 'latest-posts': {
      const n = typeof a.postsToShow === 'number' ? a.postsToShow : 5;
      const items = published
        .sort((x, y) => y.date - x.date)
        .slice(0, n)
        .map((p) => `<li><a class="wp-block-latest-posts__post-title" href="/?p=${p.ID}">${esc(p.title)}</a></li>`);
      return `<ul class="wp-block-latest-posts__list wp-block-latest-posts">${items.join('')}</ul>`;
    }
    case 'archives': {
      const months = [...new Set(published.map((p) => new Date(p.date * 1000).toISOString().slice(0, 7)))].sort().reverse();
      return `<ul class="wp-block-archives-list wp-block-archives">${months.map((m) => `<li><a href="/${m.replace('-', '/')}/">${m}</a></li>`).join('')}</ul>`;
    }
    case 'categories': {
      const names = [...new Set(published.flatMap((p) => p.categories))].sort();
      return `<ul class="wp-block-categories-list wp-block-categories">${names.map((c) => `<li class="cat-item">${esc(c)}</li>`).join('')}</ul>`;
    }
    default:
      return `<div class="wp-block-${name.replace(/\//g, '-')}"></div>`;
  }
}

/** A block as the site shows it: its saved HTML with its inner blocks, or, with none, rendered now. */
function block(world: World, post: Post, b: Block): string {
  if (b.blockName === null) return b.innerHTML;
  if (b.innerContent.length === 0) return dynamic(world, post, b);
  let i = 0;
  return b.innerContent.map((part) => (part === null ? block(world, post, b.innerBlocks[i++]) : part)).join('');
}

/** The shortcodes this service knows, expanded; others are left as they are (as WordPress leaves unregistered ones). */
function shortcodes(world: World, html: string): string {
  let out = replace('gallery', html, ({ attrs }) => {
    const ids = String(attrs.named.ids ?? '')
      .split(',')
      .map((s) => Number(s.trim()))
      .filter(Boolean);
    const items = ids.map((id) => world.media.get(id)).filter((m) => m !== undefined);
    return `<div class="gallery gallery-columns-${esc(String(attrs.named.columns ?? 3))}">${items
      .map((m) => `<figure class="gallery-item"><img src="${esc(m.URL)}" alt="${esc(m.alt)}"></figure>`)
      .join('')}</div>`;
  });
  out = replace('caption', out, ({ attrs, content }) => {
    const [media, ...caption] = (content ?? '').split(/(?<=\/?>)\s*/);
    return `<figure class="wp-caption ${esc(String(attrs.named.align ?? 'alignnone'))}">${media}<figcaption class="wp-caption-text">${caption.join(' ').trim()}</figcaption></figure>`;
  });
  out = replace(
    'audio',
    out,
    ({ attrs }) => `<audio class="wp-audio-shortcode" controls src="${esc(String(attrs.named.src ?? ''))}"></audio>`,
  );
  out = replace('embed', out, ({ content }) => embed((content ?? '').trim()));
  return out;
}

const embed = (url: string) => `<figure class="wp-embed"><iframe src="${esc(url)}" title="Embedded content"></iframe></figure>`;

export function displayContent(world: World, post: Post): string {
  // Only the first page of a paginated post; the more tag as its anchor.
  const firstPage = post.content.split('<!--nextpage-->')[0];
  const withMore = firstPage.replace(/<!--more(?:\s[\s\S]*?)?-->/, `<span id="more-${post.ID}"></span>`);
  const blocks = parse(withMore) as Block[];
  const hasBlocks = blocks.some((b) => b.blockName !== null);
  const html = hasBlocks ? blocks.map((b) => block(world, post, b)).join('') : autop(withMore);
  // An address alone on its line (classic: in its own paragraph) is embedded.
  const embedded = html.replace(/(<p>|^|\n)\s*(https?:\/\/[^\s<>"]+)\s*(<\/p>|$|\n)/gm, (_m, before: string, url: string, after: string) =>
    before === '<p>' ? embed(url) : `${before}${embed(url)}${after}`,
  );
  return shortcodes(world, embedded);
}
