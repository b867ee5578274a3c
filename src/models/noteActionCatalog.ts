/**
 * Every action on a note, said once. For each: which of the note's actions it is (the api's key,
 * read from the service's name by `api/noteActions.ts`), its labels and icons, its key, its
 * command (and its toggle partner's), how it shows at once on the note and how the service's
 * answer confirms it, whether it waits for Undo, whether it sits inline on the row, and its place
 * in the row's context value. The row, its context menu, the detail page's buttons, the keys, the
 * webview message check, the model and the manifest (a unit test) all read this table.
 *
 * Adding an action: one entry here, its request in `src/api/`, its route in the reference service,
 * and their tests; the manifest test then says which package.json entries it expects.
 * No vscode here: labels and sentences are English, shown through `localized` (src/localize.ts) by the editor layer.
 */
import type { ContentSiteClient, NoteActions } from '../api';
import type { ActOptions } from '../api/act';
import { VIEWS } from '../ids';

/** Which of a note's actions (as `noteActions(note)` reads them) an entry acts on. */
export type ServiceKey = keyof NoteActions;
export type OfferedAction = NonNullable<NoteActions[ServiceKey]>;

/** How an action runs. */
export type ActionKind =
  /** Shown at once, sent at once; pressing again reverses (approve, like, follow). */
  | 'toggle'
  /** Hides the note at once; sent when the undo window ends (spam, trash). */
  | 'remove'
  /** Opens the reply box. */
  | 'reply'
  /** Opens the note's link for it in the browser (edit). */
  | 'link'
  /** Handled by the extension alone: read state, undo. */
  | 'local';

