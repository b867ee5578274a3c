/**
 * The agent's read tools (src/tools/tools.work.ts, over the bench's vscode stub): each one's first
 * call, as an agent makes it in a new window (its view's model not loaded yet), on the demo site and
 * on a service whose user has 1,000 notes: the requests it sent, the size of its answer (the goal is
 * one request each, at most 8 KB a page), and its time.
 */
import './vscodeStub';
import { performance } from 'node:perf_hooks';
import { ContentSiteClient } from '../../src/api';
import { ChosenSite } from '../../src/models/chosenSite';
import { CommentsModel } from '../../src/models/commentsModel';
import { FollowingModel } from '../../src/models/followingModel';
import { NoteActionsModel } from '../../src/models/noteActionsModel';
import { NotificationsModel } from '../../src/models/notificationsModel';
import { SiteChanges } from '../../src/models/siteChanges';
import { TrashModel } from '../../src/models/trashModel';
import { ReaderPosts } from '../../src/services/readerPosts';
import { SETTINGS } from '../../src/settings';
import { toolWork, type ToolSources } from '../../src/tools/tools.work';
import { startService, type RunningService } from '../../test/service';

export interface ToolFigure {
  tool: string;
  service: string;
  requests: number;
  bytes: number;
  ms: number;
}

/** Each read tool and the input an agent gives it first. */
const READS: Array<[string, object]> = [
  ['contentSite_notifications_unread', {}],
  ['contentSite_comments_pending', {}],
  ['contentSite_posts_search', { text: 'the' }],
  ['contentSite_posts_read', { id: 101 }],
  ['contentSite_following_unseen', {}],
  ['contentSite_insights', {}],
];

/** The tools as a new window has them: every model made, none loaded. */
function tools(svc: RunningService) {
  const api = new ContentSiteClient({ baseUrl: svc.restUrl, token: 'cs-demo-token' });
  const client = () => api;
  const changes = new SiteChanges();
  const site = new ChosenSite();
  site.set('demo.example.blog');
  const notes = new NotificationsModel({ client, pageSize: () => SETTINGS.notificationsPageSize.default });
  const following = new FollowingModel({ client, pageSize: () => SETTINGS.followingPageSize.default, changes });
  const readerPosts = new ReaderPosts({ client, changes });
  readerPosts.add('following', following, {} as never);
  const quiet = { info: () => undefined, warn: () => undefined } as unknown as ToolSources['shared']['log'];
  const work = toolWork({
    shared: { log: quiet, client, auth: { current: () => ({}) } as never, site, readerPosts },
    notifications: { model: notes, noteActions: new NoteActionsModel({ notes, client }) },
    comments: { model: new CommentsModel({ client, site, pageSize: () => SETTINGS.commentsPageSize.default, changes }) },
    following: { model: following },
    trash: { model: new TrashModel({ client, site, pageSize: () => SETTINGS.trashPageSize.default, changes }) },
    siteFolder: { loaded: () => Promise.reject(new Error('no site folder in the bench')) },
  });
  return { work, api };
}

async function figuresOn(label: string, svc: RunningService): Promise<ToolFigure[]> {
  const out: ToolFigure[] = [];
  for (const [name, input] of READS) {
    // A new window for each tool: what it asks is its own.
    const { work, api } = tools(svc);
    await api.me();
    svc.requests.length = 0;
    const t = performance.now();
    const result = (await work.invoke(name, input)) as unknown as { content: Array<{ value: string }> };
    const ms = performance.now() - t;
    const text = result.content.map((p) => p.value).join('');
    const answer = JSON.parse(text) as { refused?: boolean; said: string };
    if (answer.refused) throw new Error(`${name} refused on ${label}: ${answer.said}`);
    out.push({
      tool: name,
      service: label,
      requests: svc.requests.filter((r) => r.path.startsWith('/rest/')).length,
      bytes: Buffer.byteLength(text),
      ms,
    });
    await api.close();
  }
  return out;
}

/** Every read tool on the demo site and on 1,000 notes, each from a new window. */
export async function toolFigures(latencyMs: number): Promise<ToolFigure[]> {
  const out: ToolFigure[] = [];
  for (const [label, seed] of [
    ['the demo site', {}],
    ['1,000 notes', { notes: 1000 }],
  ] as const) {
    const svc = await startService({ latencyMs, seed });
    try {
      out.push(...(await figuresOn(label, svc)));
    } finally {
      await svc.close();
    }
  }
  return out;
}

if (process.argv.includes('--print'))
  void toolFigures(Number(process.env.LATENCY ?? 30)).then((f) => {
    for (const x of f)
      console.log(`| ${x.tool} | ${x.service} | ${x.requests} | ${(x.bytes / 1024).toFixed(1)} KB | ${x.ms.toFixed(0)} ms |`);
  });
