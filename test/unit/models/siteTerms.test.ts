import * as assert from 'node:assert/strict';
import type { ContentSiteClient, SiteTerm, TermKind, TermListParams } from '../../../src/api';
import { SiteTerms } from '../../../src/models/siteTerms';

const term = (i: number): SiteTerm => ({ ID: i, name: `Term ${i}`, slug: `term-${i}`, post_count: i });

/** A client whose terms listing answers from `count` terms, a page at a time, each call recorded (and held while `hold` is set). */
function fakeClient(count: () => number) {
  const calls: Array<{ site: string; kind: TermKind; params: TermListParams }> = [];
  let hold: Promise<void> | undefined;
  let fail = false;
  const client = {
    terms: {
      list: async (site: string, kind: TermKind, params: TermListParams) => {
        calls.push({ site, kind, params });
        await hold;
        if (fail) throw new Error('network');
        const all = Array.from({ length: count() }, (_, i) => term(i + 1));
        const from = ((params.page ?? 1) - 1) * (params.number ?? 100);
        return { found: all.length, terms: all.slice(from, from + (params.number ?? 100)) };
      },
    },
  } as unknown as ContentSiteClient;
  return {
    client,
    calls,
    holdUntil: (p: Promise<void> | undefined) => {
      hold = p;
    },
    failing: (f: boolean) => (fail = f),
  };
}

describe("A site's categories and tags, kept per site", () => {
  it('reads every page once, then answers from what it holds until it is old', async () => {
    let now = 0;
    let count = 5;
    const fake = fakeClient(() => count);
    const terms = new SiteTerms({ client: () => fake.client, now: () => now, pageSize: 2, maxAgeMs: 1000 });
    assert.equal((await terms.get('a.blog', 'categories')).length, 5);
    assert.deepEqual(
      fake.calls.map((c) => c.params.page),
      [1, 2, 3],
    );
    await terms.get('a.blog', 'categories');
    assert.equal(fake.calls.length, 3, 'no request while recent');
    count = 6;
    now = 1001;
    assert.equal((await terms.get('a.blog', 'categories')).length, 6, 'old: read again');
    await terms.get('a.blog', 'tags');
    assert.equal(fake.calls.filter((c) => c.kind === 'tags').length, 3);
  });

  it('one read at a time: two asks while a read is held make one request', async () => {
    const fake = fakeClient(() => 1);
    const terms = new SiteTerms({ client: () => fake.client });
    let release!: () => void;
    fake.holdUntil(new Promise<void>((r) => (release = r)));
    const a = terms.get('a.blog', 'categories');
    const b = terms.get('a.blog', 'categories');
    assert.equal(terms.peek('a.blog', 'categories'), undefined, 'nothing known yet');
    release();
    assert.deepEqual(await a, await b);
    assert.equal(fake.calls.length, 1);
  });

  it('a failed read keeps what was known; with nothing known it rejects', async () => {
    let now = 0;
    const fake = fakeClient(() => 2);
    const terms = new SiteTerms({ client: () => fake.client, now: () => now, maxAgeMs: 10 });
    fake.failing(true);
    await assert.rejects(terms.get('a.blog', 'categories'), /network/);
    fake.failing(false);
    assert.equal((await terms.get('a.blog', 'categories')).length, 2);
    fake.failing(true);
    now = 100;
    assert.equal((await terms.get('a.blog', 'categories')).length, 2, 'the old terms, not a failure');
  });

  it('told the site may have new terms (a publish), the next ask reads again; peek starts a read and says when it arrived', async () => {
    const fake = fakeClient(() => 1);
    const terms = new SiteTerms({ client: () => fake.client });
    const arrived: string[] = [];
    terms.onDidChange((e) => arrived.push(`${e.kind}:${e.site}`));
    assert.equal(terms.peek('a.blog', 'categories'), undefined);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(arrived, ['categories:a.blog']);
    assert.equal(terms.peek('a.blog', 'categories')?.length, 1);
    terms.stale('a.blog');
    await terms.get('a.blog', 'categories');
    assert.equal(fake.calls.length, 2);
  });
});
