/**
 * Built on its own as dist/render.js (scripts/build.mjs): the HTML sanitizer and the webview pages,
 * needed when a detail view or the insights panel first opens. Load it only through ./load.
 */
export * from '../render';
export { insightsPage } from '../render/insightsPage';
// The detail view's note session (vscode-free, in render/): needed only once a note is shown.
export { NoteSession } from '../render/noteSession';
// A Reader post's page (its session and parts): needed only once a Reader post is shown.
export { ReaderPostSession } from '../render/readerPostSession';
export { readerPostParts } from '../render/readerPostHtml';
export { ReaderConversation } from '../models/readerConversation';
// The loopback sign-in's page (auth/loopbackServer.ts): needed only while a sign-in waits for it.
export { loopbackPage, loopbackPageCsp } from '../render/loopbackPage';
