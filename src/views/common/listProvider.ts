import * as vscode from 'vscode';
import { Disposable } from '../../models/disposable';
import { ViewLoader, type LoadableModel, type LoaderOptions } from './viewLoader';

export interface Tooltipped {
  /** A promise when the hover's code is imported with the first hover built. */
  buildTooltip(): vscode.MarkdownString | Promise<vscode.MarkdownString>;
}

/** The minute now: a row that shows a relative time ("5 min ago") is made again when it may read differently. */
export const minuteNow = () => Math.floor(Date.now() / 60_000);

/** The key `drawn` keeps the top level's rows under. */
const ROOT = '\0root';

/** What a row is for the editor: the same kind, by the same id (or, without one, label). */
const rowId = (row: vscode.TreeItem) => row.id ?? (typeof row.label === 'string' ? row.label : row.label?.label);
const sameIds = (ids: readonly (string | undefined)[], rows: readonly vscode.TreeItem[]) =>
  ids.length === rows.length && ids.every((id, i) => id === rowId(rows[i]));

/** A row's hover built on demand (`resolveTreeItem`); undefined for a row whose hover is drawn with it. */
function builtHover(row: vscode.TreeItem): vscode.MarkdownString | Promise<vscode.MarkdownString> | undefined {
  const t = row as Partial<Tooltipped>;
  return typeof t.buildTooltip === 'function' ? t.buildTooltip() : undefined;
}

/**
 * A row's hover as built now: undefined for none, and for one whose code is still to be imported
 * (no such hover has been built yet, so the editor keeps none to show again).
 */
function hoverText(row: vscode.TreeItem): string | undefined {
  const hover = builtHover(row);
  if (!(hover instanceof Promise)) return hover?.value;
  hover.catch(() => undefined); // resolveTreeItem reports a hover that cannot be built
  return undefined;
}

/** What the editor draws of a row itself (not its children): equal when a redraw of it would show nothing new. */
function looks(row: vscode.TreeItem): string {
  const icon = row.iconPath;
  return JSON.stringify([
    row.label,
    row.description,
    row.contextValue,
    row.collapsibleState,
    icon instanceof vscode.ThemeIcon ? [icon.id, icon.color?.id] : String(icon),
    row.tooltip instanceof vscode.MarkdownString ? row.tooltip.value : row.tooltip,
    row.command && [row.command.command, row.command.title],
    row.accessibilityInformation?.label,
  ]);
}

/**
 * The base of every tree provider: owns the tree view, its loader (lazy, gated, batched), the
 * reload when the view becomes visible, the redraw when the model changes, and disposal (a
 * `Disposable`: a subclass `register`s what it adds).
 * Subclasses say what rows to show and what the view's header says.
 *
 * A change redraws only the rows that changed (`fire(rows)`), so focus, selection and a row's menu
 * survive it: the extension host keeps every other row. Rows are kept per item (`row`), so a row
 * whose item did not change is the same object; a changed row takes the new one's fields and is
 * redrawn in place when what it shows or its hover reads differently (never to show nothing new: a
 * redraw drops a click on its way to the row). A row whose children changed (one added, removed or
 * moved) is redrawn with them (the editor asks for them again); only a change of the top level's
 * rows redraws the tree.
 */
