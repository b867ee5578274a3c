// The detail view's @-mention list: which `@letters` the caret is in, what inserting a login makes
// of the text, moving the highlight through the list (plain functions), and the one controller of a
// box's list that both pages use (a note's reply box, a Reader post's comment box). The webview
// loads this as a script (window.detailMentions), the unit tests require() it.
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
    /**
     * The @-mention list of one box on a page: `box` (a textarea), `list` (its listbox, or null),
     * `post` (a message to the extension), `picked` (after a login went in). It asks for the writers
     * of the `@letters` at the caret, shows the extension's answer to the latest question only,
     * takes up/down, Enter or Tab and Esc while open (`key`), and a click on a row.
     */
    controller(o) {
      const { box, list } = o;
      let seq = 0;
      let asked = null; // { start, letters, seq }
      let users = [];
      let active = -1;
      const isOpen = () => Boolean(list && !list.hidden);
      function close() {
        if (!list) return;
        list.hidden = true;
        list.replaceChildren();
        users = [];
        active = -1;
        asked = null;
        if (box) box.removeAttribute('aria-activedescendant');
      }
      function ask() {
        const at = box.selectionStart === box.selectionEnd ? mentions.mentionAt(box.value, box.selectionStart) : null;
        if (!at) return close();
        asked = { start: at.start, letters: at.letters, seq: ++seq };
        o.post({ type: 'suggest', letters: at.letters, seq: asked.seq });
      }
      function highlight(index) {
        active = index;
        Array.from(list.children).forEach((li, i) => li.setAttribute('aria-selected', String(i === index)));
        if (index >= 0) box.setAttribute('aria-activedescendant', 'mention-' + index);
      }
      function show(m) {
        if (!list) return;
        if (!asked || m.seq !== asked.seq || !Array.isArray(m.users) || m.users.length === 0) {
          if (asked && m.seq === asked.seq) close();
          return;
        }
        users = m.users;
        const doc = list.ownerDocument;
        list.replaceChildren(
          ...users.map((u, i) => {
            const li = doc.createElement('li');
            li.id = 'mention-' + i;
            li.setAttribute('role', 'option');
            li.dataset.index = String(i);
            const login = doc.createElement('span');
            login.className = 'login';
            login.textContent = '@' + u.login;
            li.append(login);
            if (u.name) {
              const name = doc.createElement('span');
              name.className = 'name';
              name.textContent = u.name;
              li.append(' ', name);
            }
            return li;
          }),
        );
        list.hidden = false;
        highlight(0);
      }
      function pick(index) {
        const u = users[index];
        if (!u || !asked) return close();
        const r = mentions.insert(box.value, asked.start, box.selectionStart, u.login);
        box.value = r.text;
        box.setSelectionRange(r.caret, r.caret);
        close();
        box.focus();
        o.picked();
      }
      /** A key pressed in the box: true when the open list took it. */
      function key(e) {
        if (!isOpen() || e.altKey || e.ctrlKey || e.metaKey) return false;
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') highlight(mentions.move(active, users.length, e.key === 'ArrowDown' ? 1 : -1));
        else if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey) pick(active);
        else if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        } else return false;
        e.preventDefault();
        return true;
      }
      if (list)
        // mousedown, not click: the box keeps the focus.
        list.addEventListener('mousedown', (e) => {
          const li = e.target && e.target.closest ? e.target.closest('li[data-index]') : null;
          if (!li) return;
          e.preventDefault();
          pick(Number(li.dataset.index));
        });
      return { ask, close, isOpen, show, key };
    },
  };
  if (typeof module === 'object' && module && module.exports) module.exports = mentions;
  else root.detailMentions = mentions;
})(typeof window !== 'undefined' ? window : this);
