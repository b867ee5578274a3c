/**
 * The note the detail panel shows, kept true to the notifications model: its controls and state
 * follow the model live (a small state message, so the reply box keeps its text and the focus;
 * a new render only when a button appears that the page does not have), and the page's messages
 * are checked against the note as the model has it now before anything runs. The actions run the
 * same commands as the tree (one code path each); the reply goes through the note-actions model.
 * No vscode here: the panel gives `post` and `render`.
 */
import type { Comment, Notification } from '../api';
import { ContentSiteError } from '../api/errors';
import { Disposable, type Disposal } from '../models/disposable';
import { CATALOG, commandOf, REPLY_ENTRY } from '../models/noteActionCatalog';
import {
  noteState,
  readNoteMessage,
  type ActControl,
  type NoteControls,
  type NoteRefusal,
  type NoteRemoval,
  type NoteState,
} from './panelMessage';

type Event = (listener: () => void) => Disposal;

/** What a shown note needs; commands/showNote.ts builds it from the command context. */
export interface NoteDeps {
  notes: { get(id: number): Notification | undefined; readonly notes: readonly Notification[]; onDidChange: Event };
  actions: {
    readonly pending: readonly { readonly action: string; readonly ids: readonly number[] }[];
    onDidChange: Event;
    offering(ids: readonly number[], action: string): number[];
    reply(id: number, content: string): Promise<Comment>;
  };
  drafts: { get(id: number): string; set(id: number, text: string): void; clear(id: number): void };
  /** The writers of a site whose login or name starts with `letters`. */
  suggest(site: number, letters: string): Promise<ReadonlyArray<{ login: string; name?: string }>>;
  /** Runs a note command with the note's id. */
  run(command: string, id: number): Thenable<unknown>;
  /** Shows another note in the panel (and marks it read, as opening does). */
  open(id: number): Promise<void>;
  log(message: string): void;
}

/** The command a button runs: the tree's own note command (the catalog's), one code path for each action. */
function commandFor(control: ActControl): string | undefined {
  const e = CATALOG.get(control);
  return e && commandOf(e);
}

/** Writers listed at most in the mention list. */
const MENTIONS_SHOWN = 8;

export class NoteSession extends Disposable {
  /** The latest copy of the note (kept when it leaves the list, to go on showing it). */
  note: Notification;
  /** The token of the latest render; set by the panel. */
  token = '';
  private removedBy: string | undefined;
  private index: number;
  private rendered: NoteState | undefined;
  private last: string | undefined;
  private replying = false;
  /** The replies posted from this page, shown under the note (the note itself does not carry them). */
  private readonly replies: Array<{ text: string; url?: string }> = [];

  constructor(
    note: Notification,
    private readonly deps: NoteDeps,
    private readonly host: { post(message: unknown): void; render(): void },
  ) {
    super();
    this.note = deps.notes.get(note.id) ?? note;
    this.index = deps.notes.notes.findIndex((n) => n.id === note.id);
    this.registerAll([deps.notes.onDidChange(() => this.changed()), deps.actions.onDidChange(() => this.changed())]);
  }

  get id(): number {
    return this.note.id;
  }

  /** The note's state as the model has it now. */
  state(): NoteState {
    const { note, removal } = this.current();
    const list = this.deps.notes.notes;
    const at = note ? list.findIndex((n) => n.id === this.id) : -1;
    if (at >= 0) this.index = at;
    // Gone from the list: the note after it now stands at its place.
    const previous = at >= 0 ? at - 1 : this.index - 1;
    const next = at >= 0 ? at + 1 : Math.max(this.index, 0);
    const canReply = note !== undefined && !removal && this.deps.actions.offering([this.id], REPLY_ENTRY.id).length > 0;
    return noteState(this.id, note, {
      removal,
      canReply,
      hasPrevious: previous >= 0 && previous < list.length,
      hasNext: next < list.length && list[next]?.id !== this.id,
    });
  }

  /** For a render: the state it shows and the draft for the box. */
  view(): { state: NoteState; draft: string; replies: ReadonlyArray<{ text: string; url?: string }> } {
    const state = this.state();
    this.rendered = state;
    this.last = JSON.stringify(state);
    return { state, draft: this.deps.drafts.get(this.id), replies: this.replies };
  }

  /** The model changed: tell the page what changed for this note (nothing when nothing did, unless `again`). */
  changed(again = false): void {
    const state = this.state();
    const json = JSON.stringify(state);
    if (json === this.last && !again) return;
    this.last = json;
    const missing = Object.keys(state.controls).some((c) => c !== 'undo' && !this.rendered?.controls[c as keyof NoteControls]);
    if (missing) this.host.render();
    else this.host.post({ type: 'state', note: this.id, state });
  }

