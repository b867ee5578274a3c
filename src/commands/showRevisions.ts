/**
 * Show Revisions (site-sync.md, "Revisions of a post"): the site's revisions of the post a file
 * holds, in a QuickPick, newest first. Choosing one opens a diff of that revision, as a post file,
 * against the file (the list stays open to choose another); its Restore into File button puts the
 * revision's title and body into the open document, an undoable edit that is neither saved nor
 * published: the writer publishes it as usual. It asks the service through PostHistory
 * (models/postHistory.ts); imported with the first post-file command (postFiles.work.ts).
 */
import * as vscode from 'vscode';
import type { PostRevision, PostRevisions } from '../api';
import type { PostHistory } from '../models/postHistory';
import type { SitePostDocuments } from '../views/posts/sitePostDocuments';
import type { WritingModule } from '../writing/writingModule';
import { localized } from '../localize';
import { report, reportFailure } from '../report';
import type { CommandAuth } from './common';
import { editDocument } from './postFileWriter';

export interface RevisionDeps {
  /** The post's revisions and who saved each. */
  history: Pick<PostHistory, 'read'>;
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
  /** Where the revisions shown in diffs are kept, as read-only documents: the site's versions' (`content-site-post:` URIs). */
  documents: SitePostDocuments;
}

interface RevisionPick extends vscode.QuickPickItem {
  revision: PostRevision;
}

/** The command: `uri` is the post file (explorer, editor title), else the active editor's Markdown document. */
export async function showRevisions(deps: RevisionDeps, uri?: vscode.Uri): Promise<void> {
  const what = vscode.l10n.t('Show Revisions');
  try {
    const doc = uri instanceof vscode.Uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
    if (!doc || doc.languageId !== 'markdown') {
      void report.info(vscode.l10n.t('Open a post file (Markdown with front matter) to see its revisions.'));
      return;
    }
    const w = await import('../writing/index');
    const target = w.revisionTarget(doc.getText());
    if (target.problem !== undefined) {
      void report.info(localized(target.problem));
      return;
    }
    const { all, names } = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading the post’s revisions…') },
      () => deps.history.read(target.site, target.id),
    );
    if (all.revisions.length === 0) {
      void report.info(vscode.l10n.t('The site has no revisions of this post yet.'));
      return;
    }
    pick(deps, w, doc, target, all, names);
  } catch (err) {
    await reportFailure(deps, err, what);
  }
}

/** The QuickPick: choose → the diff (the list stays open); the item's button → restore into the file. */
function pick(
  deps: RevisionDeps,
  w: WritingModule,
  doc: vscode.TextDocument,
  target: { site: string; id: number },
  all: PostRevisions,
  names: Map<number, string>,
): void {
  const words = { noTitle: vscode.l10n.t('(no title)'), user: (id: number) => vscode.l10n.t('user {0}', id) };
  const restoreButton: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('discard'), tooltip: vscode.l10n.t('Restore into File') };
  const qp = vscode.window.createQuickPick<RevisionPick>();
  qp.title = vscode.l10n.t('Revisions of “{0}”', w.parsePostFile(doc.getText()).meta.title || words.noTitle);
  qp.placeholder = vscode.l10n.t('Choose a revision to compare it with the file; its button restores it into the file.');
  qp.ignoreFocusOut = true;
  qp.matchOnDescription = true;
  qp.matchOnDetail = true;
  qp.items = w.revisionItems(all, { names, locale: vscode.env.language, words }).map((item) => ({ ...item, buttons: [restoreButton] }));
  const when = (r: PostRevision) => w.revisionWhen(r, Date.now(), vscode.env.language);
  qp.onDidAccept(() => {
    const chosen = qp.selectedItems[0];
    if (chosen) void compare(deps, w, doc, target, chosen.revision, w.revisionTitle(chosen.revision, words), when(chosen.revision));
  });
  qp.onDidTriggerItemButton(({ item }) => {
    qp.hide();
    void restore(deps, w, doc, item.revision, when(item.revision));
  });
  qp.onDidHide(() => qp.dispose());
  qp.show();
}

/** The revision as a post file, in a diff against the file. */
async function compare(
  deps: RevisionDeps,
  w: WritingModule,
  doc: vscode.TextDocument,
  target: { site: string; id: number },
  revision: PostRevision,
  title: string,
  when: string,
): Promise<void> {
  try {
    const text = await w.revisionAsFile(doc.getText(), revision);
    const name = doc.uri.path.slice(doc.uri.path.lastIndexOf('/') + 1) || `post-${target.id}.md`;
    const left = deps.documents.showText(target.site, target.id, `${revision.id}/${name}`, text);
    await vscode.commands.executeCommand('vscode.diff', left, doc.uri, vscode.l10n.t('{0}: revision of {1} ↔ file', title, when), {
      preview: true,
      preserveFocus: true,
    });
  } catch (err) {
    await reportFailure(deps, err, vscode.l10n.t('Show Revisions'));
  }
}

/** The revision's title and body into the open document: one undoable edit, not saved, not published. Nothing changes on failure. */
async function restore(
  deps: RevisionDeps,
  w: WritingModule,
  doc: vscode.TextDocument,
  revision: PostRevision,
  when: string,
): Promise<void> {
  try {
    // The text is made from the document as it is; a change made while it was being made starts it again.
    for (let tries = 0; ; tries++) {
      const version = doc.version;
      const text = await w.revisionAsFile(doc.getText(), revision);
      if (doc.version !== version && tries < 3) continue;
      if (doc.version !== version) throw new Error(vscode.l10n.t('The file kept changing while the revision was being restored.'));
      await editDocument(doc, text);
      break;
    }
    void report.info(vscode.l10n.t('Restored the revision of {0} into the file: Publish to send it.', when));
  } catch (err) {
    await reportFailure(deps, err, vscode.l10n.t('Restore into File'));
  }
}
