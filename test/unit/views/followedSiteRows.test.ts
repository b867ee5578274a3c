/**
 * What a followed site's row says (its name, else its feed's, else its host; its unseen count when
 * the service says it; its address in the hover, as text) and what its posts' rows do (open in the
 * detail view as Following's do). Built by the real nodes on the bench's stand-in for vscode.
 */
import '../../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import type { FeedPost, Subscription } from '../../../src/api';
import { ContentSiteError } from '../../../src/api';
import { COMMANDS } from '../../../src/ids';
import { FollowedSiteNode, SitePostNode, SitePostsMessageNode } from '../../../src/views/followedSites/followedSiteNode';
import { renderHover } from './hover';

function site(meta?: Record<string, unknown>, extra: Partial<Subscription> = {}): Subscription {
  return { ID: 7, blog_ID: 3101, feed_ID: 40003101, URL: 'https://longhand.example.com', ...extra, meta: meta && { data: meta } };
}
const row = (s: Subscription) => new FollowedSiteNode(s, String(s.ID));

describe("A followed site's row", () => {
  it("is named by its site, else by its feed, else by its address's host", () => {
    assert.equal(row(site({ site: { name: 'Longhand Quarterly' }, feed: { name: 'Longhand feed' } })).label, 'Longhand Quarterly');
    assert.equal(row(site({ site: undefined, feed: { name: 'Friends Only Letters' } })).label, 'Friends Only Letters');
    assert.equal(row(site(undefined)).label, 'longhand.example.com');
    assert.equal(row(site({ site: { name: '  ' } }, { URL: 'not an address' })).label, 'not an address');
  });

  it('says its unseen count when the service says one, and nothing for none or when it is not said', () => {
    const three = row(site({ feed: { name: 'F', unseen_count: 3 } }));
    assert.equal(three.description, '3 unseen');
    assert.equal((three.iconPath as { id: string }).id, 'circle-filled');
    assert.equal(row(site({ feed: { name: 'F', unseen_count: 0 } })).description, undefined);
    assert.equal(row(site({ site: { name: 'S' } })).description, undefined);
  });

  it('opens to its posts, carries its own context for Unfollow and a stable id', () => {
    const r = row(site({ site: { name: 'S' } }));
    assert.equal(r.contextValue, 'followedSite');
    assert.equal(r.collapsibleState, 1);
    assert.equal(r.id, 'followed-7');
    assert.equal(r.key, '7');
  });

  it("its hover shows the address as text and one link, ours, to the site; the service's name is text", () => {
    const evil = '![pixel](https://tracker.example/p.png) [run](command:workbench.action.quit)';
    const h = renderHover(row(site({ site: { name: evil }, feed: { unseen_count: 2 } })).buildTooltip());
    assert.deepEqual(h.images, []);
    assert.deepEqual(h.links, ['https://longhand.example.com/']);
    assert.ok(h.text.includes('longhand.example.com'));
    assert.ok(h.text.includes('2 unseen posts'));
    assert.ok(h.text.includes('Open in browser'));
  });
});

describe("A followed site's posts", () => {
  const post = {
    ID: 7000,
    site_ID: 3101,
    title: 'Morning pages',
    URL: 'https://longhand.example.com/7000',
    date: '2026-10-01T10:00:00Z',
  } as FeedPost;

  it('a post opens in the detail view as Following’s posts do, with itself as the argument', () => {
    const node = new SitePostNode(post);
    assert.equal(node.label, 'Morning pages');
    assert.equal(node.command?.command, COMMANDS.following.show);
    assert.deepEqual(node.command?.arguments, [node]);
    assert.equal(node.contextValue, 'feedPost.link');
    assert.equal(node.id, 'site-post-3101-7000');
  });

  it('an unseen post looks different from a seen one', () => {
    assert.equal((new SitePostNode({ ...post, is_seen: false }).iconPath as { id: string }).id, 'circle-filled');
    assert.equal((new SitePostNode({ ...post, is_seen: true }).iconPath as { id: string }).id, 'note');
  });

  it('while loading, when there are none, and when they could not be read, one row says so (with the reason)', () => {
    assert.equal(new SitePostsMessageNode('followed-7', undefined).label, 'Loading…');
    assert.equal(new SitePostsMessageNode('followed-7', { kind: 'loaded', posts: [], unreadable: 0 }).label, 'No posts to show.');
    const error = new ContentSiteError({ kind: 'api', status: 403, userMessage: 'You cannot read this private site.' });
    const failed = new SitePostsMessageNode('followed-7', { kind: 'error', error });
    assert.equal(failed.label, 'Could not load the posts — You cannot read this private site.');
    assert.equal(failed.id, 'followed-7-error');
  });
});
