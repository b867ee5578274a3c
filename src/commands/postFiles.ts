/**
 * Post files: New Post, Publish to Site, Pull from Site, and the conflict a publish may meet (the
 * site's version beside the file; Keep Mine or Take the Site's). The writing module does the work
 * (src/writing/publisher.ts, loaded lazily); these commands save the file first, write back what a
 * publish or a pull returns, and say what happened. On any failure the file is left as it was.
 */
import * as vscode from 'vscode';
import type { ContentSiteClient, MediaFile, PostV11 } from '../api';
import { COMMANDS, STORAGE_KEYS } from '../ids';
import { loadWriting, type WritingModule } from '../lazy/loadWriting';
import type { ChosenSite } from '../models/chosenSite';
import { postLink } from '../models/postsModel';
import { ImageDropProvider } from '../views/posts/imageDrop';
import type { SitePostDocuments } from '../views/posts/sitePostDocuments';
import { openExternal, reportError, requireSignIn, type CommandAuth } from './common';

export interface PostFileDeps {
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
  client: () => ContentSiteClient;
  site: ChosenSite;
  state: vscode.Memento;
  selectSite(): Promise<unknown>;
  sitePosts: SitePostDocuments;
  /** The site's posts changed (a publish): the Posts view reloads. */
  postsChanged(): void;
}

type PublishOutcome = Awaited<ReturnType<WritingModule['publishPost']>>;
type Written = Extract<PublishOutcome, { kind: 'created' | 'updated' }>;

const isPublishError = (err: unknown): err is Error => err instanceof Error && err.name === 'PublishError';

/** The uploaded images, by service, site and content, in global state: a publish sends each image once. */
export function mediaMemory(deps: Pick<PostFileDeps, 'state' | 'client'>) {
  const all = () => deps.state.get<Record<string, { ID: number; URL: string }>>(STORAGE_KEYS.uploadedMedia) ?? {};
  const key = (site: string, sha: string) => `${deps.client().baseUrl}|${site}|${sha}`;
  return {
    get: (site: string, sha: string) => all()[key(site, sha)],
    set: async (site: string, sha: string, item: { ID: number; URL: string }) => {
      await deps.state.update(STORAGE_KEYS.uploadedMedia, { ...all(), [key(site, sha)]: item });
    },
  };
}

/** The Markdown document a command is about: the one given (explorer, editor title), else the active editor's. */
async function postDocument(uri?: vscode.Uri): Promise<vscode.TextDocument | undefined> {
  const doc = uri instanceof vscode.Uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (!doc || doc.languageId !== 'markdown') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a post file (Markdown with front matter) to publish or pull it.'));
    return undefined;
  }
  return doc;
}

/** The chosen site, asking for one when none is chosen. */
async function chosenSite(deps: PostFileDeps): Promise<string | undefined> {
  if (!deps.site.site) await deps.selectSite();
  return deps.site.site;
}

