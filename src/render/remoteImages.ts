/**
 * Remote images in a note or post tell its author when it is read (tracking pixels). Like a mail
 * client, the detail view shows them only when asked; until then each one is a placeholder with its
 * alt text, and the page never points at it. Avatars and emoji from the service's own avatar hosts
 * stay on.
 */
import sanitizeHtml from 'sanitize-html';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, escapeHtml, IMAGE_SCHEMES, safeUrl, URL_RULES } from './sanitize';

/**
 * The hosts the service serves avatars, noticons and emoji from, exactly: Gravatar and the
 * WordPress.com static host, and the reference service's seed host (`.example` never resolves on
 * the internet).
 */
export const AVATAR_HOSTS: readonly string[] = [
  'secure.gravatar.com',
  '0.gravatar.com',
  '1.gravatar.com',
  '2.gravatar.com',
  's0.wp.com',
  'gravatar.example',
];

/** An https URL on one of the avatar hosts (default port). */
export function isAvatarUrl(src: unknown): boolean {
  const url = safeUrl(src, IMAGE_SCHEMES);
  if (!url) return false;
  const u = new URL(url);
  return u.port === '' && AVATAR_HOSTS.includes(u.hostname);
}

/** `img-src` sources for the CSP: the webview's own, the avatar hosts, and any https when allowed. */
export function imageSources(cspSource: string, remoteImages: boolean): string {
  return remoteImages ? `${cspSource} https:` : [cspSource, ...AVATAR_HOSTS.map((h) => `https://${h}`)].join(' ');
}

export interface GatedHtml {
  html: string;
  /** Images replaced by a placeholder (remote while blocked, or not https at all). */
  blocked: number;
}

/** What the renderers produce around the sanitized service HTML (classes, our structure tags). */
const TAGS = [...ALLOWED_TAGS, 'article', 'section', 'header', 'footer'];
const ATTRIBUTES: Record<string, string[]> = {
  ...ALLOWED_ATTRIBUTES,
  '*': ['class'],
  a: [...ALLOWED_ATTRIBUTES.a, 'rel', 'data-range'],
  img: [...ALLOWED_ATTRIBUTES.img, 'loading'],
};

const placeholder = (alt: string | undefined): sanitizeHtml.Tag => ({
  tagName: 'span',
  attribs: { class: 'image-blocked' },
  text: alt?.trim() ? `[Image: ${alt.trim()}]` : '[Image]',
});

/**
 * Rendered HTML (already sanitized) with each image either kept (https, and an avatar host or
 * remote images allowed) or replaced by a placeholder that keeps its alt text.
 */
export function gateImages(html: string, remoteImages: boolean): GatedHtml {
  let blocked = 0;
  const out = sanitizeHtml(html, {
    ...URL_RULES,
    allowedTags: TAGS,
    allowedAttributes: ATTRIBUTES,
    transformTags: {
      img: (tagName, attribs) => {
        if (safeUrl(attribs.src, IMAGE_SCHEMES) && (remoteImages || isAvatarUrl(attribs.src))) return { tagName, attribs };
        blocked++;
        return placeholder(attribs.alt);
      },
    },
  });
  return { html: out, blocked };
}

/** The bar above blocked content: why images are hidden, and the button that loads them. */
export function loadImagesBar(blocked: number): string {
  const what = blocked === 1 ? '1 remote image is' : `${blocked} remote images are`;
  return `<p class="remote-images" role="status">${escapeHtml(what)} hidden so the sender cannot see when you read this. <button type="button" id="load-images">Load images</button></p>`;
}
