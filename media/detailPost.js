// The detail webview's script on a Reader post's page. Every message carries this render's token
// and the post's key; the extension checks both, and whether the post offers the action. The
// toolbar's buttons and their keys (data-key; r goes to the comment box), each comment's Like and
// Reply (a box under it), Load more, and the comment box at the bottom (Ctrl/Cmd+Enter sends; @
// mentions a writer of the post's site). The extension's state messages change the page in place;
// a render (the conversation gained comments) keeps what the boxes held, which replies were open,
// the focus and the scroll, through the webview's state. A request the extension refuses is
// answered with why: by its box, or in the post's message line. Service text only ever goes in
// through textContent.
/* global acquireVsCodeApi, Element */
(function () {
  'use strict';
  const vscode = acquireVsCodeApi();
  const mentions = window.detailMentions;
  const $ = (id) => document.getElementById(id);
  const token = ($('page') && $('page').dataset.token) || '';
  const controls = $('post-controls');
  if (!controls) return;
  const key = controls.dataset.post;
  const box = $('comment-text');
  const list = $('mentions');
  const maxChars = box ? Number(box.dataset.maxChars) || 0 : 0;

  function post(message) {
    vscode.postMessage(Object.assign({ token, post: key }, message));
  }

  // ---- What a render must keep: the boxes' text, the open replies, the focus, the scroll.
  const saved = (() => {
    const s = vscode.getState();
    const fresh = { post: key, drafts: {}, open: [], focused: '', scroll: 0, asked: '', pending: {} };
    return s && s.post === key ? Object.assign(fresh, s) : fresh;
  })();
  function save() {
    const drafts = {};
    if (box) drafts.comment = box.value;
    const open = [];
    document.querySelectorAll('textarea[data-reply]').forEach((t) => {
      drafts[t.dataset.reply] = t.value;
      open.push(t.dataset.reply);
    });
    const a = document.activeElement;
    const focused = a === box ? 'comment' : a && a.dataset && a.dataset.reply ? a.dataset.reply : '';
    vscode.setState({ post: key, drafts, open, focused, scroll: window.scrollY, asked: saved.asked || '', pending: saved.pending });
  }
  let scrollTimer;
  window.addEventListener('scroll', () => {
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(save, 100);
  });

  // ---- The post's message line: why the last request was refused; the next request clears it.
  function say(text) {
    const line = $('post-message');
    line.textContent = text || '';
    line.hidden = !text;
  }

  const likesText = (n) => (n > 0 ? (n === 1 ? '1 like' : n.toLocaleString('en') + ' likes') : '');
  const tooLong = (text) => {
    const n = text.trim().length;
    return maxChars && n > maxChars
      ? 'Too long: ' + n.toLocaleString('en') + ' characters, at most ' + maxChars.toLocaleString('en') + '.'
      : '';
  };

  // ---- Toolbar
  function act(action) {
    const button = controls.querySelector('button[data-action="' + action + '"]');
    if (!button || button.hidden || button.disabled) return;
    say('');
    post({ type: 'act', action });
  }

  // ---- Boxes: the comment box ('comment') and a reply box under a comment (its ID). Each send has a
  // name of the page's (saved.pending[box]); the extension's renders and state messages say how each
  // named send ended (`answered`), so a render that comes before its `sent` message (the
  // conversation gained the comment) never brings a sent text back into its box.
  const sending = new Set();
  function parts(which) {
    if (which === 'comment') return { text: box, send: $('comment-send'), status: $('comment-status') };
    const wrap = document.querySelector('.reply-box[data-reply="' + which + '"]');
    return wrap
      ? { text: wrap.querySelector('textarea'), send: wrap.querySelector('button'), status: wrap.querySelector('.reply-status') }
      : undefined;
  }
  function setStatus(p, text, kind) {
    p.status.textContent = text;
    p.status.className = 'reply-status ' + (kind || '');
  }
  function send(which) {
    const p = parts(which);
    if (!p || !p.text || sending.has(which)) return;
    if (mention) mention.close();
    say('');
    const why = tooLong(p.text.value);
    if (why) return setStatus(p, why, 'error');
    sending.add(which);
    p.text.disabled = true;
    p.send.disabled = true;
    setStatus(p, 'Sending…');
    const name = Date.now().toString(36) + '-' + Math.random().toString(36).slice(2, 10);
    saved.pending[which] = name;
    save();
    if (which === 'comment') post({ type: 'comment', text: p.text.value, send: name });
    else post({ type: 'reply', comment: Number(which), text: p.text.value, send: name });
  }
  function sent(m) {
    const which = String(m.box);
    // An answer to an earlier send of this box (its outcome already shown) changes nothing.
    if (typeof m.send === 'string' && saved.pending[which] !== m.send) return;
    delete saved.pending[which];
    sending.delete(which);
    const p = parts(which);
    if (!p) return say(m.message);
    p.text.disabled = false;
    p.send.disabled = false;
    setStatus(p, m.message, m.ok ? 'done' : 'error');
    if (m.ok) {
      p.text.value = '';
      if (which !== 'comment') p.text.closest('.reply-box').remove();
    } else p.text.focus();
    save();
  }
  function openReply(id, text, focus) {
    const li = $('comment-' + id);
    if (!li) return;
    let wrap = li.querySelector('.reply-box');
    if (!wrap) {
      wrap = document.createElement('div');
      wrap.className = 'reply-box reply';
      wrap.dataset.reply = id;
      const area = document.createElement('textarea');
      area.rows = 3;
      area.placeholder = 'Write a reply…';
      area.dataset.reply = id;
      area.setAttribute('aria-label', 'Reply to this comment');
      area.value = text || '';
      const row = document.createElement('div');
      row.className = 'reply-row';
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'reply-send';
      button.dataset.reply = id;
      button.textContent = 'Send reply';
      const status = document.createElement('span');
      status.className = 'reply-status';
      status.setAttribute('role', 'status');
      row.append(button, status);
      wrap.append(area, row);
      li.append(wrap);
    }
    if (focus) wrap.querySelector('textarea').focus();
  }

  // ---- The @-mention list of the comment box (detailMentions.js)
  const mention = box ? mentions.controller({ box, list, post, picked: save }) : null;
  if (box) {
    box.addEventListener('input', () => {
      save();
      mention.ask();
    });
  }
  document.addEventListener('input', (e) => {
    if (e.target instanceof Element && e.target.matches('textarea[data-reply]')) save();
  });

  document.addEventListener('click', (e) => {
    const target = e.target instanceof Element ? e.target : null;
    if (!target) return;
    if (target.closest('#load-images')) return post({ type: 'loadImages' });
    const action = target.closest('#post-controls button[data-action]');
    if (action) return act(action.dataset.action);
    const like = target.closest('button.like-comment');
    if (like) {
      if (like.disabled) return;
      say('');
      return post({ type: 'likeComment', comment: Number(like.dataset.comment) });
    }
    const reply = target.closest('button.reply-to');
    if (reply) return openReply(reply.dataset.comment, '', true);
    const replySend = target.closest('button.reply-send');
    if (replySend) return send(replySend.dataset.reply);
    if (target.closest('#comment-send')) return send('comment');
    const more = target.closest('#load-more');
    if (more) {
      if (more.disabled) return;
      more.disabled = true;
      more.textContent = 'Loading comments…';
      say('');
      return post({ type: 'more' });
    }
    const a = target.closest('a[href]');
    if (!a) return;
    e.preventDefault();
    post({ type: 'open', href: a.getAttribute('href') });
  });

  document.addEventListener('keydown', (e) => {
    const t = e.target;
    const which = t === box ? 'comment' : t instanceof Element && t.matches('textarea[data-reply]') ? t.dataset.reply : '';
    if (which) {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey) {
        e.preventDefault();
        return send(which);
      }
      if (which === 'comment' && mention.key(e)) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        t.blur();
      }
      return;
    }
    if (t instanceof Element && t.closest('input, textarea, select, [contenteditable]')) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'r') {
      if (box && !box.disabled && !$('comment-box').hidden) {
        e.preventDefault();
        box.focus();
      }
      return;
    }
    const button = Array.from(controls.querySelectorAll('button[data-key]')).find(
      (b) => b.dataset.key === e.key && !b.hidden && !b.disabled,
    );
    if (button) {
      e.preventDefault();
      act(button.dataset.action);
    }
  });

  /**
   * The sends on their way as the extension tells them (`answered`, `sending`): one that ended shows
   * how (a text taken leaves its box); one the extension never had (it came from a page already
   * replaced, so it was not sent) gives its box back with the text in it.
   */
  function settle(answered, out) {
    if (!answered || typeof answered !== 'object' || !Array.isArray(out)) return;
    Object.keys(saved.pending).forEach((which) => {
      const name = saved.pending[which];
      const a = Object.prototype.hasOwnProperty.call(answered, name) ? answered[name] : undefined;
      if (a && typeof a === 'object' && typeof a.message === 'string')
        sent({ box: which, send: name, ok: a.ok === true, message: a.message });
      else if (!out.includes(name)) sent({ box: which, send: name, ok: false, message: '' });
    });
  }

  // ---- The extension's messages
  function applyState(s) {
    controls.querySelectorAll('button[data-action]').forEach((b) => {
      const c = s.controls[b.dataset.action];
      b.hidden = !c;
      if (!c) return;
      b.disabled = Boolean(c.why);
      if (b.hasAttribute('aria-pressed')) b.setAttribute('aria-pressed', String(c.on));
      b.textContent = c.on ? b.dataset.on : b.dataset.off;
      b.title = c.why || (c.on ? b.dataset.onTitle : b.dataset.offTitle);
    });
    $('post-likes').textContent = likesText(s.likes);
    $('post-gone').textContent = s.gone;
    $('post-gone').hidden = !s.gone;
    const closed = (s.controls.comment && s.controls.comment.why) || '';
    if ($('comment-box')) $('comment-box').hidden = Boolean(closed);
    if ($('comment-closed')) {
      $('comment-closed').textContent = closed;
      $('comment-closed').hidden = !closed;
    }
    Object.keys(s.comments).forEach((id) => {
      const li = $('comment-' + id);
      if (!li) return;
      const c = s.comments[id];
      const b = li.querySelector('button.like-comment');
      b.setAttribute('aria-pressed', String(c.on));
      b.textContent = c.on ? 'Unlike' : 'Like';
      b.disabled = c.busy;
      li.querySelector('.like-count').textContent = likesText(c.count);
    });
    settle(s.answered, s.sending);
  }

  // A message is read only in the shape the extension sends it (readerPostSession.ts); any other is ignored.
  const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
  const isText = (v) => typeof v === 'string';
  const isFlag = (v) => typeof v === 'boolean';
  const isCount = (v) => typeof v === 'number' && v >= 0 && v < Infinity;
  const every = (o, fits) => isObject(o) && Object.values(o).every((v) => isObject(v) && fits(v));
  const isState = (s) =>
    isObject(s) &&
    every(s.controls, (c) => isFlag(c.on) && isText(c.why)) &&
    isCount(s.likes) &&
    isText(s.gone) &&
    every(s.comments, (c) => isFlag(c.on) && isCount(c.count) && isFlag(c.busy)) &&
    every(s.answered, (a) => isFlag(a.ok) && isText(a.message)) &&
    Array.isArray(s.sending) &&
    s.sending.every(isText);
  const FITS = {
    state: (m) => isState(m.state),
    // The box: 'comment', or a reply box by its comment's ID ('' when the refused reply named none).
    sent: (m) =>
      isText(m.box) && /^(comment|\d*)$/.test(m.box) && isFlag(m.ok) && isText(m.message) && (m.send === undefined || isText(m.send)),
    refused: (m) => isText(m.message) && (m.refused === undefined || isText(m.refused)),
    suggestions: (m) =>
      (m.seq === null || Number.isSafeInteger(m.seq)) &&
      Array.isArray(m.users) &&
      m.users.every((u) => isObject(u) && isText(u.login) && (u.name == null || isText(u.name))),
  };

  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!isObject(m) || m.post !== key || !Object.hasOwn(FITS, m.type) || !FITS[m.type](m)) return;
    if (m.type === 'state') applyState(m.state);
    if (m.type === 'sent') sent(m);
    if (m.type === 'refused') {
      say(m.message);
      if (m.refused === 'more' && $('load-more')) $('load-more').remove();
    }
    if (m.type === 'suggestions' && mention) mention.show(m);
  });

  // ---- After a render: what the page held before.
  if (box && typeof saved.drafts.comment === 'string') box.value = saved.drafts.comment;
  saved.open.forEach((id) => openReply(id, saved.drafts[id], false));
  // A send still on its way waits as it did; one that ended shows how (a text taken leaves its box).
  Object.keys(saved.pending).forEach((which) => {
    const p = parts(which);
    if (!p || !p.text) return void delete saved.pending[which];
    sending.add(which);
    p.text.disabled = true;
    p.send.disabled = true;
    setStatus(p, 'Sending…');
  });
  let told;
  try {
    told = JSON.parse(controls.dataset.sends || '{}');
  } catch {
    told = {};
  }
  settle(told.answered, told.sending);
  // `r` on the post's row opens this page to comment: each such request (data-focus, its token)
  // puts the focus in the box once, whichever render of the page comes first; later renders keep
  // the focus where the reader put it.
  const commentAsked = $('comment-box') ? $('comment-box').dataset.focus || '' : '';
  if (box && commentAsked && saved.asked !== commentAsked) {
    saved.asked = commentAsked;
    box.focus();
    save();
  } else if (saved.focused === 'comment' && box) box.focus();
  else if (saved.focused) {
    const area = document.querySelector('textarea[data-reply="' + saved.focused + '"]');
    if (area) area.focus();
  }
  if (saved.scroll) window.scrollTo(0, saved.scroll);
})();
