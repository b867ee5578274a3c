/**
 * The seed's block and classic posts (test/service/fixturePosts.ts), as the real service answers
 * them: `context=edit` the stored content as it is, `context=display` what the site shows (blocks
 * rendered without autop, dynamic blocks rendered now, classic content through autop, shortcodes
 * expanded, an address alone embedded, the more tag as its anchor, only the first page).
 */
import * as assert from 'node:assert/strict';
import { fixturePosts } from './fixturePosts';
import { serviceCalls, serviceFixture } from './reply';
import { SITES } from './index';

const POSTS = `/rest/v1.1/sites/${SITES.demo}/posts`;

describe('Block and classic posts on the reference service', () => {
  const fx = serviceFixture();
  const { getOk: ok } = serviceCalls(fx, 'cs-demo-token');
  const seeded = (id: number) => fixturePosts().find((p) => p.ID === id)!.content;

  it('context=edit answers each one as stored, byte for byte', async () => {
    for (const { ID, content } of fixturePosts()) assert.equal((await ok(`${POSTS}/${ID}?context=edit`)).content, content);
  });

  it('context=display renders a block post: its blocks without their comments, the latest posts now, the shortcode expanded, the more anchor', async () => {
    const shown = (await ok(`${POSTS}/121`)).content as string;
    assert.doesNotMatch(shown, /<!-- wp:/);
    assert.match(shown, /<p>Our walk along the river, in pictures\.<\/p>/);
    assert.match(shown, /<div class="gallery gallery-columns-3">/);
    assert.match(shown, /<span id="more-121"><\/span>/);
    assert.match(shown, /<ul class="wp-block-latest-posts__list wp-block-latest-posts">(<li>.*?<\/li>){2}<\/ul>/);
    assert.ok(seeded(121).includes('<!-- wp:latest-posts'), 'stored as a void block');
  });

  it('context=display renders a classic post through autop: paragraphs and breaks, the embed, the caption, only its first page', async () => {
    const shown = (await ok(`${POSTS}/122`)).content as string;
    assert.match(shown, /<p>This post was written in the classic editor\.<br \/>\nIts second line ends with a break\.<\/p>/);
    assert.match(shown, /<iframe src="https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ"/);
    assert.match(
      shown,
      /<figure class="wp-caption alignnone"><img [^>]*><figcaption class="wp-caption-text">The river in May<\/figcaption><\/figure>/,
    );
    assert.match(shown, /<pre>The woods are lovely, dark and deep,\n {3}But I have promises to keep\.<\/pre>/);
    assert.doesNotMatch(shown, /The second page/);
  });
});
