/**
 * The note's detail page: which buttons it shows (only what the note offers, pressed when on), the
 * checks on the page's messages (token, note, offered action), everything escaped, the scripts
 * under the CSP nonce, and the @-mention list's plain logic.
 */
import * as assert from 'node:assert/strict';
import { elements } from './htmlElements';
import { REPLY_MAX_CHARS, type Notification } from '../../../src/api';
import { commentNote } from './commentNote';
import { noteControls, noteHtml, noteParts, noteState, page, readNoteMessage, type NoteControls } from '../../../src/render';
import { DRAFT_MAX_CHARS, type NoteRefusal } from '../../../src/render/panelMessage';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const mentions = require('../../../media/detailMentions.js') as {
  mentionAt(text: string, caret: number): { start: number; letters: string } | null;
  insert(text: string, start: number, caret: number, login: string): { text: string; caret: number };
  move(index: number, count: number, delta: number): number;
};

const HOSTILE = `"><img src=x onerror=alert(1)><script>alert(1)</script>`;

const ALL = {
  'edit-comment': true,
  'approve-comment': true,
  'spam-comment': false,
  'trash-comment': false,
  'like-comment': false,
  'replyto-comment': false,
  'like-post': false,
};

function render(note: Notification, o: { removal?: Parameters<typeof noteState>[2]['removal']; draft?: string } = {}) {
  const state = noteState(note.id, o.removal ? undefined : note, { removal: o.removal, hasPrevious: true, hasNext: false });
  return noteHtml(note, '5 min ago', { state, draft: o.draft ?? '' });
}

const buttons = (html: string) => elements(html).filter((e) => e.name === 'button' && e.attrs['data-action'] && !('hidden' in e.attrs));

describe('Note detail page: buttons for the actions the note offers', () => {
  it("a moderator's comment note: approve (pressed), like, spam, trash, edit, read; the reply box; Open in Browser", () => {
    const html = render(commentNote(ALL));
    const shown = buttons(html).map((b) => [b.attrs['data-action'], b.attrs['aria-pressed'], b.text]);
    assert.deepEqual(shown, [
      ['approve', 'true', 'Approved'],
      ['like', 'false', 'Like'],
      ['spam', undefined, 'Spam'],
      ['trash', undefined, 'Trash'],
      ['edit', undefined, 'Edit'],
      ['read', undefined, 'Mark read'],
    ]);
    const approve = buttons(html)[0];
    assert.equal(approve.attrs.title, 'Unapprove (a)');
    assert.ok(elements(html).some((e) => e.name === 'textarea' && e.attrs.id === 'reply-text'));
    assert.ok(elements(html).some((e) => e.name === 'a' && e.text === 'Open in Browser'));
    assert.match(html, /<span id="note-unread"> · unread<\/span>/);
  });

  it("a subscriber's note (no moderation offered): only like and read; no reply box when reply is not offered", () => {
    const html = render(commentNote({ 'like-comment': true }, { unread: 0 }));
    assert.deepEqual(
      buttons(html).map((b) => [b.attrs['data-action'], b.text]),
      [
        ['like', 'Liked'],
        ['read', 'Mark unread'],
      ],
    );
    assert.ok(!html.includes('reply-text'));
    assert.match(html, /<span id="note-unread"><\/span>/, 'a read note does not say unread');
  });

  it("the post's like when the comment has none; follow without a key", () => {
    const html = render(commentNote({ 'like-post': true, follow: false }));
    assert.deepEqual(
      buttons(html).map((b) => [b.attrs['data-action'], b.attrs['data-key'], b.text]),
      [
        ['likePost', 'l', 'Post liked'],
        ['follow', undefined, 'Follow'],
        ['read', 'm', 'Mark read'],
      ],
    );
  });

  it('the template\'s plain footer ("Reply from the comments screen") gives way to the reply box', () => {
    const note = commentNote(
      {},
      {
        body: {
          template: 'multi-line-list',
          footer: 'Reply from the comments screen',
          items: [{ html: '<p>Hi</p>', actions: { 'replyto-comment': false }, meta: { ids: { site: 2001, comment: 8800 } } }],
        } as never,
      },
    );
    const html = render(note);
    assert.ok(!html.includes('Reply from the comments screen'));
    assert.ok(html.includes('id="reply-text"'));
    assert.ok(noteHtml(note, 'now').includes('Reply from the comments screen'), "without the page's controls the footer stays");
  });

  it('a trashed note in its undo window: the banner and Undo, no other action', () => {
    const html = render(commentNote(ALL), { removal: { kind: 'removed', action: 'trash', undoable: true } });
    assert.deepEqual(
      buttons(html).map((b) => b.attrs['data-action']),
      ['undo'],
    );
    const banner = elements(html).find((e) => e.attrs.id === 'removed')!;
    assert.ok(!('hidden' in banner.attrs));
    assert.match(banner.text, /^Comment trashed\. Undo$/);
  });

  it('previous/next follow the list: disabled at its ends', () => {
    const nav = elements(render(commentNote(ALL))).filter((e) => e.attrs['data-go']);
    assert.deepEqual(
      nav.map((b) => [b.attrs['data-go'], 'disabled' in b.attrs]),
      [
        ['previous', false],
        ['next', true],
      ],
    );
  });
});