interface Labels {
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

export interface CatalogEntry {
  /** Our name: the command's last word, the contextValue word, the page's `data-action`. */
  readonly id: string;
  readonly kind: ActionKind;
  /** Which of the note's actions it is; local actions have none. */
  readonly service?: ServiceKey;
  /** When the note does not offer `service`: the entry acted on instead (like → like the post). */
  readonly fallback?: string;
  /** Shown as this entry's variant on rows and in commands (like the post is "like" there). */
  readonly variantOf?: string;
  readonly labels: Labels;
  /** Codicons of the command and of its partner (none: the command shows no icon). */
  readonly icons?: readonly [on: string, off?: string];
  /** The key in the Notifications view and on the detail page. */
  readonly key?: string;
  /** The command id; toggles also have the partner that only turns off. */
  readonly command?: string;
  readonly offCommand?: string;
  /** Inline on the row (its order there), and its group@order in the row's context menu. */
  readonly inline?: number;
  readonly menu?: string;
  /** What a row's hover says once the user did it (You liked this comment.), with its icon. */
  readonly doneSentence?: { readonly icon: string; readonly text: string };
  /** What a row says beside the note's type while the action is in this state (pending, liked). */
  readonly rowState?: { readonly when: boolean; readonly text: string };
  /** Its place among the detail page's toolbar buttons (none: the page shows it its own way). */
  readonly button?: number;
  /** Local actions: this one marks the note read or unread; this one brings removed notes back. */
  readonly readState?: boolean;
  readonly undoes?: boolean;
  /** Whether the row's context value names it (with `:on`/`:off` for toggles). */
  readonly context?: boolean;
  /** The comment's status once the action is on (or off), for moderation. */
  status?(on: boolean): string | undefined;
  /** Sends it; resolves to what the answer says the state now is (undefined: the answer does not say). */
  send?(api: ContentSiteClient, action: OfferedAction, on: boolean, options: ActOptions): Promise<boolean | undefined>;
  /** Removals: the sentence of the message with Undo, and the warning when some could not be sent. */
  readonly removed?: { one: string; many: string; failed: string };
}

const command = (word: string) => `${VIEWS.notifications}.${word}`;

/** A comment's status answer confirms a moderation when it is the one asked for. */
const statusIs = (want: string | undefined) => (c: { status?: string }) => (want === undefined ? undefined : c.status === want);

/** An entry as written below: its service key, command and partner default to its id (see `complete`). */
type WrittenEntry = Omit<CatalogEntry, 'command' | 'offCommand'> & { readonly commandWord?: string };

const WRITTEN: readonly WrittenEntry[] = [
  {
    id: 'approve',
    button: 1,
    kind: 'toggle',
    labels: {
      on: 'Approve',
      off: 'Unapprove',
      done: 'Approved',
      hint: ['Approve', 'Unapprove'],
      key: 'Approve or unapprove the comment',
    },
    icons: ['pass', 'circle-slash'],
    key: 'a',
    inline: 1,
    menu: '3_act@1',
    context: true,
    rowState: { when: false, text: 'pending' },
    status: (on) => (on ? 'approved' : 'unapproved'),
    send: async (api, a, on, o) =>
      statusIs(on ? 'approved' : 'unapproved')(await api.comments.setStatus(a.site, a.comment!, on ? 'approved' : 'unapproved', o)),
  },
  {
    id: 'spam',
    button: 5,
    kind: 'remove',
    labels: {
      title: 'Mark as Spam',
      on: 'Spam',
      off: 'Spam',
      done: 'Spam',
      hint: ['Mark as spam', 'Mark as spam'],
      key: 'Mark the comment as spam (with Undo)',
    },
    icons: ['report'],
    key: 's',
    menu: '4_remove@1',
    context: true,
    status: (on) => (on ? 'spam' : 'approved'),
    send: async (api, a, on, o) =>
      statusIs(on ? 'spam' : 'approved')(await api.comments.setStatus(a.site, a.comment!, on ? 'spam' : 'approved', o)),
    removed: {
      one: 'Comment marked as spam.',
      many: '{0} comments marked as spam.',
      failed: '{0} of the comments could not be marked as spam; they are back in the list.',
    },
  },
  {
    id: 'trash',
    button: 6,
    kind: 'remove',
    labels: {
      on: 'Trash',
      off: 'Trash',
      done: 'Trash',
      hint: ['Move to the trash', 'Move to the trash'],
      key: 'Trash the comment (with Undo)',
    },
    icons: ['trash'],
    key: 't',
    menu: '4_remove@2',
    context: true,
    status: (on) => (on ? 'trash' : undefined),
    // Trashing a comment already in the trash deletes it: the answer may then say "deleted".
    send: async (api, a, _on, o) => {
      const c = await api.comments.trash(a.site, a.comment!, o);
      return c.status === 'trash' || c.status === 'deleted';
    },
    removed: {
      one: 'Comment trashed.',
      many: '{0} comments trashed.',
      failed: '{0} of the comments could not be trashed; they are back in the list.',
    },
  },
  {
    id: 'like',
    button: 2,
    kind: 'toggle',
    fallback: 'likePost',
    labels: {
      on: 'Like',
      off: 'Unlike',
      done: 'Liked',
      hint: ['Like the comment', 'Unlike the comment'],
      key: 'Like or unlike the comment (or the post)',
    },
    icons: ['heart', 'heart-filled'],
    key: 'l',
    rowState: { when: true, text: 'liked' },
    doneSentence: { icon: 'heart-filled', text: 'You liked this comment.' },
    menu: '3_act@2',
    context: true,
    send: async (api, a, on, o) => (await (on ? api.comments.like : api.comments.unlike).call(api.comments, a.site, a.comment!, o)).i_like,
  },
  {
    id: 'likePost',
    button: 3,
    kind: 'toggle',
    variantOf: 'like',
    doneSentence: { icon: 'heart-filled', text: 'You liked this post.' },
    labels: {
      on: 'Like post',
      off: 'Unlike post',
      done: 'Post liked',
      hint: ['Like the post', 'Unlike the post'],
      key: 'Like or unlike the post',
    },
    icons: ['heart', 'heart-filled'],
    send: async (api, a, on, o) => (await (on ? api.posts.like : api.posts.unlike).call(api.posts, a.site, a.post!, o)).i_like,
  },
  {
    id: 'follow',
    button: 4,
    kind: 'toggle',
    labels: {
      on: 'Follow',
      off: 'Unfollow',
      done: 'Following',
      hint: ['Follow the site', 'Unfollow the site'],
      key: 'Follow or unfollow the site',
    },
    icons: ['person-add', 'person'],
    menu: '3_act@3',
    context: true,
    send: async (api, a, on, o) => (await (on ? api.sites.follow : api.sites.unfollow).call(api.sites, a.site, o)).is_following,
  },
  {
    id: 'reply',
    doneSentence: { icon: 'reply', text: 'You replied.' },
    kind: 'reply',
    labels: { title: 'Reply…', on: 'Reply', off: 'Reply', done: 'Reply', hint: ['Reply', 'Reply'], key: 'Reply…' },
    icons: ['reply'],
    key: 'r',
    inline: 2,
    menu: '3_act@4',
    context: true,
  },
  {
    id: 'edit',
    button: 7,
    kind: 'link',
    labels: {
      title: 'Edit Comment in Browser',
      on: 'Edit',
      off: 'Edit',
      done: 'Edit',
      hint: ['Edit the comment in the browser', 'Edit the comment in the browser'],
      key: 'Edit the comment in the browser',
    },
    icons: ['edit'],
    key: 'e',
    menu: '3_act@5',
    context: true,
  },
  {
    id: 'read',
    button: 8,
    kind: 'local',
    labels: {
      title: 'Toggle Read / Unread',
      on: 'Mark read',
      off: 'Mark unread',
      done: 'Mark unread',
      hint: ['Mark as read', 'Mark as unread'],
      key: 'Mark read or unread',
    },
    readState: true,
    key: 'm',
    commandWord: 'toggleRead',
  },
  {
    id: 'undo',
    kind: 'local',
    labels: {
      title: 'Undo Spam or Trash',
      on: 'Undo',
      off: 'Undo',
      done: 'Undo',
      hint: ['Undo', 'Undo'],
      key: 'Undo the last spam or trash',
    },
    icons: ['discard'],
    undoes: true,
    key: 'u',
  },
];

/**
 * An entry as the catalog holds it: a service action is the api's key of its id (unless it says
 * another); a shown entry's command is `contentSite.notifications.<id>` (or its `commandWord`),
 * and a toggle's partner, which only turns it off, is `…un<id>`.
 */
function complete({ commandWord, ...e }: WrittenEntry): CatalogEntry {
  const service = e.service ?? (e.kind === 'local' ? undefined : (e.id as ServiceKey));
  if (e.variantOf) return { ...e, service };
  return {
    ...e,
    service,
    command: command(commandWord ?? e.id),
    offCommand: e.kind === 'toggle' ? command(`un${e.id}`) : undefined,
  };
}

const CATALOG_ENTRIES: readonly CatalogEntry[] = WRITTEN.map(complete);

/** The catalog by id, in its order (the order of the page's buttons and of the context value's words). */
export const CATALOG: ReadonlyMap<string, CatalogEntry> = new Map(CATALOG_ENTRIES.map((e) => [e.id, e]));

export function entry(id: string): CatalogEntry {
  const e = CATALOG.get(id);
  if (!e) throw new Error(`No note action ${id}.`);
  return e;
}

/** Every entry, in order. */
export const ENTRIES: readonly CatalogEntry[] = CATALOG_ENTRIES;

/** The entry a row, a command or a key names (a variant is shown as its base: like the post as like). */
export const SHOWN_ENTRIES = CATALOG_ENTRIES.filter((e) => !e.variantOf);

/**
 * The action a note offers for `e`, as it is now, or undefined: its own, or its fallback's (like →
 * like the post when the note offers no comment like), with the entry that acts.
 */
export function offeredOn(actions: NoteActions, e: CatalogEntry): { entry: CatalogEntry; action: OfferedAction } | undefined {
  const own = e.service ? actions[e.service] : undefined;
  if (own) return { entry: e, action: own };
  const fb = e.fallback ? CATALOG.get(e.fallback) : undefined;
  const other = fb?.service ? actions[fb.service] : undefined;
  return fb && other ? { entry: fb, action: other } : undefined;
}

/** The one entry of a kind that has one (reply) or of a local role (read state, undo). */
export const REPLY_ENTRY = CATALOG_ENTRIES.find((e) => e.kind === 'reply')!;

/** The detail page's toolbar buttons, in their order. */
export const BUTTON_ENTRIES: readonly CatalogEntry[] = CATALOG_ENTRIES.filter((e) => e.button !== undefined).sort(
  (a, b) => a.button! - b.button!,
);

/** The command a control runs (a variant runs its base's: like the post is the like command). */
export function commandOf(e: CatalogEntry): string | undefined {
  return e.command ?? (e.variantOf ? CATALOG.get(e.variantOf)?.command : undefined);
}

/** The command ids the catalog contributes (and their partners). */
export function catalogCommands(): string[] {
  return CATALOG_ENTRIES.flatMap((e) => [e.command, e.offCommand].filter((c): c is string => c !== undefined));
}
