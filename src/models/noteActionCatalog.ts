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
import { CONTEXT_KEYS, VIEWS } from '../ids';
import { actionTable, commandOf as tableCommandOf, tableCommands, type ActionEntry, type ActionTable, type Written } from './actionCatalog';

/** Which of a note's actions (as `noteActions(note)` reads them) an entry acts on. */
export type ServiceKey = keyof NoteActions;
export type OfferedAction = NonNullable<NoteActions[ServiceKey]>;

export type { ActionKind } from './actionCatalog';

export interface CatalogEntry extends ActionEntry {
  /** Which of the note's actions it is; local actions have none. */
  readonly service?: ServiceKey;
  /** When the note does not offer `service`: the entry acted on instead (like → like the post). */
  readonly fallback?: string;
  /** The comment's status once the action is on (or off), for moderation. */
  status?(on: boolean): string | undefined;
  /** Sends it; resolves to what the answer says the state now is (undefined: the answer does not say). */
  send?(api: ContentSiteClient, action: OfferedAction, on: boolean, options: ActOptions): Promise<boolean | undefined>;
}

/** A comment's status answer confirms a moderation when it is the one asked for. */
const statusIs = (want: string | undefined) => (c: { status?: string }) => (want === undefined ? undefined : c.status === want);

const WRITTEN: readonly Written<CatalogEntry>[] = [
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

/** A service action is the api's key of its id (unless it says another). */
const withService = (e: Written<CatalogEntry>): Written<CatalogEntry> => ({
  ...e,
  service: e.service ?? (e.kind === 'local' ? undefined : (e.id as ServiceKey)),
});

/** The notes' table: commands `contentSite.notifications.<id>`, rows and keys in the Notifications view. */
export const NOTE_ACTIONS: ActionTable<CatalogEntry> = actionTable({
  label: 'Notifications',
  item: 'note',
  prefix: VIEWS.notifications,
  views: [VIEWS.notifications],
  palette: CONTEXT_KEYS.signedIn,
  written: WRITTEN.map(withService),
});

const CATALOG_ENTRIES: readonly CatalogEntry[] = NOTE_ACTIONS.entries;

/** The catalog by id, in its order (the order of the page's buttons and of the context value's words). */
export const CATALOG: ReadonlyMap<string, CatalogEntry> = NOTE_ACTIONS.byId;

export function entry(id: string): CatalogEntry {
  return NOTE_ACTIONS.entry(id);
}

/** Every entry, in order. */
export const ENTRIES: readonly CatalogEntry[] = CATALOG_ENTRIES;

/** The entry a row, a command or a key names (a variant is shown as its base: like the post as like). */
export const SHOWN_ENTRIES = NOTE_ACTIONS.shown;

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
  return tableCommandOf(NOTE_ACTIONS, e);
}

/** The command ids the catalog contributes (and their partners). */
export function catalogCommands(): string[] {
  return tableCommands(NOTE_ACTIONS);
}
