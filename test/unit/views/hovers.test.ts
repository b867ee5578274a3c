/**
 * What a row's hover shows when the service's text or links carry Markdown: never a remote image
 * (a read receipt sent on hover), never a link the service chose the text of, never a command
 * link, never an icon of its choosing; the one "Open in browser" link opens the item's own page.
 * The hovers are built by the real nodes (on the bench's stand-in for the vscode module) and read
 * as VS Code renders them (./hover.ts).
 */
import '../../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Comment, FeaturedPost, FeedPost, Notification, PostV11 } from '../../../src/api';
import { ContentSiteError, normalizeNotification, stripHtml } from '../../../src/api';
import { CommentNode } from '../../../src/views/comments/commentNodes';
import { ErrorNode } from '../../../src/views/common/messageNode';
import { FollowedSiteNode, SitePostNode } from '../../../src/views/followedSites/followedSiteNode';
import { PostNode } from '../../../src/views/posts/postNodes';
import { FeedPostNode } from '../../../src/views/following/feedPostNode';
import { mentionDocumentation } from '../../../src/views/mentions/mentionCompletions';
import { typeLabel } from '../../../src/views/notifications/noteIcons';
import { NoteNode, RowText } from '../../../src/views/notifications/noteNode';
import { FeaturedPostNode } from '../../../src/views/reader/readerNodes';
import { TrashedPostNode } from '../../../src/views/trash/trashedPostNode';
import { renderHover, type Hover, type HoverMarkdown } from './hover';

const SRC = join(__dirname, '../../../src');

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

  it('a followed post: title, site, author and excerpt as text; the post’s own link only', async () => {
    const post = {
      ID: 5,
      site_ID: 3101,
      title: EVIL_HTML,
      excerpt: `<p>${EVIL_HTML}</p>`,
      site_name: `![s](${PIXEL})`,
      author: { ID: 9, name: `[me](command:x) $(zap)` },
      URL: EVIL_LINK,
    } as unknown as FeedPost;
    const h = renderHover(await new FeedPostNode(post).buildTooltip());
    assertInert(h);
    assert.equal(h.links.length, 1, h.html);
    assert.ok(sameTarget(h.links[0], new URL(EVIL_LINK).href), h.links[0]);
    assert.ok(h.text.includes(EVIL_TEXT), h.text);
    assert.deepEqual(renderHover(await new FeedPostNode({ ...post, URL: 'javascript:alert(1)' }).buildTooltip()).links, []);
  });

  it('a featured post shows no picture in its hover, and its text as text', async () => {
    const post = {
      ID: 5,
      site_ID: 3101,
      title: EVIL_HTML,
      excerpt: EVIL_HTML,
      editorial: { image: PIXEL, blog_name: `![b](${PIXEL})`, custom_headline: EVIL_HTML },
      URL: 'https://ok.example/p',
    } as unknown as FeaturedPost;
    const h = renderHover(await new FeaturedPostNode(post).buildTooltip());
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

  it('no hover is trusted (command links) or lets HTML through', async () => {
    const hovers = [
      new NoteNode(note({ url: 'https://ok.example/' }), 'now', new RowText()).buildTooltip(),
      await new FeedPostNode({ ID: 1, URL: 'https://ok.example/' } as FeedPost).buildTooltip(),
      await new FeaturedPostNode({ ID: 1 } as FeaturedPost).buildTooltip(),
      new TrashedPostNode({ ID: 1 } as PostV11).buildTooltip(),
    ] as unknown as Array<{ isTrusted?: unknown; supportHtml?: boolean }>;
    for (const md of hovers) {
      assert.ok(!md.isTrusted, 'not trusted');
      assert.ok(!md.supportHtml, 'no HTML');
    }
  });
});

/**
 * Service text with every way Markdown or VS Code's hover makes something of text: links of every
 * form (bare, `www.`, `<…>`, inline, reference, e-mail, command), an image, raw HTML, HTML entities
 * that would read as a tag or an autolink once decoded, theme icons, code spans and emphasis.
 */
const HOSTILE = [
  'bare https://evil.example/bare',
  'www.evil.example/www',
  'angle <https://evil.example/angle> <me@evil.example> me@evil.example',
  'inline [x](https://evil.example/inline "t")',
  'image ![x](https://evil.example/t.png)',
  'reference [x][r] [r] [r]: https://evil.example/ref',
  'entities &lt;https://evil.example/entity&gt; &#60;https://evil.example/e2&#62;',
  'html <a href="https://evil.example/a">a</a> <img src="https://evil.example/i.png"> <b>b</b>',
  'escaped &lt;a href="https://evil.example/x"&gt;y&lt;/a&gt;',
  'icons $(verified) $(zap~spin)',
  'command [run](command:workbench.action.quit)',
  'ticks `code` ``x``',
  '*em* **strong** _u_ ~~s~~',
].join(' | ');
/** The same text in a field the service sends as HTML (titles, excerpts, a comment's content), as a person reads it there. */
const HOSTILE_HTML = `<p>${HOSTILE}</p>`;
const READ_HTML = stripHtml(HOSTILE_HTML);

