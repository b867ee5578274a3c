/**
 * One fresh process: renders the notifications tree (getChildren + getTreeItem of every row) for
 * `--notes N` notes fetched from the reference service, the first time and then warm (median of 20).
 * Prints JSON `{ notes, firstMs, warmMs, pagesMs, pageMaxMs }` (the list's work as the pages arrived: in all, and the most for one page) on its last line. Run by run.ts, several times, built
 * like the extension (`scripts/build.mjs --bench` → out/bench/tree.js: minified, as it ships; tsx
 * would wrap every function it creates to keep its name).
 */
import './vscodeStub';
import { performance } from 'node:perf_hooks';
import { ContentSiteClient } from '../../src/api';
import { LoadCoordinator } from '../../src/models/loadCoordinator';
import { NotificationsModel } from '../../src/models/notificationsModel';
import { NotificationsProvider } from '../../src/views/notifications/notificationsProvider';
import { startService } from '../../test/service';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};

async function main(): Promise<void> {
  const want = arg('--notes', 520);
  const svc = await startService({ seed: { notes: want } });
  const api = new ContentSiteClient({ baseUrl: svc.restUrl, token: 'cs-demo-token' });
  const model = new NotificationsModel({ client: () => api, pageSize: () => 99 });
  // The list's own work as each page arrives (what it shows: each note's actions are read there,
  // before any row is built), timed apart from the render and added up.
  const pages: number[] = [];
  const shown = (): number => {
    const t = performance.now();
    const n = model.notes.length;
    pages.push(performance.now() - t);
    return n;
  };
  await model.refresh();
  while (shown() < want && model.hasMore) await model.loadMore();
  await api.close();
  await svc.close();
  const provider = new NotificationsProvider(model, { gate: () => true, coordinator: new LoadCoordinator(() => api) });
  const render = (): number => {
    const t = performance.now();
    for (const group of provider.getChildren()) {
      provider.getTreeItem(group);
      for (const note of provider.getChildren(group)) provider.getTreeItem(note);
    }
    return performance.now() - t;
  };
  const firstMs = render();
  const warm = Array.from({ length: 20 }, render).sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      notes: model.notes.length,
      firstMs,
      warmMs: warm[10],
      pagesMs: pages.reduce((a, b) => a + b, 0),
      pageMaxMs: Math.max(...pages),
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
