/**
 * The Posts view's groups against the reference service (on the bench's stand-in for the vscode
 * module): a group that says how many the site has shows them when opened. The site's pages are
 * older than its posts, so in one list of both they came only after every post was loaded.
 */
import '../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { LoadCoordinator } from '../../src/models/loadCoordinator';
import { PostsModel, type PostGroup } from '../../src/models/postsModel';
import { SiteChanges } from '../../src/models/siteChanges';
import { PostGroupNode, PostNode } from '../../src/views/posts/postNodes';
import { PostsProvider } from '../../src/views/posts/postsProvider';
import { siteOf, useClientAndService } from './setup';

const { svc, client } = useClientAndService();

describe('The Posts view', () => {
  function view(pageSize: number) {
    const api = client('cs-demo-token');
    const site = siteOf('demo.example.blog');
    const model = new PostsModel({ client: () => api, pageSize: () => pageSize, site, changes: new SiteChanges() });
    const provider = new PostsProvider(model, site, { gate: () => true, coordinator: new LoadCoordinator(() => api) });
    const group = (name: string) => provider.getChildren().find((r): r is PostGroupNode => r instanceof PostGroupNode && r.group === name);
    const titles = (rows: vscode.TreeItem[]) => rows.filter((r): r is PostNode => r instanceof PostNode).map((r) => r.post.title);
    return { model, provider, group, titles };
  }
  const sitePages = () =>
    [...svc().world().posts.values()]
      .filter((p) => p.siteId === 2001 && p.type === 'page' && p.status !== 'trash')
      .sort((a, b) => b.date - a.date || b.ID - a.ID)
      .map((p) => p.title);

  it('the Pages group, which counts the site’s pages, shows them when opened: no Load more of the posts first', async () => {
    const { model, provider, group, titles } = view(5);
    await model.refresh();
    assert.ok(model.hasMore, 'more posts than one page of five');
    const pages = group('pages');
    assert.ok(pages, 'the Pages group is shown');
    assert.equal(pages.description, String(sitePages().length));
    assert.deepEqual(titles(provider.getChildren(pages)), sitePages());
    assert.ok(model.group('publish').length <= 5, 'the posts are still one page');
    provider.dispose();
  });

  it('a page published or trashed from the group moves at once, as the service answered', async () => {
    const { model, provider, group } = view(5);
    await model.refresh();
    const rows = () => provider.getChildren(group('pages')).filter((r): r is PostNode => r instanceof PostNode);
    const draft = rows().find((r) => r.post.status === 'draft')!.post;
    assert.equal((await model.publish(draft.ID)).kind, 'done');
    assert.equal(rows().find((r) => r.post.ID === draft.ID)?.contextValue, 'post', 'published: no longer offered to publish');
    assert.equal(svc().world().posts.get(draft.ID)!.status, 'publish');
    const about = rows().find((r) => r.post.title === 'About')!.post;
    assert.equal((await model.trash(about.ID)).kind, 'done');
    assert.ok(!rows().some((r) => r.post.ID === about.ID), 'gone from the group');
    assert.equal(svc().world().posts.get(about.ID)!.status, 'trash');
    provider.dispose();
  });

  it('a status the site counts whose posts are older than the loaded ones opens on a Load more, which brings them', async () => {
    const { model, provider, titles } = view(1);
    await model.refresh();
    const groups = provider.getChildren().filter((r): r is PostGroupNode => r instanceof PostGroupNode && r.group !== 'pages');
    const waiting = groups.find((g) => g.posts.length === 0);
    assert.ok(waiting, 'a counted status with nothing loaded yet');
    const [more] = provider.getChildren(waiting);
    assert.equal(provider.getChildren(waiting).length, 1);
    assert.equal(more.command?.command, 'contentSite.posts.loadMore');
    while (model.group(waiting.group as PostGroup).length === 0) await model.loadMore();
    const after = provider.getChildren(waiting);
    assert.ok(titles(after).length > 0 && after.every((r) => r instanceof PostNode), 'its posts, and no Load more in the group');
    provider.dispose();
  });

  it('its own Load more, inside the group, brings the rest of the pages and leaves the posts as they are', async () => {
    const { model, provider, group, titles } = view(2);
    await model.refresh();
    const posts = model.items.length;
    const first = provider.getChildren(group('pages'));
    assert.deepEqual(titles(first), sitePages().slice(0, 2));
    const more = first.at(-1)!;
    assert.equal(more.command?.command, 'contentSite.posts.loadMorePages');
    while (model.pagesList.hasMore) await model.pagesList.loadMore();
    const all = provider.getChildren(group('pages'));
    assert.deepEqual(titles(all), sitePages());
    assert.equal(all.length, sitePages().length, 'no Load more once every page is loaded');
    assert.equal(model.items.length, posts, 'the posts list did not move');
    provider.dispose();
  });
});