describe('Note detail page: escaping and the CSP', () => {
  it("the draft, the note's text, the type and the time are escaped; the draft cannot close the textarea", () => {
    const note = commentNote({ 'replyto-comment': false }, { type: HOSTILE, subjectText: HOSTILE });
    const html = noteHtml(note, HOSTILE, {
      state: noteState(note.id, note, { hasPrevious: false, hasNext: false }),
      draft: `</textarea>${HOSTILE}`,
    });
    const els = elements(html);
    assert.ok(!els.some((e) => e.name === 'script' || e.attrs.onerror !== undefined), 'no script, no handler');
    assert.equal(els.filter((e) => e.name === 'textarea').length, 1);
    assert.equal(
      els.find((e) => e.name === 'textarea')!.text,
      '&lt;/textarea&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });

  it('a reply posted from the page shows under the note as text, escaped; its link only when it is a web address', () => {
    const note = commentNote({ 'replyto-comment': false });
    const replies = [
      { text: HOSTILE, url: 'https://demo.example.blog/p/#comment-9' },
      { text: 'Second', url: 'javascript:alert(1)' },
    ];
    const els = elements(
      noteHtml(note, 'now', { state: noteState(note.id, note, { hasPrevious: false, hasNext: false }), draft: '', replies }),
    );
    assert.ok(!els.some((e) => e.name === 'script' || e.name === 'img'), 'no markup from the reply');
    const texts = els.filter((e) => e.attrs.class === 'my-reply-text').map((e) => e.text);
    assert.deepEqual(texts, [HOSTILE, 'Second'], 'the words as typed, as text');
    assert.deepEqual(els.filter((e) => e.name === 'a' && e.attrs.href?.includes('comment-9')).length, 1);
    assert.ok(!els.some((e) => e.name === 'a' && /^javascript:/i.test(e.attrs.href ?? '')));
  });

  it('the page: every script has the nonce and a src from the webview; no inline script; the token is an attribute', () => {
    const parts = noteParts(commentNote(ALL), 'now', {
      state: noteState(60005, commentNote(ALL), { hasPrevious: false, hasNext: false }),
      draft: HOSTILE,
    });
    const html = page({
      title: HOSTILE,
      body: parts.body,
      before: parts.chrome,
      after: parts.reply,
      nonce: 'n0nce',
      cspSource: 'https://webview.example',
      styleUri: 'https://webview.example/detail.css',
      remoteImages: false,
      token: 'tok"en',
      scriptUris: ['https://webview.example/detailMentions.js', 'https://webview.example/detail.js'],
    });
    const scripts = elements(html).filter((e) => e.name === 'script');
    assert.deepEqual(
      scripts.map((s) => [s.attrs.nonce, s.attrs.src, s.text]),
      [
        ['n0nce', 'https://webview.example/detailMentions.js', ''],
        ['n0nce', 'https://webview.example/detail.js', ''],
      ],
    );
    assert.match(html, /script-src 'nonce-n0nce'/);
    assert.ok(!/script-src[^;]*(unsafe|https:|\*)/.test(html), 'the CSP allows scripts by nonce only');
    assert.equal(elements(html).find((e) => e.attrs.id === 'page')!.attrs['data-token'], 'tok"en');
    // The page's own parts are not run through the image gate (which would strip buttons and ids).
    assert.ok(elements(html).some((e) => e.name === 'button' && e.attrs['data-action'] === 'approve'));
    assert.ok(elements(html).some((e) => e.name === 'textarea' && e.attrs.id === 'reply-text'));
    assert.ok(!elements(html).some((e) => e.name === 'script' && !e.attrs.src), 'no inline script');
  });
});

describe('Note detail messages (readNoteMessage)', () => {
  const controls: NoteControls = noteControls(commentNote(ALL));
  const shown = { token: 'T', note: 60005, controls };
  const read = (m: unknown) => readNoteMessage(m, shown);

  it("an offered action on the shown note with the render's token is accepted", () => {
    assert.deepEqual(read({ type: 'act', action: 'approve', note: 60005, token: 'T' }), { type: 'act', action: 'approve', note: 60005 });
    assert.deepEqual(read({ type: 'act', action: 'read', note: 60005, token: 'T' }), { type: 'act', action: 'read', note: 60005 });
    assert.deepEqual(read({ type: 'reply', text: 'Thanks @maya', note: 60005, token: 'T' }), {
      type: 'reply',
      note: 60005,
      text: 'Thanks @maya',
    });
    assert.deepEqual(read({ type: 'suggest', letters: 'ma', seq: 3, note: 60005, token: 'T' }), {
      type: 'suggest',
      note: 60005,
      letters: 'ma',
      seq: 3,
    });
    assert.deepEqual(read({ type: 'go', to: 'next', note: 60005, token: 'T' }), { type: 'go', to: 'next', note: 60005 });
    assert.deepEqual(read({ type: 'draft', text: '', note: 60005, token: 'T' }), { type: 'draft', note: 60005, text: '' });
  });

  it('a message not from the shown render is ignored, nothing answered: old token, no token, another note, not an object', () => {
    const forged = [
      { type: 'act', action: 'approve', note: 60005, token: 'old' },
      { type: 'reply', text: 'x'.repeat(20_001), note: 60005, token: 'old' },
      { type: 'act', action: 'approve', note: 60005 },
      { type: 'act', action: 'approve', note: 60006, token: 'T' },
      { type: 'reply', text: 'hi', note: 60006, token: 'T' },
      { type: 'act', action: 'approve', note: '60005', token: 'T' },
      { type: 'eval', note: 60005, token: 'T' },
      [{ type: 'act', action: 'approve', note: 60005, token: 'T' }],
      null,
    ];
    for (const m of forged) assert.equal(read(m), undefined, JSON.stringify(m)?.slice(0, 80));
    assert.equal(readNoteMessage({ type: 'act', action: 'approve', note: 60005, token: 'T' }, undefined), undefined, 'no note shown');
  });

  it("the shown page's own message that cannot run is refused with a sentence saying why (the page is answered, nothing runs)", () => {
    const refused = (m: Record<string, unknown>) => {
      const r = read({ ...m, note: 60005, token: 'T' }) as NoteRefusal;
      assert.equal(r?.type, 'refused', JSON.stringify(m).slice(0, 80));
      assert.equal(r.note, 60005);
      assert.equal(r.refused, m.type);
      assert.ok(r.message.length > 10, r.message);
      return r;
    };
    for (const action of ['follow', 'likePost', 'undo', 'reply', 'delete', '__proto__', 'toString', 42])
      assert.match(refused({ type: 'act', action }).message, /no longer offers|does not offer/);
    assert.match(refused({ type: 'reply', text: 42 }).message, /text/);
    assert.equal(
      refused({ type: 'reply', text: 'x'.repeat(20_001) }).message,
      'The reply is too long: 20,001 characters, at most 10,000.',
      'the over-long reply that used to hang the page',
    );
    assert.equal(
      refused({ type: 'reply', text: `  ${'y'.repeat(REPLY_MAX_CHARS + 1)}\n` }).message,
      `The reply is too long: 10,001 characters, at most ${REPLY_MAX_CHARS.toLocaleString('en')}.`,
      "the client's limit, counted after trimming",
    );
    assert.match(refused({ type: 'reply', text: ' \n ' }).message, /empty/);
    assert.match(refused({ type: 'draft', text: 'x'.repeat(DRAFT_MAX_CHARS + 1) }).message, /draft.*not kept.*20,000/);
    assert.equal(refused({ type: 'suggest', letters: 'a b', seq: 1 }).seq, 1, 'a mention list refused is answered by its seq');
    refused({ type: 'suggest', letters: 'ma', seq: 1.5 });
    refused({ type: 'go', to: 'first' });
    assert.deepEqual(
      read({ type: 'reply', text: `  ${'y'.repeat(REPLY_MAX_CHARS)}\n`, note: 60005, token: 'T' }),
      { type: 'reply', note: 60005, text: `  ${'y'.repeat(REPLY_MAX_CHARS)}\n` },
      'exactly the limit after trimming is sent',
    );
  });

  it('the checks read the note as it is now: no reply once the note stops offering it; only undo while it is removed', () => {
    const now = { token: 'T', note: 60005, controls: noteControls(commentNote({ 'like-comment': false })) };
    assert.match(
      (readNoteMessage({ type: 'reply', text: 'hi', note: 60005, token: 'T' }, now) as NoteRefusal).message,
      /no longer offers a reply/,
      'the note changed under the page: refused, and the page is told why',
    );
    assert.equal(readNoteMessage({ type: 'suggest', letters: '', seq: 1, note: 60005, token: 'T' }, now)?.type, 'refused');
    const removed = {
      token: 'T',
      note: 60005,
      controls: noteControls(undefined, { removal: { kind: 'removed', action: 'spam', undoable: true } }),
    };
    assert.deepEqual(readNoteMessage({ type: 'act', action: 'undo', note: 60005, token: 'T' }, removed), {
      type: 'act',
      action: 'undo',
      note: 60005,
    });
    assert.match(
      (readNoteMessage({ type: 'act', action: 'approve', note: 60005, token: 'T' }, removed) as NoteRefusal).message,
      /no longer offers/,
    );
    assert.deepEqual(
      noteControls(undefined, { removal: { kind: 'removed', action: 'trash', undoable: false } }),
      {},
      'sent: nothing to undo',
    );
  });
});

describe('Note state (noteState)', () => {
  it('read, approval and "You replied" as the page shows them', () => {
    const note = commentNote(
      { ...ALL, 'replyto-comment': true },
      { unread: 0, status: { approval_status: 'unapproved', i_replied: true } },
    );
    const s = noteState(note.id, note, { hasPrevious: false, hasNext: true });
    assert.equal(s.unread, false);
    assert.equal(s.status, 'Comment status: unapproved · You replied');
    assert.deepEqual(s.controls.reply, { on: true });
    assert.deepEqual(s.controls.read, { on: true });
    assert.equal(s.removed, '');
    assert.equal(
      noteState(note.id, undefined, { removal: { kind: 'removed', action: 'spam', undoable: true }, hasPrevious: false, hasNext: false })
        .removed,
      'Comment marked as spam.',
    );
  });
});

describe("The reply box's @-mention list (media/detailMentions.js)", () => {
  it('finds the @letters before the caret, not inside an address or after another @', () => {
    assert.deepEqual(mentions.mentionAt('Thanks @ma', 10), { start: 7, letters: 'ma' });
    assert.deepEqual(mentions.mentionAt('@', 1), { start: 0, letters: '' });
    assert.deepEqual(mentions.mentionAt('(@ann.b-c', 9), { start: 1, letters: 'ann.b-c' });
    assert.equal(mentions.mentionAt('mail me@example', 15), null);
    assert.equal(mentions.mentionAt('@@ma', 4), null);
    assert.equal(mentions.mentionAt('@ma rest', 8), null, 'the caret is past the word');
    assert.deepEqual(mentions.mentionAt('@ma rest', 3), { start: 0, letters: 'ma' });
  });

  it('inserts "@login " in place of the letters, the caret after it', () => {
    assert.deepEqual(mentions.insert('Thanks @ma', 7, 10, 'maya'), { text: 'Thanks @maya ', caret: 13 });
    assert.deepEqual(
      mentions.insert('Hi @ed and you', 3, 6, 'editor'),
      { text: 'Hi @editor and you', caret: 11 },
      'a space already there is not doubled',
    );
    assert.deepEqual(mentions.insert('@', 0, 1, 'ann'), { text: '@ann ', caret: 5 });
  });

  it('up/down move the highlight and wrap', () => {
    assert.equal(mentions.move(0, 3, 1), 1);
    assert.equal(mentions.move(2, 3, 1), 0);
    assert.equal(mentions.move(0, 3, -1), 2);
    assert.equal(mentions.move(-1, 3, -1), 2);
    assert.equal(mentions.move(0, 0, 1), -1);
  });
});