/**
 * The hover shows no image, no link but `links` (ours), no icon but `icons` (ours), no markup but
 * paragraphs, bold and our links; and each of `texts` reads as written.
 */
function assertAsWritten(h: Hover, texts: readonly string[], ours: { links?: string[]; icons?: string[] } = {}): void {
  assert.deepEqual(h.images, [], `no image in ${h.html}`);
  assert.deepEqual(h.links, ours.links ?? [], `no link of the service's in ${h.html}`);
  assert.deepEqual(h.icons, ours.icons ?? [], `no icon of the service's in ${h.html}`);
  const tags = [...new Set([...h.html.matchAll(/<([a-z][a-z0-9]*)/gi)].map((m) => m[1].toLowerCase()))];
  assert.deepEqual(
    tags.filter((t) => !['p', 'strong', 'a'].includes(t)),
    [],
    `no markup from the service's text in ${h.html}`,
  );
  for (const t of texts) assert.ok(h.text.includes(t), `reads ${JSON.stringify(t)} in ${JSON.stringify(h.text)}`);
}

describe('every hover builder shows hostile service text as written (views/common/hover.ts)', () => {
  it('the texts are hostile: read as Markdown, they make links, an image, icons and markup', () => {
    const h = renderHover({ value: HOSTILE, supportThemeIcons: true });
    assert.ok(h.links.length >= 6 && h.images.length === 1 && h.icons.length === 2 && /<code>/.test(h.html), h.html);
  });

  it("the Comments view's row: author, post title and comment as text; only the liked icon", () => {
    const c = {
      ID: 8850,
      post: { ID: 101, title: HOSTILE_HTML },
      author: { name: HOSTILE },
      content: HOSTILE_HTML,
      date: '2026-11-01T10:00:00Z',
      status: 'approved',
      i_like: true,
    } as unknown as Comment;
    assert.ok(READ_HTML.length < 600, 'the whole comment is in the hover');
    const h = renderHover(new CommentNode(c).tooltip as unknown as HoverMarkdown);
    assertAsWritten(h, [HOSTILE, `On “${READ_HTML}”`, READ_HTML], { icons: ['heart-filled'] });
    assert.deepEqual(renderHover(new CommentNode({ ...c, i_like: false }).tooltip as unknown as HoverMarkdown).icons, []);
  });

  it("a followed site: its name and address as text; one link, to the site's address", () => {
    const site = { ID: 1, blog_ID: 2, URL: EVIL_LINK, meta: { data: { site: { name: HOSTILE }, feed: { unseen_count: 3 } } } } as never;
    const h = renderHover(new FollowedSiteNode(site, '1').buildTooltip());
    assertAsWritten(h, [HOSTILE, EVIL_LINK, '3 unseen posts', 'Open in browser'], { links: [h.links[0]] });
    assert.ok(sameTarget(h.links[0], new URL(EVIL_LINK).href), h.links[0]);
  });

  it("a followed site's post: title and excerpt as text; one link, to the post", () => {
    const post = { ID: 5, site_ID: 3101, title: HOSTILE_HTML, excerpt: HOSTILE_HTML, URL: 'https://ok.example/p' } as FeedPost;
    assertAsWritten(renderHover(new SitePostNode(post).buildTooltip()), [READ_HTML], { links: ['https://ok.example/p'] });
  });

  it('a followed post and a featured post: title, site, author and excerpt as text', async () => {
    const post = {
      ID: 5,
      site_ID: 3101,
      title: HOSTILE_HTML,
      excerpt: HOSTILE_HTML,
      site_name: HOSTILE,
      author: { ID: 9, name: HOSTILE },
      URL: 'https://ok.example/p',
    } as unknown as FeedPost;
    assertAsWritten(renderHover(await new FeedPostNode(post).buildTooltip()), [READ_HTML, `${HOSTILE} · ${HOSTILE}`], {
      links: ['https://ok.example/p'],
    });
    const featured = { ...post, editorial: { blog_name: HOSTILE } } as unknown as FeaturedPost;
    assertAsWritten(renderHover(await new FeaturedPostNode(featured).buildTooltip()), [READ_HTML, HOSTILE]);
  });

  it("a site's post and a trashed post: title, author, status and type as text", () => {
    const post = { ID: 7, title: HOSTILE_HTML, author: { ID: 1, name: HOSTILE }, status: HOSTILE, type: HOSTILE } as unknown as PostV11;
    assertAsWritten(renderHover(new PostNode(post).buildTooltip()), [READ_HTML, `#7 · ${HOSTILE} · ${HOSTILE}`]);
    assertAsWritten(renderHover(new TrashedPostNode(post).buildTooltip()), [READ_HTML, `${HOSTILE} #7 · ${HOSTILE}`]);
  });

  it("a note: subject, type and status as text; only the note's own icons and link", () => {
    const n = note({ subjectText: HOSTILE, type: HOSTILE, status: { approval_status: HOSTILE }, url: 'https://ok.example/n' });
    // (The type reads as a name: its `_` and `-` as spaces.)
    assertAsWritten(noteHover(n), [HOSTILE, `· ${typeLabel(HOSTILE)} ·`, `Status: ${HOSTILE}`], {
      links: ['https://ok.example/n'],
      icons: ['circle-filled'],
    });
  });

  it("a failed list's row: the service's sentence as text", () => {
    const error = new ContentSiteError({ kind: 'api', status: 503, userMessage: HOSTILE });
    assertAsWritten(renderHover(new ErrorNode(error).tooltip as unknown as HoverMarkdown), [HOSTILE, 'HTTP 503 Service Unavailable']);
  });

  it("a mention suggestion's details: name and login as text", () => {
    assertAsWritten(renderHover(mentionDocumentation({ ID: 1, user_login: HOSTILE, display_name: HOSTILE } as never)), [
      `${HOSTILE} · @${HOSTILE}`,
    ]);
  });

  it("a post file's category: the site's description of it as text", async () => {
    const h = await termHover({ name: 'News', description: HOSTILE, post_count: 3 });
    assertAsWritten(h, ['Category News · 3 posts', HOSTILE]);
  });

  it('no source file but views/common/hover.ts makes a hover’s Markdown itself', async () => {
    const made: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, e.name);
        if (e.isDirectory()) walk(path);
        else if (path.endsWith('.ts') && !path.endsWith(join('views', 'common', 'hover.ts'))) {
          const src = readFileSync(path, 'utf8');
          if (/\bMarkdownString\s*\(|\.append(Text|Markdown|CodeBlock)\s*\(|\.(supportThemeIcons|supportHtml|isTrusted)\s*=/.test(src))
            made.push(relative(SRC, path));
        }
      }
    };
    walk(SRC);
    assert.deepEqual(made, []);
  });
});

