/**
 * The work of the post-file commands: New Post, Publish to Site, Pull from Site, and the conflict a
 * publish may meet (the site's version beside the file; Keep Mine or Take the Site's). The writing
 * module does the work (src/writing/publisher.ts); these save the file first, write back what a
 * publish or a pull returns, and say what happened. On any failure the file is left as it was.
 * The work on one file runs one at a time (two Publishes of a new file make one post), and nothing
 * of an untrusted workspace is published or uploaded.
 * Bundled as a chunk of its own, loaded with the first post-file command (commands/postFiles.ts
 * registers the commands): import only types from the client and the models that hold state.
 */
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import type { ContentSiteClient, MediaFile, PostV11 } from '../api';
import type { WritingModule } from '../writing/writingModule';
import type { ChosenSite } from '../models/chosenSite';
import type { SiteChanges } from '../models/siteChanges';
import { KeyedQueue } from '../models/keyedQueue';
import { isUnreachable } from '../models/outboxReach';
import { postLink } from '../models/postLink';
import { report, reportFailure } from '../report';
import { WRITING_LIMITS } from '../writing/limits';
import type { MediaMemory, PostMemory } from '../writing/publisher';
import type { SyncRecords } from '../writing/syncRecord';
import { placeOf } from '../views/posts/postPlace';
import type { SitePostDocuments } from '../views/posts/sitePostDocuments';
import { openExternal, requireSignIn, type CommandAuth } from './common';
import { publishAnyway } from './publishAnyway';
import { showRevisions } from './showRevisions';
import { PostHistory } from '../models/postHistory';
import { SiteModel } from '../models/siteModel';
import type { PublishOutbox } from './publishOutbox';
import { openNewPostFile, requireTrust, saveDocument, updateDocument } from './postFileWriter';

export interface PostFileDeps {
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
  client: () => ContentSiteClient;
  site: ChosenSite;
  media: MediaMemory;
  posts: PostMemory;
  records: SyncRecords;
  selectSite(): Promise<unknown>;
  sitePosts: SitePostDocuments;
  /** Told what became of a post a publish wrote: the views that show it follow. */
  changes: SiteChanges;
  /** Where a Publish that could not reach the service waits (a site folder's file). */
  outbox: Pick<PublishOutbox, 'queue'>;
}

export interface PostFileActions {
  publish(uri?: vscode.Uri): Promise<void>;
  pull(uri?: vscode.Uri): Promise<void>;
  newPost(): Promise<void>;
  /** The site's post as a new post file (the site's stored content, read in the context of editing). */
  openAsMarkdown(site: string, post: PostV11): Promise<void>;
  uploadDropped(files: Array<MediaFile & { data: Uint8Array }>): Promise<Array<{ URL: string }> | undefined>;
  /** Show Revisions… of the post file (showRevisions.ts), its revisions shown beside it as the site's versions are. */
  showRevisions(uri?: vscode.Uri): Promise<void>;
}

type PublishOutcome = Awaited<ReturnType<WritingModule['publishPost']>>;
type Written = Extract<PublishOutcome, { kind: 'created' | 'updated' }>;
type Conflict = Extract<PublishOutcome, { kind: 'conflict' }>;
type Unintended = Extract<PublishOutcome, { kind: 'unintended' }>;
/** What a publish leaves to the writer: the two versions of a conflict, or changes they did not make. */
type Question = Conflict | Unintended;

/** A refusal the writing code words itself (a PublishError, or a LimitError naming the bound): shown as it is. */
const isWritingRefusal = (err: unknown): err is Error => err instanceof Error && (err.name === 'PublishError' || err.name === 'LimitError');

/** The Markdown document a command is about: the one given (explorer, editor title), else the active editor's. */
async function postDocument(uri?: vscode.Uri): Promise<vscode.TextDocument | undefined> {
  const doc = uri instanceof vscode.Uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (!doc || doc.languageId !== 'markdown') {
    void report.info(vscode.l10n.t('Open a post file (Markdown with front matter) to publish or pull it.'));
    return undefined;
  }
  return doc;
}

/** The chosen site, asking for one when none is chosen. */
async function chosenSite(deps: PostFileDeps): Promise<string | undefined> {
  if (!deps.site.site) await deps.selectSite();
  return deps.site.site;
}

function titleOf(post: PostV11): string {
  return post.title?.trim() || vscode.l10n.t('(no title)');
}

