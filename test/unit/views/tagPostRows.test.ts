/**
 * A subscribed tag's row in the Reader opens to the tag's latest posts, each row acting as a Freshly
 * Pressed row does (the catalog's context value, so its menus and keys; the unseen dot; a click
 * that shows the post; found by the Reader's commands), with Load more and Retry of its own. Built
 * by the real provider and nodes on the bench's stand-in for vscode, the posts read over loopback.
 */
import '../../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { FeaturedPost, FeedPost } from '../../../src/api';
import { COMMANDS } from '../../../src/ids';
import { untilChanged } from '../../../src/models/emitter';
import { LoadCoordinator } from '../../../src/models/loadCoordinator';
import { ReaderModel } from '../../../src/models/readerModel';
import type { Tag } from '../../../src/models/tagsModel';
import { readerTargets, type ReaderViews } from '../../../src/commands/readerPostTargets';
import { FeaturedPostNode, ReaderSectionNode, TagNode } from '../../../src/views/reader/readerNodes';
import { ReaderProvider } from '../../../src/views/reader/readerProvider';
import { TagPostNode } from '../../../src/views/reader/tagPostNode';
import { answering, type Answering } from '../api/answering';
import { renderHover } from './hover';

const post = (ID: number, extra: Partial<FeedPost> = {}): FeedPost =>
  ({
    ID,
    site_ID: 3101,
    title: `Post ${ID}`,
    URL: `https://longhand.example.com/${ID}`,
    date: '2026-10-01T10:00:00Z',
    site_name: 'Longhand',
    author: { ID: 4, name: 'Ann' },
    feed_ID: 40003101,
    feed_item_ID: 9000 + ID,
    i_like: false,
    is_seen: true,
    like_count: 2,
    comments_open: true,
    ...extra,
  }) as FeedPost;

const writing: Tag = { ID: 501, slug: 'writing', title: 'Writing', display_name: 'writing' };

describe("A tag's post's row", () => {
  it('carries the same catalog words as a Freshly Pressed row of the post (its menus and keys), after its own first word', () => {
    for (const p of [post(1), post(2, { i_like: true, is_seen: false }), post(3, { URL: undefined, comments_open: false })]) {
      const row = new TagPostNode(p, '501', 'tag-501');
      const featured = new FeaturedPostNode(p as FeaturedPost);
      assert.equal(row.contextValue, featured.contextValue!.replace(/^featuredPost/, 'tagPost'));
      assert.match(row.contextValue!, p.URL ? /^tagPost\.link / : /^tagPost /);
    }
    assert.match(new TagPostNode(post(2, { i_like: true }), '501', 'tag-501').contextValue!, /\blike:on\b/);
  });

  it('shows an unseen post with the dot and says so, a seen one with the post icon; liked is said', () => {
    const unseen = new TagPostNode(post(1, { is_seen: false, i_like: true }), '501', 'tag-501');
    assert.equal((unseen.iconPath as vscode.ThemeIcon).id, 'circle-filled');
    assert.match(unseen.description as string, /^Longhand · Ann · .+ · unseen · liked$/);
    assert.equal((new TagPostNode(post(1), '501', 'tag-501').iconPath as vscode.ThemeIcon).id, 'note');
  });

  it("opens the post with the Reader's Show Post, given the row, and its id is under its tag's row", () => {
    const row = new TagPostNode(post(7), '501', 'tag-501');
    assert.equal(row.command?.command, COMMANDS.reader.show);
    assert.deepEqual(row.command?.arguments, [row]);
    assert.equal(row.id, 'tag-501-post-3101-7');
    assert.equal(row.tag, '501');
  });

  it("its hover says the post and one link, ours, to it; the service's words are text", async () => {
    const h = renderHover(
      await new TagPostNode(post(7, { title: '![x](https://t.example/p.png) [run](command:x)' }), '501', 'tag-501').buildTooltip(),
    );
    assert.deepEqual(h.images, []);
    assert.deepEqual(h.links, ['https://longhand.example.com/7']);
  });

  it("is what the Reader's post commands act on: the row, and with it the rest of the Reader view's selection", () => {
    const a = new TagPostNode(post(1), '501', 'tag-501');
    const b = new TagPostNode(post(2), '501', 'tag-501');
    const views = (selection: vscode.TreeItem[]): ReaderViews => ({
      following: { view: { selection: [] }, redrawing: false, rowsKnown: async () => undefined } as unknown as ReaderViews['following'],
      reader: { view: { selection }, redrawing: false, rowsKnown: async () => undefined } as unknown as ReaderViews['reader'],
      find: () => undefined,
    });
    assert.deepEqual(
      readerTargets(views([]), a).map((p) => p.ID),
      [1],
    );
    assert.deepEqual(
      readerTargets(views([b, a]), a).map((p) => p.ID),
      [1, 2],
    );
  });
});

