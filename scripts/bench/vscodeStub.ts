/**
 * Just enough of the `vscode` module to construct tree providers and nodes outside an editor, for
 * timing getChildren/getTreeItem (and for test/unit/views/noteRows.test.ts, which checks what the
 * notification rows say). Its l10n.t runs a regex replace on every string (VS Code's does so for a
 * string with arguments, and returns one without as it is), so a bench does not undercount a
 * lookup the code makes per row. For a site folder's session (siteFolder.ts's rows after a reload,
 * test/unit/commands/siteFolderSession.test.ts): `Uri` for files, `workspace.fs` on the disk, a
 * file watcher that reports nothing, and a source control that keeps what it is given.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import Module from 'node:module';
import { join } from 'node:path';

class EventEmitter<T> {
  private listeners: Array<(e: T) => void> = [];
  event = (l: (e: T) => void) => (this.listeners.push(l), { dispose: () => undefined });
  fire(e: T): void {
    for (const l of this.listeners) l(e);
  }
  dispose(): void {}
}

/** A `file:` URI, as much of one as the code uses. */
class Uri {
  readonly scheme = 'file';
  private constructor(readonly fsPath: string) {}
  get path(): string {
    return this.fsPath;
  }
  static file(path: string): Uri {
    return new Uri(path);
  }
  static joinPath(base: Uri, ...parts: string[]): Uri {
    return new Uri(join(base.fsPath, ...parts));
  }
  toString(): string {
    return `file://${this.fsPath}`;
  }
}

const noEvent = () => ({ dispose() {} });

export const stub = {
  Uri,
  RelativePattern: class {
    constructor(
      public base: unknown,
      public pattern: string,
    ) {}
  },
  workspace: {
    fs: {
      readFile: async (uri: Uri) => new Uint8Array(await readFile(uri.fsPath)),
      writeFile: (uri: Uri, bytes: Uint8Array) => writeFile(uri.fsPath, bytes),
      createDirectory: (uri: Uri) => mkdir(uri.fsPath, { recursive: true }).then(() => undefined),
      rename: (from: Uri, to: Uri) => rename(from.fsPath, to.fsPath),
    },
    createFileSystemWatcher: () => ({ onDidCreate: noEvent, onDidChange: noEvent, onDidDelete: noEvent, dispose() {} }),
  },
  scm: {
    /** A source control whose groups keep the rows they are given (`resourceStates`). */
    createSourceControl: () => ({
      inputBox: {},
      count: 0,
      statusBarCommands: [] as unknown[],
      createResourceGroup: (id: string, label: string) => ({ id, label, resourceStates: [] as unknown[], dispose() {} }),
      dispose() {},
    }),
  },
  TreeItem: class {
    constructor(
      public label: unknown,
      public collapsibleState?: number,
    ) {}
  },
  TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
  ThemeIcon: class {
    constructor(
      public id: string,
      public color?: unknown,
    ) {}
  },
  ThemeColor: class {
    constructor(public id: string) {}
  },
  // What a language model tool answers with (the tools' bench, tools.ts).
  LanguageModelTextPart: class {
    constructor(readonly value: string) {}
  },
  LanguageModelToolResult: class {
    constructor(readonly content: unknown[]) {}
  },
  MarkdownString: class {
    value = '';
    /** As VS Code's: whether `$(name)` shows an icon; `isTrusted` (command links) and `supportHtml` stay unset unless a caller sets them. */
    supportThemeIcons: boolean;
    isTrusted?: boolean;
    supportHtml?: boolean;
    constructor(v = '', supportThemeIcons = false) {
      this.value = v;
      this.supportThemeIcons = supportThemeIcons;
    }
    appendMarkdown(s: string) {
      this.value += s;
      return this;
    }
  },
  EventEmitter,
  env: { language: 'en' },
  l10n: { t: (s: string, ...args: unknown[]) => s.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)])) },
  window: {
    state: { focused: false },
    onDidChangeWindowState: noEvent,
    createTreeView: () => ({
      visible: true,
      selection: [],
      onDidChangeVisibility: () => ({ dispose() {} }),
      onDidCollapseElement: () => ({ dispose() {} }),
      onDidExpandElement: () => ({ dispose() {} }),
      dispose() {},
    }),
    withProgress: (_o: unknown, task: () => Promise<unknown>) => task(),
    /** A status bar item that keeps what it was told (`shown` after show/hide). */
    createStatusBarItem: () => ({
      text: '',
      tooltip: undefined as unknown,
      shown: false,
      show() {
        this.shown = true;
      },
      hide() {
        this.shown = false;
      },
      dispose() {},
    }),
  },
  StatusBarAlignment: { Left: 1, Right: 2 },
};

type Resolver = (request: string, ...rest: unknown[]) => string;
const internals = Module as unknown as { _resolveFilename: Resolver; _cache: Record<string, unknown> };
const original = internals._resolveFilename;
internals._resolveFilename = function (request: string, ...rest: unknown[]) {
  if (request === 'vscode') return 'vscode';
  return original.call(this, request, ...rest);
};
internals._cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: stub };
