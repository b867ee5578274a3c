/**
 * The work of the language model tools (features/tools.ts registers them; this loads with the
 * first call): every call is checked against its schema, then refused with the reason when signed
 * out, without a chosen site, or (a tool that changes anything) in Restricted Mode; a change asks
 * first (`prepare`: the confirmation names exactly what will change) and goes through the model
 * its view renders (toolItems.ts), so the view shows it at once and a removal waits for Undo.
 * Every result is JSON: the tool's own words in `said`, what people wrote on the site apart in
 * `siteContent` fields, at most TOOL_LIMITS.resultBytes, with `next` for the next page.
 */
import * as vscode from 'vscode';
import type { ContentSiteClient, PostV11 } from '../api';
import type { ContentSiteError } from '../api/errors';
import { localized } from '../localize';
import type { ActionEntry } from '../models/actionCatalog';
import type { ChosenSite } from '../models/chosenSite';
import type { CommentsModel } from '../models/commentsModel';
import type { FollowingModel } from '../models/followingModel';
import type { NoteActionsModel } from '../models/noteActionsModel';
import type { NotificationsModel } from '../models/notificationsModel';
import type { TrashModel } from '../models/trashModel';
import type { ReaderPosts } from '../services/readerPosts';
import { SiteModel } from '../models/siteModel';
import { InsightsModel } from '../models/insightsModel';
import { summaryRows, toSeries } from '../models/insightSeries';
import type { Shared } from '../services/shared';
import type { SiteFolders } from '../commands/siteFolders';
import type { SiteFolderCommands } from '../commands/siteFolderCommands';
import { resolve } from 'node:path';
import type { SiteFolderSession } from '../commands/siteFolderSession';
import type { FolderGroup } from '../models/siteFolderModel';
import type { SyncOutcome } from '../writing/siteSync';
import { COMMANDS } from '../ids';
import { offerUndo } from '../commands/undoMessage';
import { confirmation } from '../views/common/hover';
import { md, type Md } from '../views/common/markdown';
import { bounded, htmlText, pageOf, siteContent, startOf } from './siteContent';
import { checkInput, TOOL_BY_NAME, TOOL_LIMITS, type ReadTool, type ToolSpec } from './toolCatalog';
import {
  commentItems,
  commentText,
  noteItems,
  noteText,
  readerItems,
  readerText,
  type ItemId,
  type ToolItems,
  type ToolOutcome,
} from './toolItems';

/** What the tools act through: the shared services and the features' models (extension.ts hands them in). */
export interface ToolSources {
  shared: Pick<Shared, 'log' | 'client' | 'auth' | 'site' | 'readerPosts'>;
  notifications: { model: NotificationsModel; noteActions: NoteActionsModel };
  comments: { model: CommentsModel };
  following: { model: FollowingModel };
  trash: { model: TrashModel };
  /** The site folders' machinery, loaded with its first use. */
  siteFolder: { loaded(): Promise<{ folders: SiteFolders; commands: SiteFolderCommands }> };
}

interface ToolWorkDeps {
  log: vscode.LogOutputChannel;
  client: () => ContentSiteClient;
  auth: { current(): unknown };
  site: Pick<ChosenSite, 'site' | 'label'>;
  notes: { model: NotificationsModel; actions: NoteActionsModel };
  comments: CommentsModel;
  following: FollowingModel;
  readerPosts: ReaderPosts;
  trash: TrashModel;
  sites: SiteModel;
  insights: InsightsModel;
  folders: {
    folder(path?: string): Promise<SiteFolderSession | string>;
    check(s: SiteFolderSession): Promise<void>;
    sync(s: SiteFolderSession): Promise<SyncOutcome | undefined>;
  };
}

/** The workspace's site folders as the tools ask for them. */
function siteFolders(loaded: ToolSources['siteFolder']['loaded']): ToolWorkDeps['folders'] {
  return {
    /** The site folder that holds `path` (none given: the only one), ready; a sentence instead when there is none or several. */
    folder: async (path) => {
      const { folders } = await loaded();
      await folders.openWorkspace();
      const all = folders.all;
      if (all.length === 0) return 'No folder of this workspace is a clone of a site (Clone Site into Folder… makes one).';
      const s = path
        ? folders.sessionOf(resolve(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '/', path))
        : all.length === 1
          ? all[0]
          : undefined;
      if (!s)
        return path ? 'That path is not in a site folder of this workspace.' : `This workspace has ${all.length} site folders: name one.`;
      await s.ready;
      return s;
    },
    // What Check Site for Changes does: the groups are then current.
    check: (s) => s.check(),
    // Sync, as its button runs it (its questions included).
    sync: async (s) => (await loaded()).commands.sync(s.root),
  };
}