/** What a publish says: by the status the site answered, not the one asked for. */
function sentence(post: PostV11): string {
  const t = titleOf(post);
  switch (post.status) {
    case 'publish':
      return vscode.l10n.t('Published “{0}”.', t);
    case 'future':
      return vscode.l10n.t('Scheduled “{0}” for {1}.', t, post.date ? new Date(post.date).toLocaleString(vscode.env.language) : '');
    case 'pending':
      return vscode.l10n.t('Submitted “{0}” for review.', t);
    case 'private':
      return vscode.l10n.t('Published “{0}” privately.', t);
    default:
      return vscode.l10n.t('Saved “{0}” as a draft on the site.', t);
  }
}

/** The post-file commands' work, for one set of deps (one queue per file across all of them). */
export function postFileActions(deps: PostFileDeps): PostFileActions {
  /** One file's publishes and pulls, one at a time. */
  const perFile = new KeyedQueue();
  const sites = new SiteModel(deps.client);
  const history = new PostHistory(deps.client, (m) => deps.log.warn(m));

  /** The site's upload rules: from its info when known, else asked once. */
  async function rules(w: WritingModule, site: string) {
    let info = deps.site.site === site ? deps.site.info : undefined;
    if (!info) {
      info = await sites.info(site);
      if (deps.site.site === site) deps.site.set(site, info);
    }
    return w.uploadRules(info.options, WRITING_LIMITS.defaultUploadBytes);
  }

  const publishDeps = (w: WritingModule, doc: vscode.TextDocument, site: string) => ({
    client: deps.client(),
    site,
    memory: deps.media,
    posts: deps.posts,
    place: placeOf(doc),
    rules: () => rules(w, site),
    unconfirmed: (token: string | null) => updateDocument(doc, w.withFrontMatter(doc.getText(), { unconfirmed: token })),
    records: deps.records,
    now: () => new Date(),
  });

  /** Whether the post file lies inside its workspace folder once every link is followed (folderGuard.ts); said when not. */
  async function insideItsFolder(w: WritingModule, doc: vscode.TextDocument): Promise<boolean> {
    const place = placeOf(doc);
    if (place.root === undefined || place.file === undefined) return true;
    try {
      await w.realPathInside(place.root, place.file);
      return true;
    } catch (err) {
      // Not on disk (yet): nothing to follow; the save or the publish says what it finds.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
      void report.error(err instanceof Error ? err.message : String(err));
      return false;
    }
  }

  /** The file now agrees with the site as `synced` says (after a publish, a pull, Take the Site's). */
  const agreed = (w: WritingModule, doc: vscode.TextDocument, site: string, id: number, synced: Written['synced']) =>
    deps.records.set(site, id, w.recordOf(doc.getText(), synced.style, synced.pieces));

  /** A publish's answer into the file (only the site's keys, over whatever the file holds now), then what happened. */
  async function written(w: WritingModule, doc: vscode.TextDocument, out: Written): Promise<void> {
    const keys = w.publishedKeys(out.text);
    await updateDocument(doc, w.withFrontMatter(doc.getText(), keys));
    // What was published is what the file and the site agree on: text typed during the publish is not.
    const published = w.parsePostFile(out.text).body === w.parsePostFile(doc.getText()).body ? doc.getText() : out.text;
    await deps.records.set(keys.site ?? '', out.post.ID, w.recordOf(published, out.synced.style, out.synced.pieces));
    deps.log.info(`${out.kind} post ${out.post.ID} (${out.post.status}); ${out.uploaded} image(s) uploaded.`);
    deps.changes.post(keys.site ?? '', out.post);
    const open = vscode.l10n.t('Open in Browser');
    void report.info(sentence(out.post), open).then((pick) => pick === open && openExternal(postLink(out.post), `“${titleOf(out.post)}”`));
  }

  async function conflict(w: WritingModule, doc: vscode.TextDocument, site: string, out: Conflict): Promise<void> {
    const theirs = deps.sitePosts.show(site, out.theirs, out.theirsText);
    await vscode.commands.executeCommand(
      'vscode.diff',
      theirs,
      doc.uri,
      vscode.l10n.t("{0}: the site's version ↔ yours", titleOf(out.theirs)),
      { preview: false },
    );
    const keep = vscode.l10n.t('Keep Mine');
    const take = vscode.l10n.t("Take the Site's");
    const why =
      out.reason === 'untrusted'
        ? vscode.l10n.t(
            '“{0}”: the version this file says it last saw (modified) was not read or written by this extension here, so the site may hold a newer one. Nothing was published.',
            titleOf(out.theirs),
          )
        : vscode.l10n.t('“{0}” changed on the site since this file last saw it. Nothing was published.', titleOf(out.theirs));
    // The writer's choice is awaited outside the file's queue: a message left unanswered holds up nothing.
    const pick = await report.warn(why, keep, take);
    if (pick === keep) {
      if (!requireTrust(vscode.l10n.t('Publishing'))) return;
      const again = await perFile.run(doc.uri.toString(), async () => {
        if (!(await saved(doc))) return undefined;
        return publishing(w, doc, vscode.l10n.t('Publishing…'), () => w.takeMine(doc.getText(), out.theirs, publishDeps(w, doc, site)));
      });
      if (again) await ask(w, doc, site, again);
    } else if (pick === take) {
      await perFile.run(doc.uri.toString(), async () => {
        const theirs = await w.withSiteVersion(doc.getText(), out.theirs, site);
        await updateDocument(doc, theirs.text);
        await deps.posts.set(site, out.theirs.ID, { modified: out.theirs.modified ?? '' });
        await agreed(w, doc, site, out.theirs.ID, theirs.synced);
      });
      void report.info(vscode.l10n.t("The file now holds the site's version of “{0}”.", titleOf(out.theirs)));
    }
  }

  /**
   * Nothing was sent because the post would change where the writer made no edit: the site's content
   * now and after this publish side by side, and a publish only when the writer says so.
   */
  async function unintended(w: WritingModule, doc: vscode.TextDocument, site: string, out: Unintended): Promise<void> {
    const meta = w.parsePostFile(doc.getText()).meta;
    const title = meta.title?.trim() || vscode.l10n.t('(no title)');
    const question = vscode.l10n.t(
      'Publishing “{0}” would also change {1} part(s) of the post you did not edit (shown side by side). Nothing was sent.',
      title,
      out.changes.length,
    );
    if (!(await publishAnyway(deps.sitePosts, [{ site, id: meta.id ?? 0, name: title, before: out.before, after: out.after }], question)))
      return;
    const again = await perFile.run(doc.uri.toString(), async () => {
      if (!(await saved(doc))) return undefined;
      return publishing(w, doc, vscode.l10n.t('Publishing…'), () =>
        w.publishPost(doc.getText(), { ...publishDeps(w, doc, site), confirmed: true }),
      );
    });
    if (again) await ask(w, doc, site, again);
  }

  /** What a publish left to the writer, asked outside the file's queue. */
  async function ask(w: WritingModule, doc: vscode.TextDocument, site: string, question: Question): Promise<void> {
    if (question.kind === 'conflict') await conflict(w, doc, site, question);
    else await unintended(w, doc, site, question);
  }

  /** A publish (in the file's queue): what it wrote is in the file when this returns; a question is returned for the writer. */
  async function publishing(
    w: WritingModule,
    doc: vscode.TextDocument,
    title: string,
    work: () => Promise<PublishOutcome>,
  ): Promise<Question | undefined> {
    const out = await run(title, work, doc);
    if (!out) return undefined;
    if (out.kind === 'conflict' || out.kind === 'unintended') return out;
    await written(w, doc, out);
    return undefined;
  }

  /**
   * Runs a publish or a pull with progress; its failure said (a refusal as it is worded), undefined
   * then. A publish of a site folder's file that could not reach the service waits in the outbox.
   */
  async function run<T>(title: string, work: () => Promise<T>, published?: vscode.TextDocument): Promise<T | undefined> {
    try {
      return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, work);
    } catch (err) {
      if (published && isUnreachable(err) && (await deps.outbox.queue(published.uri))) return undefined;
      if (isWritingRefusal(err)) {
        deps.log.warn(`Not published: ${err.message}`);
        void report.error(err.message);
      } else await reportFailure(deps, err, vscode.l10n.t('Publish'));
      return undefined;
    }
  }

  async function publish(uri?: vscode.Uri): Promise<void> {
    if (!requireSignIn(deps)) return;
    const doc = await postDocument(uri);
    if (!doc || !requireTrust(vscode.l10n.t('Publishing'))) return;
    const site = await chosenSite(deps);
    if (!site) return;
    const w = await import('../writing/index');
    const question = await perFile.run(doc.uri.toString(), async () => {
      // Checked before the save too: saving a file that links outside its folder would write there.
      if (!(await insideItsFolder(w, doc)) || !(await saved(doc))) return undefined;
      return publishing(w, doc, vscode.l10n.t('Publishing to {0}…', deps.site.label ?? site), () =>
        w.publishPost(doc.getText(), publishDeps(w, doc, site)),
      );
    });
    if (question) await ask(w, doc, site, question);
  }

  async function pull(uri?: vscode.Uri): Promise<void> {
    if (!requireSignIn(deps)) return;
    const doc = await postDocument(uri);
    if (!doc) return;
    const site = await chosenSite(deps);
    if (!site) return;
    await perFile.run(doc.uri.toString(), async () => {
      const w = await import('../writing/index');
      // The site's text goes only into a file of the folder, never through a link to one outside it.
      if (!(await insideItsFolder(w, doc))) return;
      // Whatever the file holds that is not what was last pulled or published (saved or not: with
      // auto-save, nothing is ever unsaved) is the writer's, and is replaced only when they say so.
      const id = w.parsePostFile(doc.getText()).meta.id;
      const record = id === undefined ? undefined : await deps.records.get(site, id);
      if (id !== undefined && record?.fileText !== doc.getText()) {
        const replace = vscode.l10n.t('Replace');
        const pick = await report.modal(
          vscode.l10n.t(
            "This file holds changes that are not on the site (it differs from what was last pulled or published). Replace them with the site's version?",
          ),
          {},
          replace,
        );
        if (pick !== replace) return;
      }
      const out = await run(vscode.l10n.t('Pulling from {0}…', deps.site.label ?? site), () =>
        w.pullPost(doc.getText(), { client: deps.client(), site, posts: deps.posts }),
      );
      if (!out) return;
      await updateDocument(doc, out.text);
      await agreed(w, doc, site, out.post.ID, out.synced);
      void report.info(vscode.l10n.t('Pulled “{0}” from the site.', titleOf(out.post)));
    });
  }

  async function newPost(): Promise<void> {
    try {
      const w = await import('../writing/index');
      await openNewPostFile(w.newPostText(new Date()), 'untitled-post');
    } catch (err) {
      await reportFailure(deps, err, vscode.l10n.t('New Post'));
    }
  }

  async function openAsMarkdown(site: string, post: PostV11): Promise<void> {
    if (!requireSignIn(deps)) return;
    try {
      const [w, full] = await Promise.all([import('../writing/index'), sites.editablePost(site, post.ID)]);
      const { text, synced } = await w.postAsFile(full, site);
      await deps.posts.set(site, full.ID, { modified: full.modified ?? '' });
      await openNewPostFile(text, w.fileStem(full.slug, `post-${full.ID}`));
      await deps.records.set(site, full.ID, w.recordOf(text, synced.style, synced.pieces));
    } catch (err) {
      if (isWritingRefusal(err)) void report.error(err.message);
      else await reportFailure(deps, err, vscode.l10n.t('Open Post as Markdown'));
    }
  }

  /** A dropped image to the library at once (known content is not sent again); undefined when it may not be, said why. */
  async function uploadDropped(files: Array<MediaFile & { data: Uint8Array }>): Promise<Array<{ URL: string }> | undefined> {
    const site = deps.site.site;
    if (!deps.auth.current() || !site || !requireTrust(vscode.l10n.t('Uploading'))) return undefined;
    const w = await import('../writing/index');
    try {
      const limits = await rules(w, site);
      for (const file of files)
        if (file.data.byteLength > limits.maxBytes) throw new w.PublishError(w.tooBig(file.name, file.data.byteLength, limits.maxBytes));
      const hashed = files.map((file) => ({ file, sha256: createHash('sha256').update(file.data).digest('hex') }));
      const out = await w.uploadOnce(hashed, { client: deps.client(), site, memory: deps.media });
      deps.log.info(`Dropped ${files.length} image(s): ${out.sent} uploaded.`);
      return out.items;
    } catch (err) {
      if (isWritingRefusal(err)) void report.error(err.message);
      else await reportFailure(deps, err, vscode.l10n.t('Upload'));
      return undefined;
    }
  }

  return {
    publish,
    pull,
    newPost,
    openAsMarkdown,
    uploadDropped,
    showRevisions: (uri) => showRevisions({ history, log: deps.log, auth: deps.auth, documents: deps.sitePosts }, uri),
  };
}

/**
 * The file as the editor shows it is on disk: saved now (postFileWriter.ts: a save under way is
 * waited for), or already, as its bytes say. When it is not, says so: the command then does
 * nothing, and never silently.
 */
async function saved(doc: vscode.TextDocument): Promise<boolean> {
  if (await saveDocument(doc)) return true;
  try {
    if (new TextDecoder().decode(await vscode.workspace.fs.readFile(doc.uri)) === doc.getText()) return true;
  } catch {
    // Unreadable: not saved, as far as anyone can tell.
  }
  void report.warn(
    vscode.l10n.t(
      '“{0}” could not be saved, so nothing was sent to the site. Save it, then try again.',
      vscode.workspace.asRelativePath(doc.uri),
    ),
  );
  return false;
}
