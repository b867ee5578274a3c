/**
 * First paint from the last session (FirstPaint): the kept pages go into the lists only once
 * the stored session is known (it is read without holding activation up), only for that user and
 * address, and never over a page that loaded meanwhile.
 */
import * as assert from 'node:assert/strict';
import type { ContentSiteClient, Prepared } from '../../../src/api';
import { ChosenSite } from '../../../src/models/chosenSite';
import { cacheOwner, withFirstPage } from '../../../src/models/firstPageCache';
import { ListCore, type Page } from '../../../src/models/listCore';
import { FirstPaint } from '../../../src/views/common/firstPaint';
import { STORAGE_KEYS } from '../../../src/ids';
import { memento } from '../helpers';

interface Item {
  id: number;
}
const BASE = 'http://127.0.0.1:1/rest';

/** A list whose one page request answers `[{id: 7}]` when the test calls `answer()`. */
function list() {
  let answer: () => void = () => undefined;
  const client = { run: (p: Prepared<Page<Item, number>>) => p.parse(undefined) } as unknown as ContentSiteClient;
  const core = new ListCore<Item, number>(
    {
      key: (i) => String(i.id),
      page: () => ({
        spec: { method: 'GET', version: '1', path: '/x' },
        parse: () => new Promise((resolve) => (answer = () => resolve({ items: [{ id: 7 }], next: undefined }))) as never,
      }),
    },
    () => client,
  );
  return { core, answer: () => answer() };
}

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const kept = withFirstPage(undefined, cacheOwner(1001, BASE), 'notes', [{ id: 1 }, { id: 2 }], 1234);
const ids = (core: ListCore<Item, number>) => core.items.map((i) => i.id).join(' ');
const notes = (core: ListCore<Item, number>) => ({ name: () => 'notes', list: core, read: (i: unknown) => i, pageSize: () => 20 });

/** First paint over the kept record, with the one list `notes` added. */
function paintWith(who: () => { userId: number; baseUrl: string } | undefined, known: Promise<void>, core: ListCore<Item, number>) {
  const paint = new FirstPaint(memento({ [STORAGE_KEYS.firstPages]: kept }) as never, who, new ChosenSite(), known);
  paint.add(notes(core));
  return paint;
}

describe('First paint from the last session (FirstPaint)', () => {
  it('puts the kept page in once the session is known, not before, and then says so', async () => {
    const { core } = list();
    const session: { who?: { userId: number; baseUrl: string } } = {};
    const known = deferred();
    const bound = paintWith(() => session.who, known.promise, core);
    let seeded = false;
    void bound.seeded.then(() => (seeded = true));
    await new Promise((r) => setImmediate(r));
    assert.equal(ids(core), '', 'nothing before the session is read');
    assert.equal(seeded, false);
    session.who = { userId: 1001, baseUrl: BASE };
    known.resolve();
    await bound.seeded;
    assert.equal(ids(core), '1 2');
    assert.ok(core.fromCache);
    assert.equal(core.loadedAt, 1234);
    bound.dispose();
  });

  it('puts nothing in for no session, another user, or after sign-out forgot the pages', async () => {
    for (const [who, forget] of [
      [undefined, false],
      [{ userId: 1002, baseUrl: BASE }, false],
      [{ userId: 1001, baseUrl: BASE }, true],
    ] as const) {
      const { core } = list();
      const known = deferred();
      const bound = paintWith(() => who, known.promise, core);
      if (forget) await bound.forget();
      known.resolve();
      await bound.seeded;
      assert.equal(ids(core), '', JSON.stringify({ who, forget }));
      bound.dispose();
    }
  });

  it('a list whose kept page cannot be read at all (its reader throws) stays empty; the others paint and seeded still resolves', async () => {
    const a = list();
    const b = list();
    const record = withFirstPage(kept, cacheOwner(1001, BASE), 'other', [{ id: 3 }], 99);
    const bound = new FirstPaint(
      memento({ [STORAGE_KEYS.firstPages]: record }) as never,
      () => ({ userId: 1001, baseUrl: BASE }),
      new ChosenSite(),
    );
    for (const l of [
      {
        name: () => 'notes',
        list: a.core,
        read: () => {
          throw new Error('the schemas could not be loaded');
        },
        pageSize: () => 20,
      },
      { name: () => 'other', list: b.core, read: (i: unknown) => i, pageSize: () => 20 },
    ])
      bound.add(l);
    await bound.seeded;
    assert.equal(ids(a.core), '');
    assert.equal(ids(b.core), '3');
    bound.dispose();
  });

  it('never puts the kept page over one that loaded while the session was read (a sign-in meanwhile)', async () => {
    const { core, answer } = list();
    const known = deferred();
    const bound = paintWith(() => ({ userId: 1001, baseUrl: BASE }), known.promise, core);
    const loading = core.refresh();
    answer();
    await loading;
    known.resolve();
    await bound.seeded;
    assert.equal(ids(core), '7');
    assert.ok(!core.fromCache);
    bound.dispose();
  });

  it('paints a list added after the session was read from what was read then', async () => {
    const { core } = list();
    const paint = new FirstPaint(
      memento({ [STORAGE_KEYS.firstPages]: kept }) as never,
      () => ({ userId: 1001, baseUrl: BASE }),
      new ChosenSite(),
    );
    await paint.seeded;
    paint.add(notes(core));
    assert.equal(ids(core), '1 2');
    paint.dispose();
  });
});
