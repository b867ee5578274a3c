/**
 * What an action on an item is, for every kind of item the views act on (a note, a comment, a
 * Reader post): one entry says its labels and icons, its key, its command (and its toggle partner's),
 * whether it sits inline on the row and where in the row's menu, its word in the row's context
 * value, its place on the detail page, whether it waits for Undo and what it says then, and whether
 * it asks first. Each kind's table (noteActionCatalog.ts, commentActionCatalog.ts,
 * readerActionCatalog.ts) adds how its items offer, show and send the action; `ACTION_TABLES`
 * (actionTables.ts) lists the tables for the manifest, the keys and the shortcut list.
 *
 * No vscode here: labels and sentences are English, shown through `localized` by the editor layer.
 */

/** How an action runs. */
export type ActionKind =
  /** Shown at once, sent at once; pressing again reverses (approve, like, follow). */
  | 'toggle'
  /** Hides the item at once; sent when the undo window ends (spam, trash, unfollow, block). */
  | 'remove'
  /** Opens the box to write a reply or a comment. */
  | 'reply'
  /** Opens the item's link for it in the browser (a note's edit). */
  | 'link'
  /** Opens the box to change the item's text (a comment's edit). */
  | 'edit'
  /** Sent at once, no toggle (restore, delete for good, mark all as seen). */
  | 'act'
  /** Handled by the extension alone: read state, undo. */
  | 'local';

export interface ActionLabels {
  /** The command's title, when not `on` (Reply…). */
  readonly title?: string;
  /** The command's title and the page's button when the action is off (Approve). */
  readonly on: string;
  /** The partner command's title (Unapprove); the same as `on` when there is none. */
  readonly off: string;
  /** The page's button when the state is on (Approved). */
  readonly done: string;
  /** The button's tooltip when off, and when on. */
  readonly hint: readonly [off: string, on: string];
  /** What the key does, for the shortcut list. */
  readonly key: string;
}

export interface ActionEntry {
  /** Our name: the command's last word, the contextValue word, the page's `data-action`. */
  readonly id: string;
  readonly kind: ActionKind;
  readonly labels: ActionLabels;
  /** Codicons of the command and of its partner (none: the command shows no icon). */
  readonly icons?: readonly [on: string, off?: string];
  /** The key in the item's views and on the detail page. */
  readonly key?: string;
  /** The command id; toggles also have the partner that only turns off. */
  readonly command?: string;
  readonly offCommand?: string;
  /** The partner's title in the palette and menus, when not `labels.off`. */
  readonly offTitle?: string;
  /** Inline on the row (its order there; a toggle's partner too when `inlineOff`), and its group@order in the row's context menu. */
  readonly inline?: number;
  readonly inlineOff?: boolean;
  readonly menu?: string;
  /** Whether the row's context value names it (with `:on`/`:off` for toggles). */
  readonly context?: boolean;
  /** Its place among the detail page's toolbar buttons (none: the page shows it its own way). */
  readonly button?: number;
  /** When the command shows in the palette (a `when` clause); the table's `palette` otherwise. */
  readonly palette?: string;
  /** Shown as this entry's variant on rows and in commands (like the post is "like" there). */
  readonly variantOf?: string;
  /** What a row's hover says once the user did it (You liked this comment.), with its icon. */
  readonly doneSentence?: { readonly icon: string; readonly text: string };
  /** What a row says beside the item while the action is in this state (pending, liked). */
  readonly rowState?: { readonly when: boolean; readonly text: string };
  /** Local actions: this one marks the item read or unread; this one brings removed items back. */
  readonly readState?: boolean;
  readonly undoes?: boolean;
  /** Removals: the sentence of the message with Undo, and the warning when some could not be sent. */
  readonly removed?: { readonly one: string; readonly many: string; readonly failed: string };
  /** Asks first (delete for good, block): the question for one and for several, and the button that goes on. */
  readonly confirm?: { readonly one: string; readonly many: string; readonly yes: string };
}

/** An entry as a table writes it: its command and partner follow from its id (see `actionTable`). */
export type Written<E extends ActionEntry> = Omit<E, 'command' | 'offCommand'> & { readonly commandWord?: string };

