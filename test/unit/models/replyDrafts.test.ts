import * as assert from 'node:assert/strict';
import { DRAFT_TTL_MS, DRAFTS_MAX, ReplyDrafts } from '../../../src/models/replyDrafts';
import { memento } from '../helpers';

describe('reply drafts', () => {
  it('keeps a draft per note and per user, until cleared', () => {
    const store = memento();
    let user = 'demo';
    const drafts = new ReplyDrafts(store, () => user);
    drafts.set(60005, 'Thanks @ed');
    assert.equal(drafts.get(60005), 'Thanks @ed');
    assert.equal(drafts.get(60000), '');
    user = 'ed';
    assert.equal(drafts.get(60005), '', "another user's drafts are not shown");
    user = 'demo';
    drafts.clear(60005);
    assert.equal(drafts.get(60005), '');
  });

  it('forgets a draft a day old', () => {
    let now = 1_000_000;
    const drafts = new ReplyDrafts(
      memento(),
      () => 'u',
      () => now,
    );
    drafts.set(1, 'hello');
    now += DRAFT_TTL_MS - 1;
    assert.equal(drafts.get(1), 'hello');
    now += 2;
    assert.equal(drafts.get(1), '');
  });

  it('keeps the newest DRAFTS_MAX drafts and ignores a malformed store', () => {
    let now = 1;
    const store = memento({ 'contentSite.replyDrafts:u': { x: 1, 2: 'text', 3: { text: 5, at: 1 } } });
    const drafts = new ReplyDrafts(
      store,
      () => 'u',
      () => now,
    );
    assert.equal(drafts.get(2), '');
    for (let id = 1; id <= DRAFTS_MAX + 5; id++) {
      now++;
      drafts.set(id, `draft ${id}`);
    }
    assert.equal(drafts.get(1), '', 'the oldest went first');
    assert.equal(drafts.get(DRAFTS_MAX + 5), `draft ${DRAFTS_MAX + 5}`);
    assert.equal(Object.keys(store.data.get('contentSite.replyDrafts:u') as object).length, DRAFTS_MAX);
  });
});
