/** The list core's rules with a source the test controls: each answer is released when the test says. */
import * as assert from 'node:assert/strict';
import type { ContentSiteClient, Prepared } from '../../../src/api';
import { ListCore, type Page } from '../../../src/models/listCore';

interface Item {
  id: number;
  v: string;
}
type Deferred = { resolve: (p: Page<Item, number>) => void; reject: (e: unknown) => void };

/** Every page request waits in `waiting` until the test answers it. */
function controlled(compare?: (a: Item, b: Item) => number) {
  const waiting: Deferred[] = [];
  const client = {
    run: (p: Prepared<Page<Item, number>>) => p.parse(undefined) as unknown as Promise<Page<Item, number>>,
  } as unknown as ContentSiteClient;
  const list = new ListCore<Item, number>(
    {
      key: (i) => String(i.id),
      page: () => ({
        spec: { method: 'GET', version: '1', path: '/x' },
        parse: () => new Promise((resolve, reject) => waiting.push({ resolve, reject })) as never,
      }),
      compare,
    },
    () => client,
  );
  return { list, waiting };
}
const page = (...items: Array<[number, string]>): Page<Item, number> => ({ items: items.map(([id, v]) => ({ id, v })), next: undefined });
const shown = (list: ListCore<Item, number>) => list.items.map((i) => `${i.id}:${i.v}`).join(' ');
const tick = () => new Promise((r) => setImmediate(r));
const kind = (list: ListCore<Item, number>): string => list.state.kind;

