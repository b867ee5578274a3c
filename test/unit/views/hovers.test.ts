/**
 * What a row's hover shows when the service's text or links carry Markdown: never a remote image
 * (a read receipt sent on hover), never a link the service chose the text of, never a command
 * link, never an icon of its choosing; the one "Open in browser" link opens the item's own page.
 * The hovers are built by the real nodes (on the bench's stand-in for the vscode module) and read
 * as VS Code renders them (./hover.ts).
 */
import '../../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import type { FeaturedPost, FeedPost, Notification, PostV11 } from '../../../src/api';
import { normalizeNotification } from '../../../src/api';
import { FeedPostNode } from '../../../src/views/following/feedPostNode';
import { mentionDocumentation } from '../../../src/views/mentions/mentionCompletions';
import { NoteNode, RowText } from '../../../src/views/notifications/noteNode';
import { FeaturedPostNode } from '../../../src/views/reader/readerNodes';
import { TrashedPostNode } from '../../../src/views/trash/trashedPostNode';
import { renderHover, type Hover } from './hover';

const PIXEL = 'https://tracker.example/p.png';
/** Text that would be an image, a link, a command link, raw HTML, an icon and a bare link if read as Markdown. */
const EVIL_TEXT = `![pixel](${PIXEL}) [run](command:workbench.action.quit) <img src="${PIXEL}"> $(zap) https://auto.example/x **bold** \`code\``;
/** The same in a post's title or excerpt, which are HTML: the tag written as entities, so it is text. */
const EVIL_HTML = EVIL_TEXT.replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A link whose `)` closes the Markdown link early and adds an image and a command link after it. */
const EVIL_LINK = `https://ok.example/a) ![pixel](${PIXEL}) [x](command:workbench.action.quit`;

function note(extra: Partial<Notification> = {}): Notification {
  return { id: 1, type: 'comment', unread: 1, unreadIsCount: true, timestamp: 1_700_000_000, subjectText: 'Maya commented', ...extra };
}
const noteHover = (n: Notification): Hover => renderHover(new NoteNode(n, 'now', new RowText()).buildTooltip());

