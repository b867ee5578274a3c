/**
 * The service's HTML is untrusted. This is the one place it is cleaned before any webview shows
 * it: a small allow-list of tags and attributes, images over https only, links over http(s) or
 * mailto, no styles, no scripts, no frames, no forms.
 */
import sanitizeHtml from 'sanitize-html';

export const ALLOWED_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'img',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'span',
  'div',
  'figure',
  'figcaption',
  'hr',
  'cite',
  'q',
  'sub',
  'sup',
  'small',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
export const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};
export const LINK_SCHEMES = ['https', 'http', 'mailto'];
export const IMAGE_SCHEMES = ['https'];

/** The URL rules every sanitizing pass shares (this one, and the remote-image gate's). */
export const URL_RULES = {
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: IMAGE_SCHEMES },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // No style attribute is allowed, so none is parsed (and postcss is not bundled).
  parseStyleAttributes: false,
} satisfies sanitizeHtml.IOptions;

const options: sanitizeHtml.IOptions = {
  ...URL_RULES,
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: ALLOWED_ATTRIBUTES,
  disallowedTagsMode: 'discard',
  // Everything inside these goes, not only the tags.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'title',
    'xmp',
    'noembed',
    'noframes',
  ],
  transformTags: {
    // Links open through the extension, never inside the webview; relative links lead nowhere.
    a: (tagName, attribs) => {
      const { href, ...rest } = attribs;
      return { tagName, attribs: { ...rest, ...(safeUrl(href) ? { href } : {}), rel: 'noopener noreferrer' } };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  // Images only from absolute https URLs (a relative src would resolve inside the webview).
  exclusiveFilter: (frame) => frame.tag === 'img' && !safeUrl(frame.attribs.src, IMAGE_SCHEMES),
};
(options.allowedAttributes as Record<string, string[]>).a = [...ALLOWED_ATTRIBUTES.a, 'rel'];
(options.allowedAttributes as Record<string, string[]>).img = [...ALLOWED_ATTRIBUTES.img, 'loading'];

export function sanitize(html: string | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, options);
}

/**
 * Sanitized service HTML (sanitize()'s output) in a box it cannot close, the one way a page places
 * it. HTML's parser lets a `<li>`, `<dd>` or `<dt>` close every open element up to the nearest of
 * its kind, passing over only `<div>`, `<p>` and `<address>`: in a `<div>` inside one of our `<li>`s
 * (a comment of the Reader post page), a bare `<li>` closed that comment, and every later comment's
 * Like and Reply went loose in the list. A `<section>` stops it there; and sanitize() closes every
 * element it opens, so no end tag of the service's closes one of ours.
 */
export const boxed = (html: string, cls: string): string => `<section class="${cls}">${html}</section>`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (never HTML) into HTML. */
export function escapeHtml(text: string | undefined): string {
  return (text ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** A URL the page may link to, or undefined. */
export function safeUrl(url: unknown, schemes: readonly string[] = LINK_SCHEMES): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const u = new URL(url);
    return schemes.includes(u.protocol.replace(/:$/, '')) ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}
