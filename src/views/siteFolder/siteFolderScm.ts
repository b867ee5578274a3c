/**
 * One site folder's Source Control view (vscode.scm), as the Git extension shows a repository: the
 * groups of the folder's model (Changed on Both, Changed on the Site, Changed Here, New Here,
 * Deleted on the Site), each row a file with its icon and tooltip, a click opening the diff that
 * matters; the badge counts the rows; the gutter marks lines changed since the last pull or publish
 * (the quick diff against that text); Sync and what waits to publish in the status bar.
 *
 * It renders the model, and reads a file again only when the file watcher says it changed.
 */
import * as vscode from 'vscode';
import { COMMANDS, SOURCE_CONTROL } from '../../ids';
import { Disposable } from '../../models/disposable';
import { KeyedDebounce } from '../../models/keyedDebounce';
import { FOLDER_GROUPS, type FolderGroup, type FolderResource, type SiteFolderModel } from '../../models/siteFolderModel';
import type { FolderDocuments } from './folderDocuments';

const GROUP_LABELS: Record<FolderGroup, string> = {
  held: vscode.l10n.t('Not Sent'),
  both: vscode.l10n.t('Changed on Both'),
  site: vscode.l10n.t('Changed on the Site'),
  here: vscode.l10n.t('Changed Here'),
  new: vscode.l10n.t('New Here'),
  deleted: vscode.l10n.t('Deleted on the Site'),
};

const ICONS: Record<FolderGroup, string> = {
  held: 'error',
  both: 'git-merge',
  site: 'cloud-download',
  here: 'diff-modified',
  new: 'diff-added',
  deleted: 'diff-removed',
};

export interface FolderView {
  root: vscode.Uri;
  /** The site as the clone names it, and a label for it (its address). */
  site: string;
  label: string;
  model: SiteFolderModel;
  documents: FolderDocuments;
  /** A file the watcher saw made or changed: read it again. */
  read(path: string): void;
  /** A file the watcher saw deleted. */
  removed(path: string): void;
}

export class SiteFolderScm extends Disposable {
  private readonly scm: vscode.SourceControl;
  private readonly groups: Record<FolderGroup, vscode.SourceControlResourceGroup>;
  private readonly later = this.register(new KeyedDebounce(150));
  /** The folder's files in the outbox, in order: a group of their own, and "2 waiting to publish" in the status bar. */
  private waiting: readonly string[] = [];
  private readonly waitingGroup: vscode.SourceControlResourceGroup;
  private syncing = false;