/** Nothing loads, nothing runs, no icon but ours. */
function assertInert(h: Hover, icons: readonly string[] = []): void {
  assert.deepEqual(h.images, [], `no image in ${h.html}`);
  assert.ok(!/<img|<script|<iframe/i.test(h.html), h.html);
  assert.deepEqual(
    h.links.filter((l) => !/^https?:\/\//.test(l)),
    [],
    `only web links in ${h.html}`,
  );
  assert.deepEqual(
    h.icons.filter((i) => !icons.includes(i)),
    [],
    `no icon of the service's choosing in ${h.html}`,
  );
}

/** A link in the hover leads where the item's link does (percent-encoding aside). */
const sameTarget = (href: string, url: string) => decodeURIComponent(new URL(href).href) === decodeURIComponent(new URL(url).href);

const NOTE_ICONS = ['circle-filled', 'check', 'heart-filled', 'reply'];

describe("a row's hover shows the service's text as text", () => {
  it('a note whose link closes the Markdown link early: one link, to the note’s page, and no image', () => {
    const normalized = normalizeNotification({
      id: 1,
      type: 'comment',
      unread: 1,
      timestamp: 1,
      subject: { text: 's' },
      url: EVIL_LINK,
    } as never);
    for (const n of [note({ url: normalized.url }), note({ url: EVIL_LINK })]) {
      const h = noteHover(n);
      assertInert(h, NOTE_ICONS);
      assert.equal(h.links.length, 1, h.html);
      assert.equal(new URL(h.links[0]).host, 'ok.example');
      assert.ok(sameTarget(h.links[0], new URL(EVIL_LINK).href), `${h.links[0]} vs ${EVIL_LINK}`);
      assert.ok(h.text.includes('Open in browser'));
    }
  });

  it("a note's link that is not a web address gives no link at all", () => {
    for (const url of [
      'javascript:alert(1)',
      'command:workbench.action.quit',
      'data:text/html,x',
      'file:///etc/passwd',
      '/relative',
      'not a url',
    ]) {
      const h = noteHover(note({ url }));
      assertInert(h, NOTE_ICONS);
      assert.deepEqual(h.links, [], url);
    }
  });

  it("a note's subject, type and status read as the service wrote them, with only our icons", () => {
    const h = noteHover(note({ subjectText: EVIL_TEXT, type: `x ![t](${PIXEL})`, status: { approval_status: `![s](${PIXEL}) $(flame)` } }));
    assertInert(h, NOTE_ICONS);
    assert.deepEqual(h.links, []);
    assert.deepEqual(h.icons, ['circle-filled'], 'the unread icon, nothing else');
    assert.ok(h.text.includes(EVIL_TEXT), `the subject as written: ${h.text}`);
    assert.ok(h.text.includes('$(flame)'), h.text);
  });

  it('a followed post: title, site, author and excerpt as text; the post’s own link only', () => {
    const post = {
      ID: 5,
      site_ID: 3101,
      title: EVIL_HTML,
      excerpt: `<p>${EVIL_HTML}</p>`,
      site_name: `![s](${PIXEL})`,
      author: { ID: 9, name: `[me](command:x) $(zap)` },
      URL: EVIL_LINK,
    } as unknown as FeedPost;
    const h = renderHover(new FeedPostNode(post).buildTooltip());
    assertInert(h);
    assert.equal(h.links.length, 1, h.html);
    assert.ok(sameTarget(h.links[0], new URL(EVIL_LINK).href), h.links[0]);
    assert.ok(h.text.includes(EVIL_TEXT), h.text);
    assert.deepEqual(renderHover(new FeedPostNode({ ...post, URL: 'javascript:alert(1)' }).buildTooltip()).links, []);
  });

  it('a featured post shows no picture in its hover, and its text as text', () => {
    const post = {
      ID: 5,
      site_ID: 3101,
      title: EVIL_HTML,
      excerpt: EVIL_HTML,
      editorial: { image: PIXEL, blog_name: `![b](${PIXEL})`, custom_headline: EVIL_HTML },
      URL: 'https://ok.example/p',
    } as unknown as FeaturedPost;
    const h = renderHover(new FeaturedPostNode(post).buildTooltip());
    assertInert(h);
    assert.deepEqual(h.links, []);
    assert.ok(h.text.includes(EVIL_TEXT), h.text);
  });

  it('a trashed post: title, type and author as text', () => {
    const post = {
      ID: 7,
      title: EVIL_HTML,
      type: `![t](${PIXEL})`,
      author: { ID: 1, name: `$(zap) [a](command:x)` },
    } as unknown as PostV11;
    const h = renderHover(new TrashedPostNode(post).buildTooltip());
    assertInert(h);
    assert.deepEqual(h.links, []);
    assert.ok(h.text.includes(EVIL_TEXT), h.text);
  });

  it("a mention suggestion's details: the name and login as text, no picture", () => {
    const h = renderHover(
      mentionDocumentation({ ID: 1, user_login: 'maya_[x](command:y)', display_name: EVIL_TEXT, image_URL: PIXEL } as never),
    );
    assertInert(h);
    assert.deepEqual(h.links, []);
    assert.ok(h.text.includes(EVIL_TEXT), h.text);
  });

  it('no hover is trusted (command links) or lets HTML through', () => {
    const hovers = [
      new NoteNode(note({ url: 'https://ok.example/' }), 'now', new RowText()).buildTooltip(),
      new FeedPostNode({ ID: 1, URL: 'https://ok.example/' } as FeedPost).buildTooltip(),
      new FeaturedPostNode({ ID: 1 } as FeaturedPost).buildTooltip(),
      new TrashedPostNode({ ID: 1 } as PostV11).buildTooltip(),
    ] as unknown as Array<{ isTrusted?: unknown; supportHtml?: boolean }>;
    for (const md of hovers) {
      assert.ok(!md.isTrusted, 'not trusted');
      assert.ok(!md.supportHtml, 'no HTML');
    }
  });
});
