/**
 * Approving 20 selected comments, three ways, each on a fresh service with 50 ms of latency:
 * this extension (NoteActionsModel.toggle on the selection: the POSTs PARALLEL_ACTIONS at a time,
 * then one request reading the notes back), one request per comment made one after another (what a
 * user clicking through the web panel or a naive client does), and all 20 requests at once.
 * The service has no bulk moderation endpoint, so every way sends one POST per comment.
 */
import { performance } from 'node:perf_hooks';
import { ContentSiteClient, noteActions } from '../../src/api';
import { NoteActionsModel } from '../../src/models/noteActionsModel';
import { NotificationsModel } from '../../src/models/notificationsModel';
import { startService } from '../../test/service';

export interface ApproveCost {
  who: string;
  requests: number;
  approved: number;
  ms: number;
}

const WANT = 20;

async function once(latencyMs: number, how: 'extension' | 'one by one' | 'all at once'): Promise<ApproveCost> {
  const svc = await startService({ latencyMs, seed: { notes: 520 } });
  const api = new ContentSiteClient({ baseUrl: svc.restUrl, token: 'cs-demo-token' });
  try {
    const notes = new NotificationsModel({ client: () => api, pageSize: () => 99 });
    await notes.refresh();
    // Setup, not measured: the first WANT comments the notes moderate are made pending on the service.
    for (const n of notes.notes.filter((n) => noteActions(n).approve).slice(0, WANT)) svc.world().comments.get(noteActions(n).approve!.comment)!.status = 'unapproved';
    await notes.refresh();
    const pending = notes.notes.filter((n) => noteActions(n).approve?.value === false).slice(0, WANT);
    if (pending.length < WANT) throw new Error(`The seed has ${pending.length} pending comment notes, fewer than ${WANT}.`);
    const targets = pending.map((n) => noteActions(n).approve!);
    svc.requests.length = 0;
    const t = performance.now();
    if (how === 'extension') await new NoteActionsModel({ notes, client: () => api }).toggle(pending.map((n) => n.id), 'approve', true);
    else if (how === 'all at once') await Promise.all(targets.map((a) => api.comments.setStatus(a.site, a.comment, 'approved')));
    else for (const a of targets) await api.comments.setStatus(a.site, a.comment, 'approved');
    const ms = performance.now() - t;
    const approved = targets.filter((a) => svc.world().comments.get(a.comment)?.status === 'approved').length;
    return { who: how, requests: svc.requests.filter((r) => r.path.startsWith('/rest/')).length, approved, ms };
  } finally {
    await api.close();
    await svc.close();
  }
}

/** The median of `runs` runs of each way. */
export async function approveMany(latencyMs: number, runs = 5): Promise<ApproveCost[]> {
  const out: ApproveCost[] = [];
  for (const how of ['extension', 'one by one', 'all at once'] as const) {
    const costs: ApproveCost[] = [];
    for (let i = 0; i < runs; i++) costs.push(await once(latencyMs, how));
    costs.sort((a, b) => a.ms - b.ms);
    out.push(costs[Math.floor(costs.length / 2)]);
  }
  return out;
}

if (require.main === module) {
  approveMany(50).then(
    (costs) => console.log(JSON.stringify(costs)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
