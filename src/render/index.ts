export { sanitize, escapeHtml, safeUrl, ALLOWED_TAGS, ALLOWED_ATTRIBUTES, LINK_SCHEMES, IMAGE_SCHEMES } from './sanitize';
export { noteHtml, blockHtml, templateHtml } from './noteHtml';
export { postHtml, plainTitle, type PostLike } from './postHtml';
export { page, csp, makeNonce, type PageParts } from './page';
