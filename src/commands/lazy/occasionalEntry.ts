/**
 * Built on its own as dist/occasional.js (scripts/build.mjs): the work of the commands run now and
 * then: Select Site's picker, restoring posts (the palette's picker and the report of what
 * happened), Show Insights (its picker and panel), Show Site Info, the Posts view's row commands,
 * following and unfollowing sites and tags (their input boxes and Undo), a Reader post's page
 * (Following's and the Reader's Show), the Reader posts' actions (like, follow, seen, block).
 * Load it only through ./loadOccasional.
 */
export { selectSite } from '../sitePicker';
export { restoreAndReport, restoreFromPalette } from '../restoreActions';
export { showInsights } from '../insightsActions';
export { showSiteInfo } from '../siteInfoActions';
export { openPostInBrowser, previewPost, publishDraft, trashPost } from '../postRowActions';
export { followSite, unfollowSite, followTag, unfollowTag } from '../followActions';
export { showReaderPost } from '../showReaderPost';
export { readerPostWork } from '../readerPostWork';