/** One kind of item's actions, in order (the order of the page's buttons and of the context value's words). */
export interface ActionTable<E extends ActionEntry = ActionEntry> {
  /** The kind of item, for messages and logs. */
  readonly item: string;
  /** The views' name, as the shortcut list heads their keys (English). */
  readonly label: string;
  /** The tree views whose rows show these items (menus and keys are contributed for each). */
  readonly views: readonly string[];
  /** When a command shows in the palette unless its entry says (a toggle's partner never does). */
  readonly palette: string;
  readonly entries: readonly E[];
  readonly byId: ReadonlyMap<string, E>;
  /** The entries a row, a command or a key names (a variant is shown as its base). */
  readonly shown: readonly E[];
  entry(id: string): E;
}

/**
 * A table from its written entries: a shown entry's command is `<prefix>.<id>` (or its
 * `commandWord`), and a toggle's partner, which only turns it off, is `<prefix>.un<id>`.
 */
export function actionTable<E extends ActionEntry>(o: {
  item: string;
  label: string;
  prefix: string;
  views: readonly string[];
  palette: string;
  written: readonly Written<E>[];
}): ActionTable<E> {
  const entries = o.written.map(({ commandWord, ...e }) =>
    e.variantOf
      ? (e as unknown as E)
      : ({
          ...e,
          command: `${o.prefix}.${commandWord ?? e.id}`,
          offCommand: e.kind === 'toggle' ? `${o.prefix}.un${e.id}` : undefined,
        } as unknown as E),
  );
  const byId = new Map(entries.map((e) => [e.id, e]));
  return {
    item: o.item,
    label: o.label,
    views: o.views,
    palette: o.palette,
    entries,
    byId,
    shown: entries.filter((e) => !e.variantOf),
    entry(id) {
      const e = byId.get(id);
      if (!e) throw new Error(`No ${o.item} action ${id}.`);
      return e;
    },
  };
}

/** The command a control runs (a variant runs its base's: like the post is the like command). */
export function commandOf<E extends ActionEntry>(table: ActionTable<E>, e: E): string | undefined {
  return e.command ?? (e.variantOf ? table.byId.get(e.variantOf)?.command : undefined);
}

/** The command ids a table contributes (and their partners). */
export function tableCommands(table: ActionTable): string[] {
  return table.entries.flatMap((e) => [e.command, e.offCommand].filter((c): c is string => c !== undefined));
}

/** The word of an entry in a row's context value, as a menu's `when` matches it (`approve:off`, `spam`). */
export function contextWord(e: ActionEntry, on?: boolean): string {
  return e.kind === 'toggle' && on !== undefined ? `${e.id}:${on ? 'on' : 'off'}` : e.id;
}

/**
 * A row's context value: its first word, then one word per entry with `context` that the item
 * offers (`state` says undefined when it does not, else whether a toggle is on).
 */
export function contextValue<E extends ActionEntry>(
  first: string,
  table: ActionTable<E>,
  state: (e: E) => boolean | undefined | 'offered',
): string {
  let value = first;
  for (const e of table.shown) {
    if (!e.context) continue;
    const s = state(e);
    if (s !== undefined) value += ` ${contextWord(e, s === 'offered' ? undefined : s)}`;
  }
  return value;
}

/** When a view's keys work: its tree has the focus, and no text input (nor its find box) has. */
export const keysWhen = (view: string) => `focusedView == ${view} && listFocus && !inputFocus && !treeFindOpen`;

/** Said beside the focused row by a key's binding: the command knows a key sent it. */
export const BY_KEY = 'key';

/**
 * A key binding's argument: `[focused row, BY_KEY]`. VS Code turns `$focusedTreeItem` into the row
 * under the keyboard focus (the outline ↑/↓ move) before the command runs, so the command gets
 * `[row or nothing, 'key']` and can tell a key whose row was lost to a redraw from a palette run.
 */
export const keyArgs = (view: string) => [{ $treeViewId: view, $focusedTreeItem: true }, BY_KEY] as const;

export interface ActionKey<E extends ActionEntry = ActionEntry> {
  key: string;
  command: string;
  view: string;
  entry: E;
}

/** A table's keys, in each of its views. */
export function tableKeys<E extends ActionEntry>(table: ActionTable<E>): ActionKey<E>[] {
  return table.views.flatMap((view) =>
    table.shown.flatMap((e) => (e.key && e.command ? [{ key: e.key, command: e.command, view, entry: e }] : [])),
  );
}
