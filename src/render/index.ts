export { sanitize, escapeHtml, safeUrl, ALLOWED_TAGS, ALLOWED_ATTRIBUTES, LINK_SCHEMES, IMAGE_SCHEMES } from './sanitize';
export { noteHtml, blockHtml, templateHtml } from './noteHtml';
export { postHtml, plainTitle, type PostLike } from './postHtml';
export { page, csp, makeNonce, type PageParts } from './page';
export { gateImages, isAvatarUrl, imageSources, AVATAR_HOSTS, type GatedHtml } from './remoteImages';
export { readPanelMessage, type PanelMessage } from './panelMessage';
