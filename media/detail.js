// The detail webview's script. Every message carries this render's token (and, on a note, the
// note's id); the extension checks both and whether the note offers the action. Link clicks and
// "Load images" go to the extension; on a note: the action buttons and their keys, previous/next,
// the reply box (Ctrl/Cmd+Enter sends; the draft is kept) and its @-mention list. The extension's
// state messages update the page in place, so what is typed in the box and the focus stay.
// A request the extension refuses is answered with why: shown by the box (a reply) or in the
// note's message line (an action, a draft), and the box never stays "Sending…". A reply longer
// than the client sends (its limit, after trimming, is the box's data-max-chars) is refused here.
// Service text only ever goes in through textContent.
/* global acquireVsCodeApi, Element */
(function () {
  'use strict';
  const vscode = acquireVsCodeApi();
  const mentions = window.detailMentions;
  const $ = (id) => document.getElementById(id);
  const token = ($('page') && $('page').dataset.token) || '';
  const noteEl = $('note-controls');
  const note = noteEl ? Number(noteEl.dataset.note) : undefined;
  const box = $('reply-text');
  const sendButton = $('reply-send');
  const replyStatus = $('reply-status');
  const list = $('mentions');
  const noteMessage = $('note-message');
  const maxChars = box ? Number(box.dataset.maxChars) || 0 : 0;

  function post(message) {
    const m = Object.assign({ token }, message);
    if (note !== undefined) m.note = note;
    vscode.postMessage(m);
  }

  // ---- The draft: kept in the webview's state at once (a render in between keeps it), sent to the extension debounced.
  let draftTimer;
  function postDraft() {
    // A draft refused before (too long to keep) is said again if this one is refused too.
    if (saidFor === 'draft') say('');
    post({ type: 'draft', text: box.value });
  }
  function saveDraft(now) {
    if (!box) return;
    vscode.setState({ note, text: box.value, focused: document.activeElement === box });
    clearTimeout(draftTimer);
    if (now) postDraft();
    else draftTimer = setTimeout(postDraft, 400);
  }
  const saved = vscode.getState();
  if (box && saved && saved.note === note && typeof saved.text === 'string') {
    box.value = saved.text;
    if (saved.focused) box.focus();
  }

  // ---- The note's message line: why the last request was refused; the next request clears it.
  let saidFor = '';
  function say(text, about) {
    saidFor = text ? about || '' : '';
    if (!noteMessage) return;
    noteMessage.textContent = text || '';
    noteMessage.hidden = !text;
  }

  // ---- Actions
  function act(action) {
    const button = document.querySelector('button[data-action="' + action + '"]');
    if (!button || button.hidden || button.disabled) return;
    say('');
    post({ type: 'act', action });
  }
  function go(to) {
    const button = document.querySelector('button[data-go="' + to + '"]');
    if (!button || button.disabled) return;
    say('');
    post({ type: 'go', to });
  }

  let sending = false;
  function setStatus(text, kind, link) {
    if (!replyStatus) return;
    replyStatus.textContent = text;
    replyStatus.className = kind || '';
    if (link) {
      const a = document.createElement('a');
      a.href = link;
      a.textContent = 'View the reply';
      replyStatus.append(' ', a);
    }
  }
  // The reply, as sent, under the note (text only: never HTML from anywhere).
  function showMyReply(text) {
    const mine = $('my-replies');
    if (!mine || typeof text !== 'string' || !text) return;
    const item = document.createElement('li');
    item.className = 'item my-reply';
    const inner = document.createElement('div');
    const header = document.createElement('div');
    header.className = 'item-header';
    const who = document.createElement('b');
    who.textContent = 'You';
    header.append(who);
    const p = document.createElement('p');
    p.className = 'my-reply-text';
    p.textContent = text;
    inner.append(header, p);
    item.append(inner);
    mine.append(item);
  }
  // The client's own check, counted as it counts (after trimming): '' when the reply may be sent.
  function tooLong() {
    const n = box.value.trim().length;
    if (!maxChars || n <= maxChars) return '';
    return 'The reply is too long: ' + n.toLocaleString('en') + ' characters, at most ' + maxChars.toLocaleString('en') + '.';
  }
  let warned = false;
  function checkLength() {
    const why = tooLong();
    if (why) setStatus(why, 'error');
    else if (warned) setStatus('');
    warned = Boolean(why);
    return why;
  }
  function send() {
    if (!box || sending) return;
    if (mention) mention.close();
    say('');
    if (checkLength()) {
      saveDraft(true);
      box.focus();
      return;
    }
    sending = true;
    box.disabled = true;
    sendButton.disabled = true;
    setStatus('Sending…');
    saveDraft(true);
    post({ type: 'reply', text: box.value });
  }
  function replied(m) {
    sending = false;
    box.disabled = false;
    sendButton.disabled = false;
    if (m.ok) {
      box.value = '';
      saveDraft(true);
      setStatus(m.message, 'done', m.url);
      showMyReply(m.text);
    } else {
      setStatus(m.message, 'error');
      // A reply refused because the note left the list: the box is hidden, the line above says it.
      if ($('reply-box').hidden) say(m.message, 'reply');
      else box.focus();
    }
  }

  // ---- The @-mention list (detailMentions.js)
  const mention = box ? mentions.controller({ box, list, post, picked: () => saveDraft(false) }) : null;

  if (box) {
    box.addEventListener('input', () => {
      saveDraft(false);
      checkLength();
      mention.ask();
    });
    box.addEventListener('blur', () => {
      if (!sending) saveDraft(true);
    });
    box.addEventListener('click', () => mention.isOpen() && mention.ask());
  }

  document.addEventListener('click', (e) => {
    const target = e.target instanceof Element ? e.target : null;
    if (!target) return;
    if (target.closest('#load-images')) return post({ type: 'loadImages' });
    const action = target.closest('button[data-action]');
    if (action) return act(action.dataset.action);
    const nav = target.closest('button[data-go]');
    if (nav) return go(nav.dataset.go);
    if (target.closest('#reply-send')) return send();
    const a = target.closest('a[href]');
    if (!a) return;
    e.preventDefault();
    post({ type: 'open', href: a.getAttribute('href') });
  });

  document.addEventListener('keydown', (e) => {
    const t = e.target;
    if (box && t === box) {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey) {
        e.preventDefault();
        return send();
      }
      if (mention.key(e)) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        box.blur();
      }
      return;
    }
    if (t instanceof Element && t.closest('input, textarea, select, [contenteditable]')) return;
    if (e.altKey || e.ctrlKey || e.metaKey || note === undefined) return;
    if (e.key === 'j' || e.key === 'k') {
      e.preventDefault();
      return go(e.key === 'j' ? 'next' : 'previous');
    }
    if (e.key === 'r') {
      if (box && !box.disabled && !$('reply-box').hidden) {
        e.preventDefault();
        box.focus();
      }
      return;
    }
    const button = Array.from(document.querySelectorAll('button[data-key]')).find(
      (b) => b.dataset.key === e.key && !b.hidden && !b.disabled,
    );
    if (button) {
      e.preventDefault();
      act(button.dataset.action);
    }
  });

  // ---- The extension's messages
  function applyState(s) {
    document.querySelectorAll('button[data-action]').forEach((b) => {
      const c = s.controls[b.dataset.action];
      b.hidden = !c;
      if (!c || b.dataset.on === undefined) return;
      if (b.hasAttribute('aria-pressed')) b.setAttribute('aria-pressed', String(c.on));
      b.textContent = c.on ? b.dataset.on : b.dataset.off;
      b.title = c.on ? b.dataset.onTitle : b.dataset.offTitle;
    });
    $('removed').hidden = !s.removed;
    $('removed-text').textContent = s.removed;
    $('note-unread').textContent = s.unread ? ' · unread' : '';
    $('note-status').textContent = s.status;
    $('note-status').hidden = !s.status;
    document.querySelector('button[data-go="previous"]').disabled = !s.hasPrevious;
    document.querySelector('button[data-go="next"]').disabled = !s.hasNext;
    if ($('reply-box')) $('reply-box').hidden = !s.controls.reply;
    $('page').classList.toggle('gone', Boolean(s.removed));
  }

  // A message is read only on a note's page, and only in the shape the extension sends it
  // (noteSession.ts); any other is ignored (a page without a note, a conversation, takes none).
  const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
  const isText = (v) => typeof v === 'string';
  const isFlag = (v) => typeof v === 'boolean';
  const isState = (s) =>
    isObject(s) &&
    s.note === note &&
    isObject(s.controls) &&
    Object.values(s.controls).every((c) => isObject(c) && isFlag(c.on)) &&
    [s.unread, s.hasPrevious, s.hasNext].every(isFlag) &&
    isText(s.status) &&
    isText(s.removed);
  const FITS = {
    state: (m) => isState(m.state),
    replied: (m) =>
      isFlag(m.ok) &&
      isText(m.message) &&
      (m.url === undefined || (isText(m.url) && /^https?:\/\//i.test(m.url))) &&
      (m.text === undefined || isText(m.text)),
    refused: (m) => isText(m.message) && (m.refused === undefined || isText(m.refused)),
    suggestions: (m) =>
      (m.seq === null || Number.isSafeInteger(m.seq)) &&
      Array.isArray(m.users) &&
      m.users.every((u) => isObject(u) && isText(u.login) && (u.name == null || isText(u.name))),
  };

  window.addEventListener('message', (event) => {
    const m = event.data;
    if (note === undefined || !isObject(m) || m.note !== note || !Object.hasOwn(FITS, m.type) || !FITS[m.type](m)) return;
    if (m.type === 'state') applyState(m.state);
    if (m.type === 'replied' && box) replied(m);
    if (m.type === 'refused') say(m.message, m.refused);
    if (m.type === 'suggestions' && mention) mention.show(m);
  });
})();
