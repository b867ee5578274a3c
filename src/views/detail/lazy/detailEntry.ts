/**
 * Built on its own as dist/detail.js (scripts/build.mjs): the detail view's webview panel, needed
 * when the first note or post is shown. Load it only through ./loadDetail.
 */
export { DetailWebview } from '../detailWebview';