  constructor(private readonly view: FolderView) {
    super();
    const { root, model } = view;
    this.scm = this.register(vscode.scm.createSourceControl(SOURCE_CONTROL.id, view.label, root));
    this.scm.inputBox.visible = false;
    this.scm.acceptInputCommand = { command: COMMANDS.siteFolder.sync, title: vscode.l10n.t('Sync'), arguments: [root] };
    this.scm.quickDiffProvider = { provideOriginalResource: (uri) => this.original(uri) };
    this.groups = Object.fromEntries(
      FOLDER_GROUPS.map((g) => {
        const group = this.scm.createResourceGroup(g, GROUP_LABELS[g]);
        group.hideWhenEmpty = true;
        return [g, group];
      }),
    ) as Record<FolderGroup, vscode.SourceControlResourceGroup>;
    this.waitingGroup = this.scm.createResourceGroup('waiting', vscode.l10n.t('Waiting to Publish'));
    this.waitingGroup.hideWhenEmpty = true;
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(root, '{posts,pages}/*.md'));
    this.registerAll([
      watcher,
      watcher.onDidCreate((u) => view.read(u.fsPath)),
      watcher.onDidChange((u) => view.read(u.fsPath)),
      watcher.onDidDelete((u) => view.removed(u.fsPath)),
      model.onDidChange(() => this.later.later('render', () => this.render())),
    ]);
    this.render();
  }

  /** The quick diff's original: the file as last synced. */
  private original(uri: vscode.Uri): vscode.Uri | undefined {
    const f = this.view.model.file(uri.fsPath);
    return f?.id === undefined ? undefined : this.view.documents.synced(uri, this.view.site, f.id);
  }

  /** While Sync runs, the status bar says so (and Sync is not offered twice). */
  setSyncing(on: boolean): void {
    this.syncing = on;
    this.render();
  }

  setWaiting(paths: readonly string[]): void {
    this.waiting = paths;
    this.render();
  }

  private render(): void {
    const groups = this.view.model.groups();
    for (const g of FOLDER_GROUPS) this.groups[g].resourceStates = groups[g].map((r) => this.resource(r));
    this.waitingGroup.resourceStates = this.waiting.map((path) => ({
      resourceUri: vscode.Uri.file(path),
      contextValue: 'waiting',
      command: { command: COMMANDS.siteFolder.openFile, title: vscode.l10n.t('Open File'), arguments: [vscode.Uri.file(path)] },
      decorations: {
        tooltip: vscode.l10n.t('Waiting to publish: it goes out when the site can be reached again.'),
        iconPath: new vscode.ThemeIcon('clock'),
      },
    }));
    this.scm.count = this.view.model.count(groups);
    const stopped = this.view.model.siteDisagreement().length > 0;
    const down = groups.site.length;
    const up = groups.here.length + groups.new.length;
    const sync: vscode.Command = {
      command: COMMANDS.siteFolder.sync,
      title: this.syncing
        ? '$(sync~spin)'
        : stopped
          ? `$(error) ${vscode.l10n.t('Sync stopped')}`
          : `$(sync) ${down}↓ ${up}↑${groups.both.length ? ` ${groups.both.length}⚠` : ''}`,
      tooltip: this.syncing
        ? vscode.l10n.t('Syncing {0}…', this.view.label)
        : stopped
          ? vscode.l10n.t('Files of this folder name another site than its .contentsite.json: nothing is synced (see Not Sent).')
          : vscode.l10n.t(
              'Sync {0}: {1} to pull, {2} to publish, {3} changed on both sides',
              this.view.label,
              down,
              up,
              groups.both.length,
            ),
      arguments: [this.view.root],
    };
    this.scm.statusBarCommands = [
      sync,
      ...(this.waiting.length
        ? [
            {
              command: COMMANDS.siteFolder.publishQueued,
              title: `$(clock) ${vscode.l10n.t('{0} waiting to publish', this.waiting.length)}`,
              tooltip: vscode.l10n.t('Published when the site can be reached again; click to try now.'),
            },
          ]
        : []),
    ];
  }

  private resource(r: FolderResource): vscode.SourceControlResourceState {
    const uri = r.path
      ? vscode.Uri.file(r.path)
      : vscode.Uri.joinPath(this.view.root, r.site?.type === 'page' ? 'pages' : 'posts', `post-${r.id}.md`);
    const why: Record<FolderGroup, string> = {
      held: r.problem ?? '',
      both: r.conflicted
        ? vscode.l10n.t('Conflict markers left by a merge: keep one side or both, remove the markers, then Sync.')
        : vscode.l10n.t('Changed here and on the site: Sync merges the two.'),
      site: r.path ? vscode.l10n.t('Changed on the site: Sync pulls it.') : vscode.l10n.t('New on the site: Sync writes its file.'),
      here: vscode.l10n.t('Changed here: Sync publishes it.'),
      new: vscode.l10n.t('Not on the site yet: Sync publishes it (as a draft unless its status says otherwise).'),
      deleted:
        r.gone === 'trash'
          ? vscode.l10n.t('In the site’s trash: restore it there, or delete this file.')
          : vscode.l10n.t('Deleted on the site for good: the file is kept; remove its id to publish it as a new post.'),
    };
    return {
      resourceUri: uri,
      contextValue: r.group,
      command: { command: COMMANDS.siteFolder.openChange, title: vscode.l10n.t('Open Changes'), arguments: [uri, r.group, r.id] },
      decorations: {
        tooltip: `${r.title ? `${r.title} — ` : ''}${why[r.group]}`,
        iconPath: new vscode.ThemeIcon(r.conflicted ? 'warning' : ICONS[r.group]),
        strikeThrough: r.group === 'deleted',
        faded: r.group === 'site' && !r.path,
      },
    };
  }
}