/** The groups as the Source Control view names them, in its order. */
const GROUP_NAMES: ReadonlyArray<[FolderGroup, string]> = [
  ['both', 'Changed on Both'],
  ['site', 'Changed on the Site'],
  ['here', 'Changed Here'],
  ['new', 'New Here'],
  ['deleted', 'Deleted on the Site'],
  ['held', 'Not Sent'],
];
/** How much of a post's Markdown one answer holds. */
const POST_PART = 6000;

type Input = Record<string, unknown>;

/** A tool's answer: its own words (`said`) and, apart, what it read. */
interface Answer {
  tool: string;
  said: string;
  refused?: true;
  [more: string]: unknown;
}

const text = (a: Answer | string) =>
  new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(typeof a === 'string' ? a : JSON.stringify(a))]);

/** Said plainly, with nothing sent. */
const refusal = (t: ToolSpec, why: string): Answer => ({ tool: t.name, refused: true, said: why });

export function toolWork(sources: ToolSources) {
  const { shared } = sources;
  const deps: ToolWorkDeps = {
    log: shared.log,
    client: shared.client,
    auth: shared.auth,
    site: shared.site,
    notes: { model: sources.notifications.model, actions: sources.notifications.noteActions },
    comments: sources.comments.model,
    following: sources.following.model,
    readerPosts: shared.readerPosts,
    trash: sources.trash.model,
    sites: new SiteModel(shared.client),
    insights: new InsightsModel(shared.client),
    folders: siteFolders(sources.siteFolder.loaded),
  };
  const items: Record<string, ToolItems> = {
    notifications: noteItems(deps.notes.model, deps.notes.actions),
    comments: commentItems(deps.comments),
    following: readerItems(
      (key) => deps.readerPosts.views.find(key),
      () => deps.readerPosts.actions(),
    ),
  };
  const siteName = () => deps.site.label ?? deps.site.site ?? '';
  /** The site as a confirmation names it: its title and its address. */
  const siteNamed = () =>
    deps.site.label && deps.site.label !== deps.site.site ? `${deps.site.label} (${deps.site.site ?? ''})` : siteName();
  /** Which tools need a chosen site. */
  const needsSite = (t: ToolSpec) =>
    (t.run.kind === 'change' && t.run.what !== 'syncFolder') ||
    (t.run.kind === 'read' && (t.run.what === 'pendingComments' || t.run.what === 'searchPosts' || t.run.what === 'readPost')) ||
    (t.run.kind === 'action' && t.run.word === 'comments');

  /** Why the call cannot run now (nothing is sent then), or undefined. */
  function blocked(t: ToolSpec): string | undefined {
    if (!deps.auth.current())
      return 'Not signed in to Content Site: the user signs in with the command "Content Site: Sign In" (or the Sign In button of the Content Site sidebar). Nothing was read or sent.';
    if (t.writes && !vscode.workspace.isTrusted)
      return 'This workspace is in Restricted Mode: Content Site changes nothing on the site from an untrusted workspace. The user can trust the workspace (Manage Workspace Trust) and ask again. Nothing was sent.';
    if (needsSite(t) && !deps.site.site)
      return 'No site is chosen: the user chooses one with "Content Site: Select Site…". Nothing was read or sent.';
    return undefined;
  }

  /**
   * The changes the user was asked about, by tool and input, and when: a change runs only when its
   * own confirmation was given for it (VS Code asks between prepareInvocation and invoke). One that
   * asked nothing (it was going to be refused) is refused at invoke even if it could run by then.
   */
  const asked = new Map<string, number>();
  const askedKey = (name: string, v: Input) => `${name}\n${JSON.stringify(v)}`;
  const ASKED_FOR_MS = 10 * 60_000;

  async function prepare(name: string, input: unknown): Promise<vscode.PreparedToolInvocation | undefined> {
    const prepared = await confirmationOf(name, input);
    const t = TOOL_BY_NAME.get(name);
    const checked = t && checkInput(t, input);
    if (prepared?.confirmationMessages && checked?.ok) asked.set(askedKey(name, checked.value), Date.now());
    return prepared;
  }

  /** Whether the user was asked about this change (once: the next call asks again). */
  function wasAsked(name: string, v: Input): boolean {
    const key = askedKey(name, v);
    const at = asked.get(key);
    asked.delete(key);
    for (const [k, when] of asked) if (Date.now() - when > ASKED_FOR_MS) asked.delete(k);
    return at !== undefined && Date.now() - at <= ASKED_FOR_MS;
  }

  /** The confirmation of a change: its title, and each item it changes (who wrote it, on which post). */
  async function confirmationOf(name: string, input: unknown): Promise<vscode.PreparedToolInvocation | undefined> {
    const t = TOOL_BY_NAME.get(name);
    if (!t) return undefined;
    if (!t.writes) return { invocationMessage: `${t.displayName}…` };
    const checked = checkInput(t, input);
    // A call that will be refused changes nothing, so it asks nothing: invoke says why.
    if (!checked.ok || blocked(t)) return { invocationMessage: `${t.displayName}…` };
    const v = checked.value;
    if (t.run.kind === 'change' && t.run.what !== 'restorePosts') return changeConfirmation(t, t.run.what, v);
    if (t.run.kind === 'change') {
      await loaded(deps.trash);
      const lines = (v.ids as number[]).map((id) => {
        const p = deps.trash.post(id);
        return p
          ? md`- “${htmlText(p.title, 120) || '(no title)'}” (${p.type ?? 'post'} ${id})\n`
          : md`- post ${id}, not in the Trash view\n`;
      });
      return confirm(t, md`Restore from the trash of ${siteNamed()}:\n\n${lines}`);
    }
    if (t.run.kind !== 'action') return undefined;
    const { entry: e, word } = t.run;
    // The view not opened yet: its list is read first, so the confirmation names what is there.
    if (word === 'notifications') await loaded(deps.notes.model);
    else if (word === 'comments') await loaded(deps.comments);
    else await loaded(deps.following);
    const kind = items[word];
    const ids = (v.ids as ItemId[] | undefined) ?? (v.id !== undefined ? [v.id as ItemId] : []);
    const on = e.kind === 'toggle' ? v.on !== false : undefined;
    const verb =
      e.kind === 'toggle'
        ? on
          ? e.labels.on
          : e.labels.off
        : e.readState
          ? v.read === false
            ? e.labels.off
            : e.labels.on
          : (e.labels.title ?? e.labels.on).replace(/…$/, '');
    const where = word === 'comments' ? md` on ${siteNamed()}` : '';
    // What will change: the items in the view that offer it (that way). None: nothing is asked (invoke says why).
    const offered = new Set((e.undoes || e.readState ? ids.filter((id) => kind.describe(id)) : kind.offering(ids, e, on)).map(String));
    if (!e.undoes && offered.size === 0) return { invocationMessage: `${t.displayName}…` };
    const lines = ids.slice(0, TOOL_LIMITS.ids).map((id) => {
      const it = kind.describe(id);
      const view = t.run.kind === 'action' ? t.run.table.label : '';
      if (!it) return md`- ${String(id)}: not in the ${view} view (it will be left alone)\n`;
      if (!offered.has(String(id))) return md`- ${it.is} ${String(id)}: does not offer this as the view shows it (it will be left alone)\n`;
      const who = it.content?.from ? md`${it.content.from}: ` : '';
      const about = it.on ? md` — on “${bounded(it.on.text, 80)}”` : '';
      return md`- ${it.is} ${String(id)}: ${who}“${bounded(it.content?.text, 140)}”${about}\n`;
    });
    const textLine = typeof v.text === 'string' ? md`\nThe text:\n\n> ${bounded(v.text, 600)}\n` : '';
    const undoLine =
      e.kind === 'remove' || (e.kind === 'toggle' && !on && e.removed)
        ? md`
\nThey leave the view at once; an Undo message lets you take it back for a few seconds before anything is sent.
          `
        : e.confirm
          ? md`
\nThis cannot be undone.
            `
          : '';
    const what = e.undoes ? 'Undo the last removal of' : `${verb}`;
    return confirm(
      t,
      md`${what}${where}:\n\n${
        lines.length
          ? lines
          : md`
- the latest one\n
            `
      }${textLine}${undoLine}`,
    );
  }

  const confirm = (t: ToolSpec, message: Md): vscode.PreparedToolInvocation => ({
    invocationMessage: `${t.displayName}…`,
    confirmationMessages: { title: `${t.displayName}?`, message: confirmation(message) },
  });

  async function invoke(name: string, input: unknown): Promise<vscode.LanguageModelToolResult> {
    const t = TOOL_BY_NAME.get(name);
    if (!t) return text(`No Content Site tool is called ${bounded(name, 80)}.`);
    const checked = checkInput(t, input);
    if (!checked.ok) return text(refusal(t, checked.why));
    const why = blocked(t);
    if (why) return text(refusal(t, why));
    if (t.writes && !wasAsked(name, checked.value))
      return text(
        refusal(
          t,
          'The user was not asked to confirm this change (when it was prepared, it could not run: nothing was in the view to change, or it was refused). Nothing was sent; call the tool again.',
        ),
      );
    try {
      const answer = await run(t, checked.value);
      deps.log.info(`tool ${t.name}: ${answer.said}`);
      return text(answer);
    } catch (err) {
      const e = err as ContentSiteError;
      deps.log.warn(`tool ${t.name} failed: ${e.kind ?? ''} ${e.code ?? ''}`);
      return text(
        refusal(t, `The service did not do it: ${localized(e.userMessage ?? (err instanceof Error ? err.message : String(err)))}`),
      );
    }
  }

  async function run(t: ToolSpec, v: Input): Promise<Answer> {
    switch (t.run.kind) {
      case 'read':
        return READERS[t.run.what](t, v);
      case 'change':
        return t.run.what === 'restorePosts'
          ? restore(t, v.ids as number[])
          : t.run.what === 'syncFolder'
            ? syncFolder(t, v.folder as string | undefined)
            : postFileChange(t, t.run.what, v.path as string);
      case 'action':
        return act(t, t.run.entry, items[t.run.word], v);
    }
  }

  /** Each item's state as its view now shows it (or that it left the view). */
  const nowOf = (kind: ToolItems, ids: readonly ItemId[]) =>
    ids.map((id) => {
      const it = kind.describe(id);
      return it ? { id, is: it.is, now: it.state } : { id, now: 'not in the view any more' };
    });
  const reasonOf = (o: ToolOutcome) => (o.error ? localized(o.error.userMessage) : undefined);

  async function act(t: ToolSpec, e: ActionEntry, kind: ToolItems, v: Input): Promise<Answer> {
    const label = t.run.kind === 'action' ? t.run.table.label : '';
    if (e.undoes) {
      const r = await kind.undo(v.id as ItemId | undefined);
      return {
        tool: t.name,
        said:
          r === 'undone'
            ? 'Undone: the items are back and nothing was sent.'
            : r === undefined
              ? 'Nothing was waiting for Undo.'
              : `Not undone: ${r}.`,
      };
    }
    if (e.readState && kind.markRead) {
      const o = await kind.markRead(v.ids as ItemId[], v.read !== false);
      return {
        tool: t.name,
        said: `The service now shows ${o.acted.length} of ${(v.ids as ItemId[]).length} marked ${v.read === false ? 'unread' : 'read'}.`,
        items: nowOf(kind, v.ids as ItemId[]),
      };
    }
    if (e.kind === 'reply' || e.kind === 'edit') {
      const id = v.id as ItemId;
      if (kind.offering([id], e).length === 0)
        return refusal(t, `${String(id)} is not in the ${label} view or does not offer ${e.labels.on}. Nothing was sent.`);
      const c = await kind.write(id, e, v.text as string);
      const held = c.status === 'unapproved' ? ' The site holds it for moderation: it shows once approved.' : '';
      return {
        tool: t.name,
        said: `${e.kind === 'edit' ? 'Saved' : 'Posted'}: the service holds comment ${c.ID} with status ${c.status === 'unapproved' ? 'pending' : c.status}.${held}`,
        comment: { id: c.ID, status: c.status, text: siteContent(htmlText(c.content), 'you') },
      };
    }
    const ids = v.ids as ItemId[];
    const on = v.on !== false;
    const targets = kind.offering(ids, e, e.kind === 'toggle' ? on : undefined);
    const left = ids.filter((id) => !targets.map(String).includes(String(id)));
    const leftNote = left.length ? ` Left alone (not in the view, not offering it, or already so): ${left.join(', ')}.` : '';
    if (targets.length === 0)
      return refusal(t, `None of the given items offers ${e.labels.on} as the view shows them now. Nothing was sent.${leftNote}`);
    if (e.kind === 'remove' || (e.kind === 'toggle' && !on && e.removed)) return removal(t, e, kind, targets, leftNote);
    const o = e.kind === 'toggle' ? await kind.toggle(targets, e, on) : await kind.act(targets, e);
    const reason = reasonOf(o);
    return {
      tool: t.name,
      said: `The service confirmed ${e.kind === 'toggle' ? (on ? e.labels.on : e.labels.off) : e.labels.on} on ${o.acted.length} of ${targets.length}.${o.failed.length ? ` Not done on ${o.failed.join(', ')}${reason ? `: ${reason}` : ''} (they show what the service has).` : ''}${leftNote}`,
      items: nowOf(kind, targets),
    };
  }

  /** A removal: gone from the view at once, the same Undo message as the view's, sent when its window ends. */
  async function removal(t: ToolSpec, e: ActionEntry, kind: ToolItems, targets: ItemId[], leftNote: string): Promise<Answer> {
    const pending = await kind.remove(targets, e);
    if (!pending)
      return refusal(
        t,
        `None of the given items can be removed that way now (one may already wait for Undo). Nothing was sent.${leftNote}`,
      );
    const n = pending.ids.length;
    const sentence = e.removed ? (n === 1 ? localized(e.removed.one) : localized(e.removed.many, n)) : localized(e.labels.on);
    let undone = false;
    void offerUndo(pending, sentence).then((r) => (undone = r === 'undone'));
    const o = await pending.done;
    if (undone || (o.acted.length === 0 && o.failed.length === 0))
      return {
        tool: t.name,
        said: `The user pressed Undo before it was sent: nothing was sent, and the ${n} item(s) are back in the view.`,
      };
    const reason = reasonOf(o);
    return {
      tool: t.name,
      said: `The service confirmed ${e.labels.on} on ${o.acted.length} of ${n}.${o.failed.length ? ` Not done on ${o.failed.join(', ')}${reason ? `: ${reason}` : ''}; they are back in the view.` : ''}${leftNote}`,
      items: nowOf(kind, pending.ids),
    };
  }

  async function restore(t: ToolSpec, ids: number[]): Promise<Answer> {
    await loaded(deps.trash);
    const held = ids.filter((id) => deps.trash.post(id) !== undefined);
    if (held.length === 0) return refusal(t, 'None of these posts is in the Trash view. Nothing was sent.');
    const r = await deps.trash.restore(held);
    const one = (p: PostV11) => ({ id: p.ID, status: p.status, title: siteContent(htmlText(p.title, 200)) });
    return {
      tool: t.name,
      said: `Restored ${r.restored.length} of ${held.length}.${r.alreadyGone.length ? ` ${r.alreadyGone.length} were no longer in the trash.` : ''}${r.failed.length ? ` ${r.failed.length} refused: ${localized(r.failed[0].error.userMessage)}` : ''}${r.unconfirmed.length ? ` Whether ${r.unconfirmed.length} were restored is unknown: the service could not be asked.` : ''}${ids.length > held.length ? ` Not in the Trash view: ${ids.filter((id) => !held.includes(id)).join(', ')}.` : ''}`,
      restored: r.restored.map(one),
    };
  }

  /** The post file a tool names, once the shared guard (real path, links followed) has it inside a workspace folder; else why not. */
  async function postFileOf(path: string): Promise<{ uri: vscode.Uri; rel: string } | string> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    const given = vscode.Uri.file(path);
    const candidates = path.startsWith('/') ? [given] : folders.map((f) => vscode.Uri.joinPath(f.uri, path));
    const w = await import('../writing/index');
    for (const uri of candidates) {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      if (!folder) continue;
      try {
        await w.realPathInside(folder.uri.fsPath, uri.fsPath);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        return 'That file leads outside its workspace folder through a link: nothing of it is read or sent.';
      }
      if (!uri.path.endsWith('.md')) return 'That is not a Markdown post file (.md). Nothing was sent.';
      return { uri, rel: vscode.workspace.asRelativePath(uri, folders.length > 1) };
    }
    return "No such file in this workspace's folders (a path outside them is never read). Nothing was sent.";
  }

  /** What a publish, a pull or a Sync will change, for its confirmation (nothing asked when it will be refused). */
  async function changeConfirmation(t: ToolSpec, what: 'publishFile' | 'pullFile' | 'syncFolder', v: Input) {
    const quiet = { invocationMessage: `${t.displayName}…` };
    if (what === 'syncFolder') {
      const s = await deps.folders.folder(v.folder as string | undefined);
      if (typeof s === 'string') return quiet;
      await deps.folders.check(s);
      const g = s.model.groups();
      return confirm(
        t,
        md`Sync ${vscode.workspace.asRelativePath(s.root, true)} with ${s.marker.url ?? s.marker.site}:\n\n- to publish from here: ${g.here.length + g.new.length} (${g.new.length} new)\n- to pull from the site: ${g.site.length}\n- to merge (changed on both): ${g.both.length}\n- deleted on the site (left for you): ${g.deleted.length}`,
      );
    }
    const file = await postFileOf(v.path as string);
    if (typeof file === 'string') return quiet;
    const w = await import('../writing/index');
    const meta = w.parsePostFile((await vscode.workspace.openTextDocument(file.uri)).getText()).meta;
    const post = meta.id ? `post ${meta.id}` : 'a new post';
    const title = bounded(meta.title, 120) || '(no title)';
    return confirm(
      t,
      what === 'publishFile'
        ? md`Publish ${file.rel} (“${title}”, ${post}) to ${siteNamed()}.`
        : md`Replace ${file.rel} (“${title}”) with the site's version of ${post} from ${siteNamed()}.`,
    );
  }

  /** Publish or Pull, as the editor's command runs it (its guards and questions), then what the site and the file hold. */
  async function postFileChange(t: ToolSpec, what: 'publishFile' | 'pullFile', path: string): Promise<Answer> {
    const file = await postFileOf(path);
    if (typeof file === 'string') return refusal(t, file);
    const w = await import('../writing/index');
    const site = deps.site.site!;
    const textOf = async () => (await vscode.workspace.openTextDocument(file.uri)).getText();
    const before = await textOf();
    const idBefore = w.parsePostFile(before).meta.id;
    if (what === 'pullFile' && idBefore === undefined)
      return refusal(t, `${file.rel} is not published yet: there is nothing to pull. Nothing was changed.`);
    const siteBefore = idBefore ? await deps.sites.editablePost(site, idBefore).catch(() => undefined) : undefined;
    await vscode.commands.executeCommand(what === 'publishFile' ? COMMANDS.posts.publish : COMMANDS.posts.pull, file.uri);
    const after = await textOf();
    if (what === 'pullFile')
      return after === before
        ? {
            tool: t.name,
            said: `${file.rel} is unchanged: it already held the site's version, or the user kept their changes, or the service refused (the editor said which).`,
          }
        : { tool: t.name, said: `${file.rel} now holds the site's version of post ${idBefore}.` };
    const id = w.parsePostFile(after).meta.id;
    if (id === undefined)
      return { tool: t.name, said: `${file.rel} was not published (the editor said why; nothing on the site changed).` };
    const now = await deps.sites.editablePost(site, id);
    if (siteBefore && siteBefore.modified === now.modified)
      return {
        tool: t.name,
        said: `The site's post ${id} did not change: the editor said why (it changed on the site since this file saw it, a change beyond the writer's edits waits for their say, the service refused, or it waits in the outbox).`,
        post: { id, status: now.status, modified: now.modified },
      };
    return {
      tool: t.name,
      said: `${idBefore === undefined ? 'Created' : 'Updated'} post ${id} on ${siteName()}: the site holds it with status ${now.status}, modified ${now.modified}.`,
      post: { id, status: now.status, modified: now.modified, title: siteContent(htmlText(now.title, 200)) },
    };
  }

  async function syncFolder(t: ToolSpec, folder?: string): Promise<Answer> {
    const s = await deps.folders.folder(folder);
    if (typeof s === 'string') return refusal(t, `${s} Nothing was synced.`);
    const out = await deps.folders.sync(s);
    if (!out)
      return refusal(
        t,
        'Sync did not run: the editor said why (signed out, Restricted Mode, another site or service than the folder’s, or a failure). Nothing was synced.',
      );
    const n = (a: readonly unknown[]) => a.length;
    return {
      tool: t.name,
      said: `Synced ${vscode.workspace.asRelativePath(s.root, true)} with ${s.marker.site}: ${out.pulled} pulled, ${n(out.published)} published (${out.published.filter((p) => p.created).length} new), ${n(out.merged)} merged, ${n(out.conflicts)} left in conflict for the writer, ${n(out.unintended)} waiting for the user's say, ${n(out.unreachable)} in the outbox, ${n(out.leftAlone)} left for the next Sync, ${n(out.failed)} failed.`,
      conflicts: out.conflicts.map((p) => vscode.workspace.asRelativePath(p)),
      failed: out.failed.map((f) => ({
        ...(f.path ? { path: vscode.workspace.asRelativePath(f.path) } : {}),
        ...(f.id ? { id: f.id } : {}),
        why: bounded(f.message, 200),
      })),
    };
  }

  /** The list loaded once (a view never opened has not asked yet). */
  async function loaded(m: { state: { kind: string }; refresh(): Promise<void> }): Promise<void> {
    if (m.state.kind === 'idle') await m.refresh();
  }

  /** A page of a list the view holds, loading the service's next page when the page runs past it. */
  async function listed<T>(
    t: ToolSpec,
    v: Input,
    m: { state: { kind: string; error?: ContentSiteError }; hasMore: boolean; refresh(): Promise<void>; loadMore(): Promise<void> },
    all: () => readonly T[],
    frame: (items: T[], next?: string) => Omit<Answer, 'tool'>,
  ): Promise<Answer> {
    const start = startOf(v.cursor);
    if (start === undefined) return refusal(t, 'That "cursor" is not one this tool gave. Nothing was read.');
    await loaded(m);
    if (m.state.kind === 'error') return refusal(t, `The service did not answer: ${localized(m.state.error!.userMessage)}`);
    // At most two more pages of the service per call: one call never reads the whole site.
    for (let i = 0; i < 2 && all().length < start + TOOL_LIMITS.page && m.hasMore; i++) await m.loadMore();
    return JSON.parse(
      pageOf(all(), start, (shown, next) => ({
        tool: t.name,
        ...frame(shown, next ?? (m.hasMore && shown.length > 0 ? String(start + shown.length) : undefined)),
      })),
    ) as Answer;
  }

  const READERS: Record<ReadTool, (t: ToolSpec, v: Input) => Promise<Answer>> = {
    unreadNotes: (t, v) =>
      listed(
        t,
        v,
        deps.notes.model,
        () => deps.notes.model.notes.filter((n) => n.unread > 0),
        (shown, next) => ({
          said: `${shown.length} unread notification(s)${next ? '; more with cursor "next"' : ''}.`,
          notifications: shown.map(noteText),
          ...(next ? { next } : {}),
        }),
      ),
    pendingComments: (t, v) => {
      const model = deps.comments;
      const pending = model.queue('unapproved');
      // Every queue loads together (one batch), as the view's do; Pending's own refusal (a role that may not moderate) is said.
      const queue = {
        get state() {
          return model.state.kind === 'idle' ? model.state : pending.state;
        },
        get hasMore() {
          return pending.hasMore;
        },
        refresh: () => model.refresh(),
        loadMore: () => model.loadMoreOf('unapproved'),
      };
      return listed(
        t,
        v,
        queue,
        () => pending.items,
        (shown, next) => {
          const known = new Set(model.queue('approved').items.map((c) => authorKey(c.author)));
          return {
            said: `${shown.length} pending comment(s) on ${siteName()}${next ? '; more with cursor "next"' : ''}. "authorApprovedBefore" is true when the same author has an approved comment among the ${model.queue('approved').items.length} approved ones loaded.`,
            comments: shown.map((c) => commentText(c, known.has(authorKey(c.author)))),
            ...(next ? { next } : {}),
          };
        },
      );
    },
    unseenFollowing: (t, v) =>
      listed(
        t,
        v,
        deps.following,
        () => deps.following.items.filter((p) => p.is_seen !== true),
        (shown, next) => ({
          said: `${shown.length} unseen post(s) in Following${next ? '; more with cursor "next"' : ''}.`,
          posts: shown.map(readerText),
          ...(next ? { next } : {}),
        }),
      ),
    readPost: async (t, v) => {
      const start = startOf(v.cursor);
      if (start === undefined) return refusal(t, 'That "cursor" is not one this tool gave. Nothing was read.');
      const site = deps.site.site!;
      const [w, post] = await Promise.all([import('../writing/index'), deps.sites.editablePost(site, v.id as number)]);
      const { text: file } = await w.postAsFile(post, site);
      const part = file.slice(start * POST_PART, (start + 1) * POST_PART);
      const more = (start + 1) * POST_PART < file.length;
      return {
        tool: t.name,
        said: `Post ${post.ID} (${post.type ?? 'post'}, ${post.status}) as a Markdown post file: part ${start + 1} of ${Math.max(1, Math.ceil(file.length / POST_PART))}${more ? '; more with cursor "next"' : ''}.`,
        markdown: siteContent(part, post.author?.name),
        ...(more ? { next: String(start + 1) } : {}),
      };
    },
    insights: async (t, v) => {
      if (typeof v.report !== 'string') {
        const { name, reports } = await deps.insights.reports();
        return {
          tool: t.name,
          said: `${reports.length} report(s)${name ? ` in ${bounded(name, 80)}` : ''}; give one's slug as "report" for its figures.`,
          reports: reports.slice(0, 50).map((r) => ({ slug: bounded(r.slug, 100), title: bounded(r.title, 100) })),
        };
      }
      const unit = (v.unit as 'daily' | 'weekly' | 'monthly' | undefined) ?? 'daily';
      const report = await deps.insights.report(v.report, { unit });
      const { x, y } = toSeries(report);
      const from = Math.max(0, x.length - TOOL_LIMITS.page);
      return {
        tool: t.name,
        said: `The ${bounded(v.report, 100)} report, ${unit}: its summaries and latest ${x.length - from} point(s).`,
        summaries: summaryRows(report).map((r) => ({
          period: r.period,
          count: bounded(r.count, 40),
          ...(r.change ? { change: r.change } : {}),
        })),
        points: x.slice(from).map((at, i) => ({ from: new Date(at * 1000).toISOString().slice(0, 10), value: y[from + i] })),
      };
    },
    folderStatus: async (t, v) => {
      const s = await deps.folders.folder(v.folder as string | undefined);
      if (typeof s === 'string') return refusal(t, s);
      await deps.folders.check(s);
      const g = s.model.groups();
      const rel = (p?: string) => (p ? vscode.workspace.asRelativePath(p, true) : undefined);
      const answer = (rows: number): Answer => ({
        tool: t.name,
        said: `${rel(s.root.fsPath)} is a clone of ${s.marker.site}: ${GROUP_NAMES.map(([k, name]) => `${g[k].length} ${name}`).join(', ')}.${rows < TOOL_LIMITS.page ? ` At most ${rows} rows of each group are listed here.` : ''}`,
        groups: GROUP_NAMES.filter(([k]) => g[k].length > 0).map(([k, name]) => ({
          group: name,
          count: g[k].length,
          rows: g[k].slice(0, rows).map((r) => ({
            ...(r.path ? { path: rel(r.path) } : {}),
            ...(r.id ? { id: r.id } : {}),
            ...(r.title ? { title: siteContent(bounded(r.title, 120)) } : {}),
            ...(r.conflicted ? { conflicted: true } : {}),
            ...(r.problem ? { why: bounded(r.problem, 200) } : {}),
          })),
        })),
      });
      // As many rows of each group as fit in one answer's bound.
      for (const rows of [TOOL_LIMITS.page, 10, 5, 2]) {
        const a = answer(rows);
        if (Buffer.byteLength(JSON.stringify(a)) <= TOOL_LIMITS.resultBytes) return a;
      }
      return answer(0);
    },
    searchPosts: async (t, v) => {
      const site = deps.site.site!;
      const page = await deps.client().posts.list(site, {
        search: typeof v.text === 'string' && v.text.trim() ? v.text.trim() : undefined,
        status: v.status ? [v.status as 'publish'] : ['publish', 'draft', 'pending', 'private', 'future'],
        type: (v.type as 'post' | 'page' | undefined) ?? 'post',
        tag: v.tag as string | undefined,
        category: v.category as string | undefined,
        number: TOOL_LIMITS.page,
        page_handle: v.cursor as string | undefined,
        fields: 'ID,title,type,status,date,modified,author',
      });
      const rows = page.posts.map((p) => ({
        id: p.ID,
        type: p.type,
        status: p.status,
        date: p.date,
        title: siteContent(htmlText(p.title, 200), p.author?.name),
      }));
      return JSON.parse(
        pageOf(rows, 0, (shown) => ({
          tool: t.name,
          said: `${page.found} match(es) on ${siteName()}; ${shown.length} here${page.nextPage ? '; more with cursor "next"' : ''}.`,
          posts: shown,
          ...(page.nextPage && shown.length === rows.length ? { next: page.nextPage } : {}),
        })),
      ) as Answer;
    },
  };

  return { prepare, invoke };
}

/** A comment's author, as the same person across comments. */
function authorKey(a: { ID?: number | string; login?: string; name?: string } | undefined): string {
  if (!a) return '';
  return Number(a.ID) > 0 ? `id:${String(a.ID)}` : `name:${(a.login || a.name || '').toLowerCase()}`;
}

export type ToolWork = ReturnType<typeof toolWork>;
