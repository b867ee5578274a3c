/**
 * ReaderPosts holds every list of Reader posts and the view that shows each: the Reader shows
 * several (Freshly Pressed, each opened tag's posts), and a tag's list dropped leaves the view to
 * the others, so a key on a Freshly Pressed row still finds its row.
 */
import '../../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import type { ContentSiteClient, FeedPost } from '../../../src/api';
import { FeaturedModel } from '../../../src/models/featuredModel';
import type { ReaderList } from '../../../src/models/readerPostActions';
import { SiteChanges } from '../../../src/models/siteChanges';
import { TagPostsModel } from '../../../src/models/tagPostsModel';
import { ReaderPosts } from '../../../src/services/readerPosts';
import type { ReaderViews } from '../../../src/commands/readerPostTargets';

const client = () => ({}) as ContentSiteClient;
const post = (ID: number) => ({ ID, site_ID: 3101, title: `Post ${ID}` }) as FeedPost;

describe('ReaderPosts', () => {
  it("keeps the Reader's view while another of its lists is shown, and finds the posts of every list added", () => {
    const posts = new ReaderPosts({ client, changes: new SiteChanges() });
    const featured = new FeaturedModel({ client, pageSize: () => 5 });
    const tag = new TagPostsModel({ ID: 501, slug: 'writing' }, { client, pageSize: () => 5 });
    featured.list.seed([post(1)], Date.now());
    tag.list.seed([post(2)], Date.now());
    const reader = {
      view: { selection: ['a row'] },
      redrawing: false,
      rowsKnown: () => Promise.resolve(),
    } as unknown as ReaderViews['reader'];
    posts.add('reader', featured as unknown as ReaderList, reader);
    const tagShared = posts.add('reader', tag as unknown as ReaderList, reader);
    assert.equal(posts.views.find('3101/2')?.ID, 2);
    assert.equal(posts.listOf(post(2)), tag);
    tagShared.dispose();
    assert.equal(posts.views.find('3101/2'), undefined);
    assert.deepEqual(posts.views.reader.view.selection, ['a row']);
    assert.equal(posts.views.find('3101/1')?.ID, 1);
    posts.dispose();
  });
});