/** A post file's category hover, as TermAssist gives it (the editor's parts it registers with are stand-ins). */
async function termHover(term: { name: string; description: string; post_count: number }): Promise<Hover> {
  // The bench's stand-in itself (an import would copy it), given what TermAssist registers with.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const stub = require('vscode') as Record<string, Record<string, unknown>>;
  const none = () => ({ dispose() {} });
  stub.languages ??= {
    registerCompletionItemProvider: none,
    registerHoverProvider: none,
    registerCodeActionsProvider: none,
    createDiagnosticCollection: () => ({ set() {}, delete() {}, dispose() {} }),
  };
  for (const k of ['onDidOpenTextDocument', 'onDidChangeTextDocument', 'onDidCloseTextDocument']) stub.workspace[k] ??= none;
  stub.workspace.textDocuments ??= [] as never;
  stub.CodeActionKind ??= { QuickFix: 'quickfix' };
  stub.DiagnosticSeverity ??= { Warning: 1 };
  (stub as Record<string, unknown>).Diagnostic ??= class {};
  (stub as Record<string, unknown>).Range ??= class {
    constructor(...a: number[]) {
      Object.assign(this, { a });
    }
  };
  (stub as Record<string, unknown>).Hover ??= class {
    constructor(readonly contents: unknown) {}
  };
  // Loaded once the stand-in has them (its module makes a Diagnostic class at load).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { TermAssist } = require('../../../src/views/posts/termAssist') as typeof import('../../../src/views/posts/termAssist');
  const text = '---\ntitle: x\ncategories: [News]\n---\nBody\n';
  const doc = { languageId: 'markdown', getText: () => text, uri: { toString: () => 'file:///p.md' } };
  const terms = { get: async () => [term], peek: () => undefined };
  const assist = new TermAssist(terms as never, () => 'site.example');
  const line = text.split('\n').findIndex((l) => l.startsWith('categories'));
  const shown = (await assist.provideHover(doc as never, { line, character: 'categories: [N'.length } as never)) as unknown as {
    contents: HoverMarkdown;
  };
  assist.dispose();
  return renderHover(shown.contents);
}