/** The whole document's text replaced (one undoable edit) and saved. */
async function replaceText(doc: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(vscode.l10n.t('The editor did not take the change to {0}.', doc.fileName));
  if (!doc.isUntitled) await doc.save();
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

export function registerPostFileCommands(deps: PostFileDeps): vscode.Disposable[] {
  const publishDeps = (w: WritingModule, doc: vscode.TextDocument, site: string) => ({
    client: deps.client(),
    site,
    memory: mediaMemory(deps),
    readFile: async (path: string) => vscode.workspace.fs.readFile(vscode.Uri.file(path)),
    fileDir: doc.isUntitled
      ? (vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd())
      : vscode.Uri.joinPath(doc.uri, '..').fsPath,
    now: () => new Date(),
  });

  /** A publish's answer into the file (only the site's keys, over whatever the file holds now), then what happened. */
  async function written(w: WritingModule, doc: vscode.TextDocument, out: Written): Promise<void> {
    const m = w.parsePostFile(out.text).meta;
    const keys = {
      id: m.id,
      site: m.site,
      url: m.url,
      modified: m.modified,
      status: m.status,
      ...(m.status === 'future' ? { date: m.date } : {}),
    };
    await replaceText(doc, w.withFrontMatter(doc.getText(), keys));
    deps.log.info(`${out.kind} post ${out.post.ID} (${out.post.status}); ${out.uploaded} image(s) uploaded.`);
    deps.postsChanged();
    const open = vscode.l10n.t('Open in Browser');
    void vscode.window.showInformationMessage(sentence(out.post), open).then((pick) => pick === open && openExternal(postLink(out.post)));
  }

  async function outcome(w: WritingModule, doc: vscode.TextDocument, site: string, out: PublishOutcome): Promise<void> {
    if (out.kind !== 'conflict') return written(w, doc, out);
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
    const pick = await vscode.window.showWarningMessage(
      vscode.l10n.t('“{0}” changed on the site since this file last saw it. Nothing was published.', titleOf(out.theirs)),
      keep,
      take,
    );
    if (pick === keep) {
      if (doc.isDirty && !(await doc.save())) return;
      const again = await run(vscode.l10n.t('Publishing…'), () => w.takeMine(doc.getText(), out.theirs, publishDeps(w, doc, site)));
      if (again) await outcome(w, doc, site, again);
    } else if (pick === take) {
      await replaceText(doc, out.theirsText);
      void vscode.window.showInformationMessage(vscode.l10n.t("The file now holds the site's version of “{0}”.", titleOf(out.theirs)));
    }
  }

  /** Runs a publish or a pull with progress; its failure said (a PublishError as it is worded), undefined then. */
  async function run<T>(title: string, work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, work);
    } catch (err) {
      if (isPublishError(err)) {
        deps.log.warn(`Refused before publishing: ${err.message}`);
        void vscode.window.showErrorMessage(err.message);
      } else await reportError(deps, err, vscode.l10n.t('Publish'));
      return undefined;
    }
  }

  async function publish(uri?: vscode.Uri): Promise<void> {
    if (!requireSignIn(deps)) return;
    const doc = await postDocument(uri);
    if (!doc) return;
    const site = await chosenSite(deps);
    if (!site) return;
    if (doc.isDirty && !(await doc.save())) return;
    const w = await loadWriting();
    const out = await run(vscode.l10n.t('Publishing to {0}…', deps.site.label ?? site), () =>
      w.publishPost(doc.getText(), publishDeps(w, doc, site)),
    );
    if (out) await outcome(w, doc, site, out);
  }

  async function pull(uri?: vscode.Uri): Promise<void> {
    if (!requireSignIn(deps)) return;
    const doc = await postDocument(uri);
    if (!doc) return;
    const site = await chosenSite(deps);
    if (!site) return;
    if (doc.isDirty) {
      const replace = vscode.l10n.t('Replace');
      const pick = await vscode.window.showWarningMessage(
        vscode.l10n.t("The file has unsaved changes. Replace them with the site's version?"),
        { modal: true },
        replace,
      );
      if (pick !== replace) return;
    }
    const w = await loadWriting();
    const out = await run(vscode.l10n.t('Pulling from {0}…', deps.site.label ?? site), () =>
      w.pullPost(doc.getText(), { client: deps.client(), site }),
    );
    if (!out) return;
    await replaceText(doc, out.text);
    void vscode.window.showInformationMessage(vscode.l10n.t('Pulled “{0}” from the site.', titleOf(out.post)));
  }

  async function newPost(): Promise<void> {
    const w = await loadWriting();
    const text = w.newPostText(new Date());
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder) {
      const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: text });
      await vscode.window.showTextDocument(doc);
      return;
    }
    const uri = await freeName(vscode.Uri.joinPath(folder.uri, 'posts'), 'untitled-post');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    await vscode.window.showTextDocument(uri);
  }

  /** A dropped image to the library at once (known content is not sent again); undefined when it may not be, said why. */
  async function uploadDropped(files: MediaFile[]): Promise<Array<{ URL: string }> | undefined> {
    const site = deps.site.site;
    if (!deps.auth.current() || !site) return undefined;
    const w = await loadWriting();
    try {
      const out = await w.uploadOnce(files, { client: deps.client(), site, memory: mediaMemory(deps) });
      deps.log.info(`Dropped ${files.length} image(s): ${out.sent} uploaded.`);
      return out.items;
    } catch (err) {
      if (isPublishError(err)) void vscode.window.showErrorMessage(err.message);
      else await reportError(deps, err, vscode.l10n.t('Upload'));
      return undefined;
    }
  }

  return [
    vscode.languages.registerDocumentDropEditProvider({ language: 'markdown' }, new ImageDropProvider(uploadDropped)),
    vscode.commands.registerCommand(COMMANDS.posts.newPost, newPost),
    vscode.commands.registerCommand(COMMANDS.posts.publish, publish),
    vscode.commands.registerCommand(COMMANDS.posts.pull, pull),
  ];
}

/** `<dir>/<stem>.md`, or `<stem>-2.md`… when taken: a file is never overwritten. */
export async function freeName(dir: vscode.Uri, stem: string): Promise<vscode.Uri> {
  for (let n = 1; ; n++) {
    const uri = vscode.Uri.joinPath(dir, `${stem}${n === 1 ? '' : `-${n}`}.md`);
    try {
      await vscode.workspace.fs.stat(uri);
    } catch {
      return uri;
    }
  }
}
