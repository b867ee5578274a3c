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
});