describe('ListCore', () => {
  it('an operation shows at once, survives an older answer, and gives way to a fresher one', async () => {
    const { list, waiting } = controlled();
    const first = list.refresh();
    waiting.shift()!.resolve(page([1, 'a'], [2, 'a']));
    await first;
    const old = list.refresh(); // started before the operation was answered
    const op = list.begin(new Map([['1', (i: Item) => ({ ...i, v: 'mine' })]]));
    assert.equal(shown(list), '1:mine 2:a');
    op.confirm();
    waiting.shift()!.resolve(page([1, 'a'], [2, 'a'])); // an answer computed before the change
    await old;
    assert.equal(shown(list), '1:mine 2:a', 'the older snapshot does not undo it');
    const fresh = list.refresh(); // started after the answer: has the change
    waiting.shift()!.resolve(page([1, 'service'], [2, 'a']));
    await fresh;
    assert.equal(shown(list), '1:service 2:a', 'what the service says once it surely has the change');
  });

  it('a failed operation is dropped: what the service last sent shows, never the snapshot from before', async () => {
    const { list, waiting } = controlled();
    const first = list.refresh();
    waiting.shift()!.resolve(page([1, 'a']));
    await first;
    const op = list.begin(new Map([['1', () => undefined]]));
    assert.equal(shown(list), '');
    const r = list.refresh();
    waiting.shift()!.resolve(page([1, 'newer']));
    await r;
    assert.equal(shown(list), '', 'still hidden while pending');
    op.fail();
    assert.equal(shown(list), '1:newer');
  });

  it('a failed refresh keeps the items, in the error state; a later one clears the error', async () => {
    const { list, waiting } = controlled();
    const first = list.refresh();
    waiting.shift()!.resolve(page([1, 'a']));
    await first;
    const bad = list.refresh();
    assert.equal(kind(list), 'loading');
    waiting.shift()!.reject(new Error('reset'));
    await bad;
    assert.equal(kind(list), 'error');
    assert.equal(shown(list), '1:a');
    assert.ok(list.stale);
    const good = list.refresh();
    waiting.shift()!.resolve(page([1, 'b']));
    await good;
    assert.equal(kind(list), 'loaded');
  });

  it('an answer to a refresh overtaken by a newer one is ignored, and clear() ignores all', async () => {
    const { list, waiting } = controlled();
    const a = list.refresh();
    const b = list.refresh();
    waiting[1].resolve(page([2, 'new']));
    await tick();
    waiting[0].resolve(page([1, 'old']));
    await Promise.all([a, b]);
    assert.equal(shown(list), '2:new');
    const c = list.refresh();
    list.clear();
    waiting[2].resolve(page([3, 'x']));
    await c;
    assert.equal(shown(list), '');
    assert.equal(kind(list), 'idle');
  });

  it('looks items up by key without copying the list (20,000 lookups of 2,000 items)', async () => {
    const { list, waiting } = controlled();
    const first = list.refresh();
    waiting.shift()!.resolve({ items: Array.from({ length: 2000 }, (_, i) => ({ id: i, v: 'x' })), next: undefined });
    await first;
    const items = list.items;
    for (let n = 0; n < 20_000; n++) assert.equal(list.get(String(n % 2000))?.id, n % 2000);
    assert.equal(list.items, items, 'the shown list is built once per change, not per lookup');
  });

  it('a page from the last session shows at once, marked, until the first answer replaces it; an operation on it survives', async () => {
    const { list, waiting } = controlled();
    list.seed(
      [
        { id: 1, v: 'cached' },
        { id: 2, v: 'cached' },
      ],
      1234,
    );
    assert.equal(shown(list), '1:cached 2:cached');
    assert.ok(list.fromCache);
    assert.equal(list.loadedAt, 1234);
    const r = list.refresh();
    const op = list.begin(new Map([['2', (i: Item) => ({ ...i, v: 'mine' })]]));
    op.confirm();
    waiting.shift()!.resolve(page([1, 'fresh'], [2, 'fresh'], [3, 'fresh']));
    await r;
    assert.equal(shown(list), '1:fresh 2:mine 3:fresh', 'the refresh was asked before the operation was answered');
    assert.ok(!list.fromCache);
    list.seed([{ id: 9, v: 'late' }], 1);
    assert.equal(shown(list), '1:fresh 2:mine 3:fresh', 'a seed never replaces what was loaded');
  });

  describe('fetches that may add items (a pushed note)', () => {
    const all = () => true;
    async function loaded(...items: Array<[number, string]>) {
      const c = controlled();
      const first = c.list.refresh();
      c.waiting.shift()!.resolve(page(...items));
      await first;
      return c;
    }

    it('adds an item the list does not hold only when asked to, and says which it added', async () => {
      const { list } = await loaded([1, 'a']);
      assert.deepEqual(list.beginFetch()([{ id: 2, v: 'new' }]), []);
      assert.equal(shown(list), '1:a', 'a plain fetch only replaces');
      assert.deepEqual(
        list.beginFetch({ add: all })([
          { id: 2, v: 'new' },
          { id: 1, v: 'b' },
        ]),
        [{ id: 2, v: 'new' }],
      );
      assert.equal(shown(list), '1:b 2:new');
      assert.deepEqual(list.beginFetch({ add: (i) => i.v !== 'filtered' })([{ id: 3, v: 'filtered' }]), []);
      assert.equal(shown(list), '1:b 2:new', 'the caller may refuse an item (the view filter)');
    });

    it('an added item survives a first page that started before it and arrives after; a later page decides', async () => {
      const { list, waiting } = await loaded([1, 'a']);
      const older = list.refresh();
      list.beginFetch({ add: all })([{ id: 2, v: 'pushed' }]);
      waiting.shift()!.resolve(page([1, 'a']));
      await older;
      assert.equal(shown(list), '1:a 2:pushed', 'the page was asked before the note existed');
      const take = list.beginFetch({ add: all });
      const newer = list.refresh();
      waiting.shift()!.resolve(page([1, 'a']));
      await newer;
      take([{ id: 3, v: 'stale' }]);
      assert.equal(shown(list), '1:a', 'a page asked after the fetch left both out: they are gone');
    });

    it('an item found gone is not brought back by an answer that started before', async () => {
      const { list, waiting } = await loaded([1, 'a'], [2, 'a']);
      const slowAdd = list.beginFetch({ add: all });
      const slowChange = list.beginFetch();
      const older = list.refresh();
      list.beginFetch()([], ['2', '3']);
      assert.equal(shown(list), '1:a');
      slowAdd([{ id: 3, v: 'old copy' }]);
      slowChange([{ id: 2, v: 'old copy' }]);
      waiting.shift()!.resolve(page([1, 'a'], [2, 'a']));
      await older;
      assert.equal(shown(list), '1:a', 'neither the older fetches nor the older page bring 2 or 3 back');
    });

    it('an item that sorts past the loaded pages is left to the page that holds it', async () => {
      const { list, waiting } = controlled((a, b) => b.id - a.id);
      const first = list.refresh();
      waiting.shift()!.resolve({ items: [20, 19, 18].map((id) => ({ id, v: 'a' })), next: 18 });
      await first;
      list.beginFetch({ add: all })([
        { id: 21, v: 'new' },
        { id: 5, v: 'old' },
      ]);
      assert.equal(shown(list), '21:new 20:a 19:a 18:a');
    });

    it('nothing is added to a list that was never loaded (its first page will hold it)', () => {
      const { list } = controlled();
      assert.deepEqual(list.beginFetch({ add: all })([{ id: 1, v: 'x' }]), []);
      assert.equal(shown(list), '');
    });
  });

  describe('a first page read again merges into the pages loaded past it', () => {
    /** Pages whose requests the test answers, each recording the cursor it was asked with; `scope` is the source's. */
    function paged(options: { compare?: (a: Item, b: Item) => number; scope?: () => string } = {}) {
      const asked: Array<{ cursor: number | undefined } & Deferred> = [];
      const client = {
        run: (p: Prepared<Page<Item, number>>) => p.parse(undefined) as unknown as Promise<Page<Item, number>>,
      } as unknown as ContentSiteClient;
      const list = new ListCore<Item, number>(
        {
          key: (i) => String(i.id),
          page: (_c, cursor) => ({
            spec: { method: 'GET', version: '1', path: '/x' },
            parse: () => new Promise((resolve, reject) => asked.push({ cursor, resolve, reject })) as never,
          }),
          compare: options.compare,
          scope: options.scope,
        },
        () => client,
      );
      /** Answers the oldest waiting request with these ids (newest first), and the cursor after them. */
      const answer = async (ids: number[], next: number | undefined, v = 'a') => {
        asked.shift()!.resolve({ items: ids.map((id) => ({ id, v })), next });
        await tick();
      };
      return { list, asked, answer };
    }
    const newestFirst = (a: Item, b: Item) => b.id - a.id;
    const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, k) => from - k);
    const ids = (list: ListCore<Item, number>) => list.items.map((i) => i.id);

    /** Two pages of ten loaded: 30…21, then 20…11 (more after 11). */
    async function twoPages(options: Parameters<typeof paged>[0] = { compare: newestFirst }) {
      const p = paged(options);
      void p.list.refresh();
      await p.answer(range(30, 21), 21);
      void p.list.loadMore();
      await p.answer(range(20, 11), 11);
      assert.deepEqual(ids(p.list), range(30, 11));
      return p;
    }

    it('new items on top, changed ones replaced, ones gone from its range removed, and the pages past it kept with their cursor', async () => {
      const { list, asked, answer } = await twoPages();
      void list.refresh();
      // 32 and 31 are new, 28 is gone, 21 is pushed past the page's end; every copy is fresh.
      asked.shift()!.resolve({ items: [32, 31, 30, 29, 27, 26, 25, 24, 23, 22].map((id) => ({ id, v: 'fresh' })), next: 22 });
      await tick();
      assert.deepEqual(ids(list), [32, 31, 30, 29, ...range(27, 11)], 'all 21 loaded before, less the one gone, plus the new');
      assert.equal(list.get('30')?.v, 'fresh');
      assert.equal(list.get('21')?.v, 'a', 'past the page: as loaded');
      assert.equal(kind(list), 'loaded');
      assert.ok(list.hasMore);
      void list.loadMore();
      assert.equal(asked[0].cursor, 11, 'the next page follows the last one loaded, not the first page');
      await answer(range(10, 1), undefined);
      assert.deepEqual(ids(list), [32, 31, 30, 29, ...range(27, 1)]);
      assert.ok(!list.hasMore);
    });

    it('also for a list in the service’s order (no compare): what follows the last item the page holds again stays', async () => {
      const { list, asked } = await twoPages({});
      void list.refresh();
      asked.shift()!.resolve({ items: [32, 31, 30, 29, 27, 26, 25, 24, 23, 22].map((id) => ({ id, v: 'fresh' })), next: 22 });
      await tick();
      assert.deepEqual(ids(list), [32, 31, 30, 29, ...range(27, 11)]);
      void list.loadMore();
      assert.equal(asked[0].cursor, 11);
    });

    it('starts over at the first page when the page is the whole list, does not reach what is held, or is of another scope', async () => {
      {
        const { list, answer } = await twoPages();
        void list.refresh();
        await answer([31, 30, 29], undefined);
        assert.deepEqual(ids(list), [31, 30, 29], 'the whole list now');
        assert.ok(!list.hasMore);
      }
      {
        const { list, asked, answer } = await twoPages();
        void list.refresh();
        await answer(range(50, 41), 41);
        assert.deepEqual(ids(list), range(50, 41), '40…31 may lie between: not kept past a gap');
        void list.loadMore();
        assert.equal(asked[0].cursor, 41);
      }
      {
        let scope = 'comments';
        const { list, answer } = await twoPages({ compare: newestFirst, scope: () => scope });
        scope = 'likes';
        void list.refresh();
        await answer([29, 27, 25], 25);
        assert.deepEqual(ids(list), [29, 27, 25], 'another filter: nothing of the last one stays');
      }
    });

    it('with only the first page loaded, a page read again is the first page as before', async () => {
      const { list, asked, answer } = paged({ compare: newestFirst });
      void list.refresh();
      await answer(range(30, 21), 21);
      void list.refresh();
      await answer(range(32, 23), 23);
      assert.deepEqual(ids(list), range(32, 23));
      void list.loadMore();
      assert.equal(asked[0].cursor, 23);
    });

    it('a page loaded while the first page is read again (its answer held back) still follows the pages held', async () => {
      const { list, asked, answer } = paged({ compare: newestFirst });
      void list.refresh();
      await answer(range(30, 21), 21);
      void list.loadMore(); // the user asks for more…
      const more = asked.shift()!;
      assert.equal(more.cursor, 21);
      void list.refresh(); // …and a poll or a reconnect reads the first page meanwhile
      await answer([31, ...range(30, 22)], 22);
      more.resolve({ items: range(20, 11).map((id) => ({ id, v: 'a' })), next: 11 });
      await tick();
      assert.deepEqual(ids(list), range(31, 11), 'nothing lost at the seam (21), the page the user asked for shown');
      void list.loadMore();
      assert.equal(asked[0].cursor, 11);
    });

    it('tells the items a page read again brings within what was loaded (not the first load, another scope, or a page further down)', async () => {
      let scope = 'all';
      const { list, answer } = paged({ compare: newestFirst, scope: () => scope });
      const told: number[][] = [];
      list.onDidAdd((items) => told.push(items.map((i) => i.id)));
      void list.refresh();
      await answer(range(30, 21), 21);
      assert.deepEqual(told, [], 'the first load is not news');
      void list.refresh();
      await answer([32, 31, ...range(29, 22)], 22); // 30 gone, 21 past the page
      assert.deepEqual(told, [[32, 31]]);
      void list.loadMore();
      await answer(range(20, 11), 11);
      void list.refresh();
      await answer([32, 31, ...range(29, 22)], 22);
      assert.deepEqual(told, [[32, 31]], 'a page further down and a page read again with nothing new tell nothing');
      list.beginFetch({ add: () => true })([{ id: 33, v: 'pushed' }]);
      assert.deepEqual(told, [[32, 31], [33]], 'a fetch that adds tells too');
      scope = 'other';
      void list.refresh();
      await answer([40, 39], 39);
      assert.deepEqual(told, [[32, 31], [33]], 'another scope is not news');
    });

    it('a page loaded from a cursor the first page has started over from is not appended (it would leave a gap)', async () => {
      const { list, asked, answer } = await twoPages();
      void list.loadMore();
      const more = asked.shift()!;
      void list.refresh();
      await answer(range(50, 41), 41); // does not reach what is held: starts over
      more.resolve({ items: range(10, 1).map((id) => ({ id, v: 'a' })), next: undefined });
      await tick();
      assert.deepEqual(ids(list), range(50, 41));
      assert.ok(list.hasMore);
    });
  });
});