describe("A subscribed tag's row in the Reader view", () => {
  let service: Answering | undefined;
  let provider: ReaderProvider | undefined;
  afterEach(async () => {
    provider?.dispose();
    provider = undefined;
    await service?.close();
    service = undefined;
  });

  /** The Reader with one tag followed, its tag's posts answered by `tagPosts` (by the query). */
  async function view(tagPosts: (q: URLSearchParams) => unknown) {
    service = await answering({ '/v1.1/read/tags/writing/posts': tagPosts });
    const client = service.client;
    const model = new ReaderModel({ client: () => client, pageSize: () => 2 });
    model.tags.list.seed([writing], Date.now());
    model.featured.list.seed([], Date.now());
    provider = new ReaderProvider(model, { gate: () => false, coordinator: new LoadCoordinator(() => client) });
    const p = provider;
    const tagRow = p.getChildren(p.getChildren().find((r) => r instanceof ReaderSectionNode && r.section === 'tags'))[0] as TagNode;
    /** Once the tag's list (made by the first rows asked) has its answer. */
    const answered = async () => {
      await new Promise((r) => setImmediate(r));
      const list = model.tagPosts(tagRow.key)!;
      await untilChanged(list, () => list.state.kind === 'loaded' || list.state.kind === 'error');
    };
    return { model, tagRow, rows: () => p.getChildren(tagRow), answered };
  }

  it('opens (collapsed at first) to "Loading…", then to its first page with Load more, whose rows are its own', async () => {
    const { model, tagRow, rows, answered } = await view((q) => ({
      posts: q.get('page') === '2' ? [post(3)] : [post(1), post(2, { is_seen: false })],
    }));
    assert.equal(tagRow.collapsibleState, 1);
    assert.equal(model.tagPosts(tagRow.key), undefined, 'made when the row is first opened');
    assert.deepEqual(
      rows().map((r) => r.label),
      ['Loading…'],
    );
    await answered();
    const first = rows();
    assert.deepEqual(
      first.map((r) => r.label),
      ['Post 1', 'Post 2', 'Load more…'],
    );
    assert.ok(first[0] instanceof TagPostNode);
    const more = first[2];
    assert.equal(more.id, `${tagRow.id!}-load-more`);
    assert.equal(more.command?.command, COMMANDS.reader.loadMore);
    assert.deepEqual(more.command?.arguments, [tagRow]);
    // Load more of the tag: its next page only (Freshly Pressed's has its own row).
    await provider!.loadMore(tagRow);
    assert.deepEqual(
      rows().map((r) => r.label),
      ['Post 1', 'Post 2', 'Post 3'],
    );
    assert.equal(model.tagPosts(tagRow.key)?.items.length, 3);
  });

  it('says when the tag has no posts, and when its posts could not be read, a Retry of its own that reads them again', async () => {
    let fail = true;
    const { tagRow, rows, answered } = await view(() => (fail ? { error: 'x' } : { posts: [] }));
    rows();
    await answered();
    const failed = rows();
    assert.equal(failed.length, 1);
    assert.match(String(failed[0].label), /^Retry — /);
    assert.equal(failed[0].id, `${tagRow.id!}-error-refresh`);
    assert.equal(failed[0].command?.command, COMMANDS.reader.loadMore);
    assert.deepEqual(failed[0].command?.arguments, [tagRow]);
    fail = false;
    await provider!.loadMore(tagRow);
    assert.deepEqual(
      rows().map((r) => r.label),
      ['No posts to show.'],
    );
  });
});