  /**
   * A message from the page; false when it is not this page's note message (the panel may read it).
   * A message from another render or for another note is ignored, unanswered: the page that sent it
   * was replaced (a render reloads the page), and an answer would reach a page that never asked.
   * The shown page's own message that cannot run is answered with why, so the page never waits.
   */
  async handle(message: unknown): Promise<boolean> {
    const m = readNoteMessage(message, { token: this.token, note: this.id, controls: this.state().controls });
    if (!m) return false;
    switch (m.type) {
      case 'refused':
        this.refuse(m);
        break;
      case 'act':
        try {
          const command = commandFor(m.action);
          if (command) await this.deps.run(command, this.id);
        } catch (err) {
          this.deps.log(`Detail view: ${m.action} on note ${this.id} failed: ${err instanceof Error ? err.message : String(err)}`);
        }
        break;
      case 'go': {
        const target = this.neighbour(m.to);
        if (target !== undefined) await this.deps.open(target);
        else this.refuse({ type: 'refused', refused: 'go', note: this.id, message: `There is no ${m.to} note in the list now.` });
        break;
      }
      case 'draft':
        this.deps.drafts.set(this.id, m.text);
        break;
      case 'suggest': {
        const site = this.site();
        const users = site ? await this.deps.suggest(site, m.letters) : [];
        this.host.post({
          type: 'suggestions',
          note: this.id,
          seq: m.seq,
          users: users.slice(0, MENTIONS_SHOWN).map((u) => ({ login: u.login, name: u.name })),
        });
        break;
      }
      case 'reply':
        await this.reply(m.text);
        break;
    }
    return true;
  }

  /**
   * Tells the page why its message did not run: by the reply box for a reply, else in its message
   * line; first the note's state now, which the page may not have yet (it changed while the
   * message was on its way). A refused mention list is answered with no writers.
   */
  private refuse(r: NoteRefusal): void {
    this.deps.log(`Detail view: ${r.refused} on note ${this.id} refused: ${r.message}`);
    if (r.refused === 'suggest') {
      this.host.post({ type: 'suggestions', note: this.id, seq: r.seq ?? null, users: [] });
      return;
    }
    this.changed(true);
    if (r.refused === 'reply') this.host.post({ type: 'replied', note: this.id, ok: false, message: r.message });
    else this.host.post({ type: 'refused', note: this.id, refused: r.refused, message: r.message });
  }

  private async reply(text: string): Promise<void> {
    const id = this.id;
    if (this.replying) {
      // A page rendered while the first was on its way sent it again: the first's answer comes too.
      this.refuse({ type: 'refused', refused: 'reply', note: id, message: 'Your reply is still being sent: wait for its answer.' });
      return;
    }
    this.replying = true;
    try {
      const comment = await this.deps.actions.reply(id, text);
      this.deps.drafts.clear(id);
      const url = comment.URL && /^https?:\/\//i.test(comment.URL) ? comment.URL : undefined;
      this.replies.push({ text: text.trim(), url });
      this.host.post({ type: 'replied', note: id, ok: true, message: 'Reply posted.', url, text: text.trim() });
    } catch (err) {
      const message =
        err instanceof ContentSiteError ? err.userMessage : `The reply was not sent: ${err instanceof Error ? err.message : String(err)}`;
      this.deps.log(
        `Detail view: reply to note ${id} failed: ${err instanceof ContentSiteError ? `${err.kind} ${err.code ?? ''}` : String(err)}`,
      );
      this.host.post({ type: 'replied', note: id, ok: false, message });
    } finally {
      this.replying = false;
    }
  }

  private neighbour(to: 'next' | 'previous'): number | undefined {
    const s = this.state();
    if (to === 'next' ? !s.hasNext : !s.hasPrevious) return undefined;
    const list = this.deps.notes.notes;
    const at = list.findIndex((n) => n.id === this.id);
    const i = at >= 0 ? (to === 'next' ? at + 1 : at - 1) : to === 'next' ? this.index : this.index - 1;
    return list[i]?.id;
  }

  /** The site the note is about (for mentions): the note's meta.ids.site. */
  private site(): number | undefined {
    const meta = this.note.meta as { ids?: { site?: unknown } } | undefined;
    const site = Number(meta?.ids?.site);
    return Number.isSafeInteger(site) && site > 0 ? site : undefined;
  }

  private current(): { note?: Notification; removal?: NoteRemoval } {
    const note = this.deps.notes.get(this.id);
    const pending = this.deps.actions.pending.find((p) => p.ids.includes(this.id));
    if (pending) {
      this.removedBy = pending.action;
      return { removal: { kind: 'removed', action: pending.action, undoable: true } };
    }
    if (!note) return { removal: this.removedBy ? { kind: 'removed', action: this.removedBy, undoable: false } : { kind: 'gone' } };
    this.removedBy = undefined;
    this.note = note;
    return { note };
  }
}
