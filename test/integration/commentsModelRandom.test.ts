/**
 * The Comments model against the reference service, in random sequences: approve, unapprove, spam,
 * trash, restore, delete for good and undo, each answered, held back while another action runs,
 * lost after the service applied it, or lost before it reached the service. After each step has
 * settled, every group's rows, every group's count and the badge must be what the service holds
 * (asked directly, not through the model). The sequences come from a seeded PRNG: a failure names
 * its seed and the steps that led to it; COMMENTS_MODEL_SEED=n runs the sequences from seed n.
 */
import * as assert from 'node:assert/strict';
import type { ContentSiteClient } from '../../src/api';
import { COMMENT_GROUPS } from '../../src/models/commentQueue';
import { CommentsModel } from '../../src/models/commentsModel';
import { SiteChanges } from '../../src/models/siteChanges';
import { startHoldProxy, type HoldProxy } from './holdProxy';
import { siteOf, useClientAndService } from './setup';
import { rng } from '../service/seed';
import { manualTimers } from './manualTimers';

const SITE = 'demo.example.blog';
const SEQUENCES = 30;
const STEPS = 15;
/** A step that has not settled by then is a hang, reported with its seed. */
const STEP_MS = 5_000;

const { svc, client } = useClientAndService();
let proxy: HoldProxy;
before(async () => {
  proxy = await startHoldProxy(svc().restUrl);
});
after(() => proxy.close());

type Action = 'approve' | 'unapprove' | 'spam' | 'trash' | 'restore' | 'delete' | 'undo';
const ACTIONS: readonly Action[] = ['approve', 'unapprove', 'spam', 'trash', 'restore', 'delete', 'undo'];
/** What becomes of the action's request: answered; its answer held back while another action runs; lost after the service applied it; lost before. */
type Fate = 'answered' | 'held' | 'lost' | 'lost-unapplied';
const FATES: readonly Fate[] = ['answered', 'held', 'lost', 'lost-unapplied'];

/** The comments the model offers `action` for, as the rows show them. */
function offered(m: CommentsModel, action: Action): number[] {
  const shown = COMMENT_GROUPS.flatMap((g) => m.queue(g).items.map((c) => c.ID));
  switch (action) {
    case 'approve':
      return m.offering(shown, 'approve', true);
    case 'unapprove':
      return m.offering(shown, 'approve', false);
    case 'undo':
      return m.offering(shown, 'trash');
    default:
      return m.offering(shown, action);
  }
}

/** Starts the action on one comment; resolves once the model has settled it. */
function act(m: CommentsModel, clock: ReturnType<typeof manualTimers>, action: Action, id: number): Promise<unknown> {
  switch (action) {
    case 'approve':
      return m.toggle([id], 'approve', true);
    case 'unapprove':
      return m.toggle([id], 'approve', false);
    case 'restore':
      return m.restore([id]);
    case 'delete':
      return m.deleteForGood([id]);
    case 'undo': {
      const removal = m.remove([id], 'trash')!;
      assert.equal(removal.undo(), 'undone');
      return removal.done;
    }
    default: {
      const removal = m.remove([id], action)!;
      clock.endAll();
      return removal.done;
    }
  }
}

/** Where the action's request goes (trash and delete for good: `…/delete` under it). */
const commentPath = (id: number) => `/rest/v1.1/sites/${SITE}/comments/${id}`;

/** Rejects with `what` when `p` has not settled within STEP_MS. */
async function bounded<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${STEP_MS} ms`)), STEP_MS);
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every group's rows and count, and the badge, against what the service lists for each status. */
async function compare(m: CommentsModel, direct: ContentSiteClient): Promise<void> {
  for (const g of COMMENT_GROUPS) {
    const page = await direct.comments.list(SITE, { status: g, number: 100 });
    const onService = page.comments.map((c) => c.ID).sort((a, b) => a - b);
    const rows = m
      .queue(g)
      .items.map((c) => c.ID)
      .sort((a, b) => a - b);
    assert.deepEqual(rows, onService, `${g}: the rows are not the service's comments`);
    assert.equal(m.count(g), page.found, `${g}: the count is not the service's`);
    if (g === 'unapproved') assert.equal(m.pendingCount, page.found, "the badge is not the service's pending count");
  }
}

async function runSequence(seed: number): Promise<void> {
  const random = rng(seed);
  const pick = <T>(from: readonly T[]): T => from[Math.floor(random() * from.length)];
  svc().reset();
  const clock = manualTimers();
  const direct = client('cs-demo-token');
  const m = new CommentsModel({
    client: (() => {
      const viaProxy = client('cs-demo-token', { baseUrl: proxy.restUrl });
      return () => viaProxy;
    })(),
    site: siteOf(SITE),
    pageSize: () => 100,
    changes: new SiteChanges(),
    timers: clock.timers,
  });
  const steps: string[] = [];
  try {
    await m.refresh();
    await compare(m, direct);
    for (let step = 0; step < STEPS; step++) {
      const possible = ACTIONS.filter((a) => offered(m, a).length > 0);
      const action = pick(possible);
      const id = pick(offered(m, action));
      const fate: Fate = action === 'undo' ? 'answered' : pick(FATES);
      steps.push(`${action} ${id} (${fate})`);
      const path = commentPath(id);
      if (fate === 'lost-unapplied') svc().queueFault({ method: 'POST', path, count: 1, fault: 'reset' });
      const hold =
        fate === 'held' || fate === 'lost' ? proxy.hold('POST', path, fate === 'held' ? 'response' : 'lose-response') : undefined;
      if (fate === 'lost') hold!.release();
      const first = act(m, clock, action, id);
      if (fate === 'held') {
        // The service has applied it; while its answer waits, another action runs to its end.
        await bounded(hold!.answered, `step ${step}: the held request`);
        const others = ACTIONS.filter((a) => a !== 'undo' && offered(m, a).some((x) => x !== id));
        if (others.length > 0) {
          const second = pick(others);
          const other = pick(offered(m, second).filter((x) => x !== id));
          steps.push(`  while held: ${second} ${other}`);
          await bounded(act(m, clock, second, other), `step ${step}: ${second} ${other}`);
        }
        hold!.release();
      }
      await bounded(first, `step ${step}: ${action} ${id}`);
      assert.deepEqual(m.pending, [], 'no removal still waits');
      await compare(m, direct);
    }
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new Error(`seed ${seed} (COMMENTS_MODEL_SEED=${seed} runs it first), after:\n    ${steps.join('\n    ')}\n  ${why}`, {
      cause: err,
    });
  } finally {
    m.dispose();
  }
}

describe('The Comments model in random sequences of moderation, with answers held back and lost', () => {
  it(`${SEQUENCES} sequences of ${STEPS} steps: after each, every group, every count and the badge are the service's`, async function () {
    this.timeout(180_000);
    const first = Number(process.env.COMMENTS_MODEL_SEED ?? 1);
    for (let seed = first; seed < first + SEQUENCES; seed++) await runSequence(seed);
  });
});