export abstract class ListProvider<M extends LoadableModel & { onDidChange(l: () => void): { dispose(): void } }>
  extends Disposable
  implements vscode.TreeDataProvider<vscode.TreeItem>, vscode.Disposable
{
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | vscode.TreeItem[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<vscode.TreeItem>;
  readonly loader: ViewLoader;
  /**
   * After a redraw, the rows whose children the editor has yet to ask for again ('root': the top
   * level first); undefined when the extension host knows every row. See `rowsKnown`.
   */
  private awaiting: Set<string> | 'root' | undefined;
  private readonly waiters: Array<() => void> = [];
  /** Expandable rows the user opened (true) or closed (false), by id: the editor asks for the children of open ones only. */
  private readonly opened = new Map<string, boolean>();
  /** The ids of the rows the editor was last given, by their parent's id (ROOT for the top level): what it shows. */
  private readonly drawn = new Map<string, Array<string | undefined>>();
  /**
   * The one object of each row, by id: the editor and every command get this one, and a row made
   * again passes its fields to it (the extension host knows rows by object, and may still hold
   * one it was given before a redraw). Kept while the editor shows the row.
   */
  private readonly nodes = new Map<string, vscode.TreeItem>();
  /** Each item's row and what it was made from (see `row`); `rowKeys` finds a row's key. */
  private readonly rowCache = new Map<string, { parts: readonly unknown[]; node: vscode.TreeItem }>();
  private readonly rowKeys = new WeakMap<vscode.TreeItem, string>();
  /** The keys `row` was asked for since the cache was last pruned. */
  private rowsAsked = new Set<string>();

  constructor(
    readonly viewId: string,
    protected readonly model: M,
    loader: LoaderOptions,
    treeOptions: { canSelectMany?: boolean; showCollapseAll?: boolean } = {},
  ) {
    super();
    this.view = vscode.window.createTreeView(viewId, { treeDataProvider: this, ...treeOptions });
    this.loader = new ViewLoader(viewId, model, () => this.view.visible, loader);
    this.registerAll([
      this.view,
      this.changed,
      model.onDidChange(() => this.render()),
      this.view.onDidChangeVisibility((e) => e.visible && this.ensureLoaded()),
      this.view.onDidCollapseElement((e) => e.element.id && this.opened.set(e.element.id, false)),
      this.view.onDidExpandElement((e) => e.element.id && this.opened.set(e.element.id, true)),
    ]);
  }

  /** The rows under `element` (the top level when undefined). */
  protected abstract rows(element?: vscode.TreeItem): vscode.TreeItem[];
  /** The view's description, message and badge for the model as it is. */
  protected abstract header(): void;

  ensureLoaded(): void {
    this.loader.ensureLoaded();
  }
  reload(): Promise<void> {
    return this.loader.reload();
  }
  loadMore(): Promise<void> {
    return this.loader.loadMore();
  }
  reset(): void {
    this.rowCache.clear();
    this.loader.reset();
  }

  /**
   * The row of an item (by `key`), made by `make` only when one of `parts` (the item, anything else
   * the row shows) is not the same as when it was last made: an unchanged item keeps its row object.
   */
  protected row<N extends vscode.TreeItem>(key: string, parts: readonly unknown[], make: () => N): N {
    this.rowsAsked.add(key);
    const kept = this.rowCache.get(key);
    if (kept && kept.parts.length === parts.length && kept.parts.every((p, i) => p === parts[i])) return kept.node as N;
    const node = make();
    this.rowCache.set(key, { parts, node });
    this.rowKeys.set(node, key);
    return node;
  }

  protected render(): void {
    this.header();
    this.prune();
    const rows = this.awaiting === 'root' ? undefined : this.changedRows();
    if (rows === undefined) {
      this.awaiting = 'root';
      this.drawn.clear();
      this.changed.fire(undefined);
    } else if (rows.length > 0) this.changed.fire(rows);
  }

  /** Forgets kept rows not asked for lately, once they are many; and the objects of rows the editor no longer shows. */
  private prune(): void {
    if (this.rowCache.size > 2 * this.rowsAsked.size + 100)
      for (const key of [...this.rowCache.keys()]) if (!this.rowsAsked.has(key)) this.rowCache.delete(key);
    this.rowsAsked = new Set();
    if (!this.drawn.has(ROOT)) return;
    const shown = new Set<string | undefined>();
    for (const ids of this.drawn.values()) for (const id of ids) shown.add(id);
    if (this.nodes.size > 2 * shown.size + 100) for (const id of [...this.nodes.keys()]) if (!shown.has(id)) this.nodes.delete(id);
  }

  /**
   * The kept object of `fresh`'s row, with `fresh`'s fields; and whether the editor should draw it
   * again: a row it does not know yet, a row whose item changed (its hover may read differently),
   * or a parent that looks different.
   */
  private kept(fresh: vscode.TreeItem): { node: vscode.TreeItem; changed: boolean } {
    const id = fresh.id;
    if (id === undefined) return { node: fresh, changed: false };
    const node = this.nodes.get(id);
    if (!node || node.constructor !== fresh.constructor) {
      this.nodes.set(id, fresh);
      return { node: fresh, changed: true };
    }
    if (node === fresh) return { node, changed: false };
    // A row is redrawn when it looks different; an item's row made again (its item changed) also when
    // its hover reads differently (the editor keeps a hover it has built). Never when it would show
    // nothing new: a redraw gives the row a new command, and a click already on its way, naming the
    // old one, would be dropped by the editor (a note re-read after a mark arrives as it was marked).
    const madeAgain = this.rowKeys.has(fresh) && !this.drawn.has(id);
    const changed = looks(node) !== looks(fresh) || (madeAgain && hoverText(node) !== hoverText(fresh));
    Object.assign(node, fresh);
    // A row's click gives the row itself: the kept one.
    if (node.command?.arguments?.includes(fresh))
      node.command = { ...node.command, arguments: node.command.arguments.map((a) => (a === fresh ? node : a)) };
    const key = this.rowKeys.get(fresh);
    const cached = key === undefined ? undefined : this.rowCache.get(key);
    if (key !== undefined && cached?.node === fresh) {
      cached.node = node;
      this.rowKeys.set(node, key);
    }
    return { node, changed };
  }

  /** The rows to redraw for the model as it is now (changed in place), or undefined when the top level changed. */
  private changedRows(): vscode.TreeItem[] | undefined {
    const shown = this.drawn.get(ROOT);
    if (!shown) return undefined;
    const now = this.rows(undefined);
    if (!sameIds(shown, now)) return undefined;
    const out: vscode.TreeItem[] = [];
    this.follow(now, out);
    return out;
  }

  /** The rows under a drawn parent, made again (`now`, in the order shown): those to redraw go to `out`. */
  private follow(now: readonly vscode.TreeItem[], out: vscode.TreeItem[]): void {
    for (const fresh of now) {
      const { node, changed } = this.kept(fresh);
      const kids = node.id === undefined ? undefined : this.drawn.get(node.id);
      let redraw = changed;
      if (kids !== undefined && !redraw) {
        const kidsNow = this.rows(node);
        if (sameIds(kids, kidsNow)) this.follow(kidsNow, out);
        else redraw = true;
      }
      if (!redraw) continue;
      out.push(node);
      if (kids !== undefined) this.forgetChildren(node);
    }
  }

  /** A redrawn row's children are asked for again (when it is open): until then the extension host does not know them. */
  private forgetChildren(row: vscode.TreeItem): void {
    const id = row.id!;
    for (const kid of this.drawn.get(id) ?? []) {
      const node = kid === undefined ? undefined : this.nodes.get(kid);
      if (node && this.drawn.has(kid!)) this.forgetChildren(node);
    }
    this.drawn.delete(id);
    const open = this.opened.get(id) ?? row.collapsibleState === vscode.TreeItemCollapsibleState.Expanded;
    if (!open) return;
    if (this.awaiting === undefined) this.awaiting = new Set();
    if (this.awaiting !== 'root') this.awaiting.add(id);
  }

  /**
   * Whether a redraw is under way: from it until the editor has asked for the rows again, the
   * extension host has forgotten the old rows (VS Code clears them when it passes the redraw on),
   * so a key's focused row or a menu's row given to a command in that moment arrives as nothing.
   */
  get redrawing(): boolean {
    return this.awaiting !== undefined;
  }

  /** Resolves when the extension host knows the rows again (at once when no redraw is under way), or after `ms`. */
  rowsKnown(ms = 5000): Promise<void> {
    if (!this.redrawing) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.push(done);
    });
  }

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    return element;
  }

  getChildren(element?: vscode.TreeItem): vscode.TreeItem[] {
    const rows = this.rows(element).map((row) => this.kept(row).node);
    const ids = rows.map(rowId);
    if (element === undefined) this.drawn.set(ROOT, ids);
    else if (element.id !== undefined) this.drawn.set(element.id, ids);
    this.asked(element, rows);
    return rows;
  }

  /** The editor asked for `element`'s rows: once it has the top level and every expanded row's, the redraw is through. */
  private asked(element: vscode.TreeItem | undefined, rows: readonly vscode.TreeItem[]): void {
    if (this.awaiting === undefined) return;
    if (element === undefined) {
      // Only a redraw of the whole tree waits for the top level (a row redrawn with its children does not).
      if (this.awaiting !== 'root') return;
      const open = (r: vscode.TreeItem) => this.opened.get(r.id!) ?? r.collapsibleState === vscode.TreeItemCollapsibleState.Expanded;
      this.awaiting = new Set(rows.filter((r) => r.id && open(r)).map((r) => r.id!));
    } else if (this.awaiting !== 'root' && element.id) {
      this.awaiting.delete(element.id);
    }
    if (this.awaiting === 'root' || this.awaiting.size > 0) return;
    this.awaiting = undefined;
    // The extension host registers the rows just returned once its awaits on them resolve: after them.
    setImmediate(() => {
      if (this.redrawing) return;
      for (const done of this.waiters.splice(0)) done();
    });
  }

  async resolveTreeItem(item: vscode.TreeItem, element: vscode.TreeItem): Promise<vscode.TreeItem> {
    const hover = await builtHover(element);
    if (hover) item.tooltip = hover;
    return item;
  }

  /** The nodes a command acts on: the selection when the clicked node is part of it, else the clicked one. */
  protected targetsOf<N extends vscode.TreeItem>(
    isNode: (n: vscode.TreeItem) => n is N,
    clicked?: vscode.TreeItem,
    selected?: readonly vscode.TreeItem[],
  ): N[] {
    const list = selected && selected.length > 0 ? selected : clicked ? [clicked] : this.view.selection;
    return list.filter(isNode);
  }
}
