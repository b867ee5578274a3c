// The detail view's @-mention list without the page: which `@letters` the caret is in, what
// inserting a login makes of the text, and moving the highlight through the list. Plain functions:
// the webview loads this as a script (window.detailMentions), the unit tests require() it.
(function (root) {
  'use strict';
  const mentions = {
    /** The `@letters` just before the caret (`start`: where the @ is), or null. */
    mentionAt(text, caret) {
      const m = /(?:^|[^\w@])@([\w.-]{0,50})$/.exec(String(text).slice(0, caret));
      return m ? { start: caret - m[1].length - 1, letters: m[1] } : null;
    },
    /** The text with `@login ` in place of the `@letters` at `start`..`caret`, and the caret after it. */
    insert(text, start, caret, login) {
      const after = String(text).slice(caret);
      const inserted = '@' + login + (/^\s/.test(after) ? '' : ' ');
      const before = String(text).slice(0, start) + inserted;
      return { text: before + after, caret: before.length + (inserted.endsWith(' ') ? 0 : 1) };
    },
    /** The highlighted row after moving by `delta` (wrapping); -1 for an empty list. */
    move(index, count, delta) {
      if (count <= 0) return -1;
      if (index < 0) return delta > 0 ? 0 : count - 1;
      return (((index + delta) % count) + count) % count;
    },
  };
  if (typeof module === 'object' && module && module.exports) module.exports = mentions;
  else root.detailMentions = mentions;
})(typeof window !== 'undefined' ? window : this);
