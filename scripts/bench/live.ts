/**
 * Live notes on the bench's service (its latency on every REST request), side by side with
 * polling at 30 s: what an idle hour costs with the push socket up (pings only: measured over a
 * hour shrunk a thousandfold, the service pinging every 27 ms instead of 27 s), how long a note
 * takes from its creation on the service to the model holding it (50 notes, median and p95), and
 * the requests a burst of 100 pushes costs. The socket is the extension's own (LiveSession, with
 * the client's undici WebSocket).
 */
import * as diagnostics from 'node:diagnostics_channel';
import { ContentSiteClient } from '../../src/api';
import { LiveSession } from '../../src/models/liveSession';
import { NotificationsModel } from '../../src/models/notificationsModel';
import { startService, type RunningService } from '../../test/service';

const TOKEN = 'cs-demo-token';
const until = async (done: () => boolean, ms = 10_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('Timed out in the live bench.');
    await new Promise((r) => setTimeout(r, 1));
  }
};

const restRequests = (svc: RunningService) => svc.requests.filter((r) => r.path.startsWith('/rest/'));

async function liveAgainst(svc: RunningService) {
  const api = new ContentSiteClient({ baseUrl: svc.restUrl, token: TOKEN });
  const model = new NotificationsModel({ client: () => api, pageSize: () => 20 });
  await model.refresh();
  const session = new LiveSession({ client: () => api, model, onUnauthorized: () => undefined });
  session.start();
  await until(() => session.mode === 'live');
  await until(() => model.state.kind === 'loaded');
  await session.notes.idle();
  return { api, model, session };
}

export interface LiveFigures {
  idleHour: { requests: number; pings: number; bytes: number };
  arrival: { median: number; p95: number; notes: number };
  burst: { pushes: number; fetches: number; shown: boolean };
}

/**
 * An idle hour with the socket up, shrunk: REST requests sent, and the pings the client saw (on
 * undici's diagnostics channel, as the push client watches them). A ping with no payload is 2 bytes
 * on the wire and its pong, masked, 6.
 */
async function idleHour(): Promise<LiveFigures['idleHour']> {
  const scale = 1000;
  const svc = await startService({ port: 0, pingMs: 27_000 / scale });
  let pings = 0;
  const seen = () => void pings++;
  try {
    const { session } = await liveAgainst(svc);
    const before = restRequests(svc).length;
    diagnostics.subscribe('undici:websocket:ping', seen);
    await new Promise((r) => setTimeout(r, 3_600_000 / scale));
    diagnostics.unsubscribe('undici:websocket:ping', seen);
    const requests = restRequests(svc).length - before;
    session.dispose();
    return { requests, pings, bytes: pings * 8 };
  } finally {
    await svc.close();
  }
}

/** From the service creating a note (another user's comment on the demo user's post) to the model holding it. */
async function arrival(latencyMs: number, notes = 50): Promise<LiveFigures['arrival']> {
  const svc = await startService({ port: 0, latencyMs });
  try {
    const { model, session } = await liveAgainst(svc);
    const times: number[] = [];
    for (let i = 0; i < notes; i++) {
      const { note_id } = await svc.push.comment({ by: i % 2 ? 'ed' : 'ann', post: 100, content: `Bench comment ${i}, as it happens.` });
      const created = performance.now();
      await until(() => model.get(note_id) !== undefined);
      times.push(performance.now() - created);
    }
    session.dispose();
    const sorted = [...times].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.ceil(sorted.length * 0.95) - 1], notes };
  } finally {
    await svc.close();
  }
}

/** 100 notes changed at once on the service (marked unread by hand, then pushed): the fetches they cost. */
async function burst(latencyMs: number): Promise<LiveFigures['burst']> {
  const svc = await startService({ port: 0, latencyMs, seed: { notes: 120 } });
  try {
    const { model, session } = await liveAgainst(svc);
    const mine = svc
      .world()
      .notes.filter((n) => n.userId === 1001)
      .slice(0, 100);
    for (const n of mine) n.unread = n.unread > 0 ? 0 : 1;
    svc.requests.length = 0;
    svc.push.sync();
    const shownNow = () => mine.filter((n) => model.get(n.id)).every((n) => model.get(n.id)!.unread > 0 === n.unread > 0);
    await until(shownNow, 15_000);
    await session.notes.idle();
    const fetches = restRequests(svc).length;
    session.dispose();
    return { pushes: mine.length, fetches, shown: shownNow() };
  } finally {
    await svc.close();
  }
}

export async function liveFigures(latencyMs: number): Promise<LiveFigures> {
  return { idleHour: await idleHour(), arrival: await arrival(latencyMs), burst: await burst(latencyMs) };
}
