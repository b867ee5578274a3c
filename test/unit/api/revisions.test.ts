import * as assert from 'node:assert/strict';
import type { ContentSiteError } from '../../../src/api';
import { answering } from './answering';

/** The answer of GET sites/2001/post/100/diffs/ read by the client over real HTTP. */
async function revisionsFrom(body: unknown) {
  const service = await answering({ '/v1.1/sites/2001/post/100/diffs/': body });
  try {
    return await service.client.posts.revisions(2001, 100);
  } finally {
    await service.close();
  }
}

const revision = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  post_title: `Title ${id}`,
  post_content: `<p>Text ${id}</p>`,
  post_excerpt: '',
  post_date_gmt: '2026-11-01 12:00:00',
  post_modified_gmt: `2026-11-01 12:0${id % 10}:00`,
  post_author: '1002',
  ...over,
});

/** The read fails as an unreadable answer whose sentence names `where`. */
async function unreadable(body: unknown, where: RegExp): Promise<void> {
  await assert.rejects(revisionsFrom(body), (e: ContentSiteError) => {
    assert.equal(e.kind, 'bad_response');
    assert.match(e.userMessage, /^The service sent an answer the extension can't read \(/);
    assert.match(e.userMessage, where);
    return true;
  });
}

describe('posts.revisions: reading the answer', () => {
  it('a post with no revisions (PHP writes the empty map as []) has none', async () => {
    assert.deepEqual(await revisionsFrom({ diffs: [], revisions: [] }), { revisions: [], diffs: [] });
  });

  it('an unpublished post’s zero date reads as the revision’s own; totals as [] or left out count nothing', async () => {
    const read = await revisionsFrom({
      diffs: [
        { from: 0, to: 1, diff: { totals: [] } },
        { from: 1, to: 2, diff: {} },
      ],
      revisions: { 1: revision(1, { post_date_gmt: '0000-00-00 00:00:00' }), 2: revision(2) },
    });
    assert.equal(read.revisions[0].date, '2026-11-01T12:01:00Z');
    assert.deepEqual(read.diffs, [
      { from: 0, to: 1, add: 0, del: 0 },
      { from: 1, to: 2, add: 0, del: 0 },
    ]);
  });

  it('an answer without its revisions, or with them as a list of items, is unreadable and says where', async () => {
    await unreadable({ diffs: [] }, /revisions: /);
    await unreadable({ diffs: [], revisions: [revision(1)] }, /revisions/);
    await unreadable({ revisions: {} }, /diffs: Required/);
    await unreadable([], /the answer/);
  });

  it('a revision without its content or title, or with an author that is not a number, is unreadable', async () => {
    const { post_content: _content, ...noContent } = revision(1);
    await unreadable({ diffs: [], revisions: { 1: noContent } }, /revisions\.1\.post_content: Required/);
    await unreadable({ diffs: [], revisions: { 1: revision(1, { post_title: null }) } }, /revisions\.1\.post_title/);
    await unreadable({ diffs: [], revisions: { 1: revision(1, { post_author: 'ed' }) } }, /revisions\.1\.post_author/);
  });

  it('a date that is not a GMT date, or a revision with no date saved, is unreadable', async () => {
    await unreadable(
      { diffs: [], revisions: { 1: revision(1, { post_modified_gmt: 'yesterday' }) } },
      /revisions\.1\.post_modified_gmt: Expected a GMT date such as 2026-11-01 12:00:00/,
    );
    await unreadable(
      { diffs: [], revisions: { 1: revision(1, { post_date_gmt: '2026-11-01 12:00:00+02:00' }) } },
      /revisions\.1\.post_date_gmt/,
    );
    await unreadable(
      { diffs: [], revisions: { 1: revision(1, { post_modified_gmt: '0000-00-00 00:00:00' }) } },
      /revisions\.1\.post_modified_gmt: Expected the date the revision was saved/,
    );
  });

  it('a diff without its ends or with counts that are not numbers is unreadable', async () => {
    await unreadable({ diffs: [{ to: 1, diff: {} }], revisions: { 1: revision(1) } }, /diffs\.0\.from: Required/);
    await unreadable(
      { diffs: [{ from: 0, to: 1, diff: { totals: { add: 'many' } } }], revisions: { 1: revision(1) } },
      /diffs\.0\.diff\.totals/,
    );
  });
});
