export { sanitize, escapeHtml, safeUrl, ALLOWED_TAGS, ALLOWED_ATTRIBUTES, LINK_SCHEMES, IMAGE_SCHEMES } from './sanitize';
export { noteHtml, noteParts, blockHtml, templateHtml, type NoteView } from './noteHtml';
export { postHtml, plainTitle, type PostLike } from './postHtml';
export { page, csp, makeNonce, type PageParts } from './page';
export { gateImages, isAvatarUrl, imageSources, AVATAR_HOSTS, type GatedHtml } from './remoteImages';
export {
  readPanelMessage,
  readNoteMessage,
  noteControls,
  noteState,
  type PanelMessage,
  type NoteMessage,
  type NoteControl,
  type NoteControls,
  type NoteState,
  type NoteRemoval,
} from './panelMessage';
export { conversationHtml, type Conversation, type ConversationComment } from './commentHtml';
// The detail view's note session and a Reader post's page (vscode-free): needed only once one is shown.
export { NoteSession } from './noteSession';
export { ReaderPostSession } from './readerPostSession';
export { readerPostParts } from './readerPostHtml';
