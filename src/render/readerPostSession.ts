/**
 * The Reader post the detail panel shows, kept true to its list and to what is done to it
 * elsewhere (a like from its row shows here, one from here shows on the row: both are the list's
 * copy, and SiteChanges tells the rest). Its buttons run the tree's own commands with the post's
 * key (one code path each); its conversation is a ReaderConversation (pages, likes, replies), and
 * a comment goes through the Reader post actions model. The page's messages are checked against
 * the post as its list has it now before anything runs (readerPostMessage.ts). What changes the
 * page's buttons or a comment's like goes as a small state message (the boxes keep their text and
 * the focus); a conversation that gains comments is rendered again. No vscode here.
 */
import type { Comment } from '../api';
import { ContentSiteError } from '../api/errors';
import { Disposable, type Disposal } from '../models/disposable';
import type { ReaderPost } from '../models/readerActionCatalog';
import type { ReaderConversation } from '../models/readerConversation';
import type { ReaderPostChange } from '../models/siteChanges';
import type { ReaderPostView } from './readerPostHtml';
import {
  POST_BUTTONS,
  postControls,
  readPostMessage,
  type CommentLike,
  type PostRefusal,
  type ReaderPostState,
  type SendOutcome,
  type ShownPost,
} from './readerPostMessage';

type Event = (listener: () => void) => Disposal;

/** The Reader post actions model, as far as the page uses it (src/models/readerPostActions.ts). */
export interface ReaderPostActionsLike {
  /** Rejects with a ContentSiteError whose userMessage is the sentence to show. */
  comment(post: ReaderPost, text: string): Promise<Comment>;
  onDidChange(listener: () => void): Disposal;
}

export type ConversationLike = Pick<
  ReaderConversation,
  'comments' | 'found' | 'hasMore' | 'loading' | 'error' | 'get' | 'loadMore' | 'like' | 'reply' | 'add' | 'onDidChange' | 'dispose'
>;

/** What a shown post needs; the Reader's show commands build it. */
export interface ReaderPostDeps {
  /** The post's key in its list: what its row's commands take. */
  key: string;
  /** The post's copy in its list now (undefined: it left the list). */
  get(): ReaderPost | undefined;
  /** Its list changed. */
  onDidChange: Event;
  /** What became of a Reader post elsewhere (SiteChanges.onReaderPost). */
  onReaderPost?(listener: (change: ReaderPostChange) => void): Disposal;
  actions: ReaderPostActionsLike;
  /** The post's conversation: the session owns it (disposed of with it). */
  conversation: ConversationLike;
  /** The writers of a site whose login or name starts with `letters`. */
  suggest(site: number, letters: string): Promise<ReadonlyArray<{ login: string; name?: string }>>;
  /** A reply made on the page, as the service answered it: told to the other views (SiteChanges). */
  replied?(comment: Comment): void;
  /** Runs a Reader post command with the post's key (as its row does). */
  run(command: string, key: string): Thenable<unknown>;
  log(message: string): void;
}

/** Writers listed at most in the mention list. */
const MENTIONS_SHOWN = 8;
/** The outcomes of the page's latest sends kept for its renders (ReaderPostState.answered). */
const ANSWERS_KEPT = 10;

const why = (err: unknown, what: string): string =>
  err instanceof ContentSiteError ? err.userMessage : `${what}: ${err instanceof Error ? err.message : String(err)}`;

export class ReaderPostSession extends Disposable {
  /** The latest copy of the post (kept when it leaves its list, to go on showing it). */
  post: ReaderPost;
  /** The token of the latest render; set by the panel. */
  token = '';
  private last: string | undefined;
  private shape: string | undefined;
  /** The boxes whose text is on its way ('comment', or a comment's ID). */
  private readonly sending = new Set<string>();
  /** While a box's answer is told, a render waits: the page that sent it must hear it first. */
  private holding = 0;
  /** How the page's named sends ended, oldest first (a render tells them again). */
  private readonly answered = new Map<string, SendOutcome>();
  private readonly sendingNames = new Set<string>();

  constructor(
    post: ReaderPost,
    private readonly deps: ReaderPostDeps,
    private readonly host: { post(message: unknown): void; render(): void },
  ) {
    super();
    this.post = deps.get() ?? post;
    this.register(deps.conversation);
    this.registerAll([
      deps.onDidChange(() => this.changed()),
      deps.actions.onDidChange(() => this.changed()),
      deps.conversation.onDidChange(() => this.changed()),
    ]);
    if (deps.onReaderPost) this.register(deps.onReaderPost((c) => this.heard(c)));
  }

  get key(): string {
    return this.deps.key;
  }

  /** Loads the conversation's first page (once the page is shown). */
  start(): Promise<void> {
    return this.deps.conversation.hasMore && this.deps.conversation.comments.length === 0
      ? this.deps.conversation.loadMore()
      : Promise.resolve();
  }

  /** The post and its comments' likes as the models have them now. */
  state(): ReaderPostState {
    const current = this.deps.get();
    if (current) this.post = current;
    const comments: Record<string, CommentLike> = {};
    for (const t of this.deps.conversation.comments) {
      comments[String(t.comment.ID)] = { on: t.comment.i_like === true, count: t.comment.like_count ?? 0, busy: t.liking };
    }
    return {
      post: this.key,
      controls: postControls(current),
      likes: this.post.like_count ?? 0,
      gone: current ? '' : 'This post is no longer in its list: its actions are there no more.',
      comments,
      answered: Object.fromEntries(this.answered),
      sending: [...this.sendingNames],
    };
  }

  /** What a render needs (and the shape it drew, to know when the conversation needs another). */
  view(when: ReaderPostView['when'], remoteImages: boolean): ReaderPostView {
    const state = this.state();
    const c = this.deps.conversation;
    this.last = JSON.stringify(state);
    this.shape = this.conversationShape();
    return {
      state,
      conversation: { comments: c.comments, found: c.found, hasMore: c.hasMore, loading: c.loading, error: c.error },
      when,
      remoteImages,
    };
  }

  /** What of the conversation only a render shows: its comments, their order and status, the count, Load more, the error. */
  private conversationShape(): string {
    const c = this.deps.conversation;
    return JSON.stringify([c.comments.map((t) => [t.comment.ID, t.comment.status, t.depth]), c.found, c.hasMore, c.loading, c.error]);
  }

  /** Something changed: a render when the conversation did, else the state when it changed (or `again`). */
  changed(again = false): void {
    if (this.shape !== undefined && this.conversationShape() !== this.shape) {
      if (this.holding === 0) this.host.render();
      return;
    }
    const state = this.state();
    const json = JSON.stringify(state);
    if (json === this.last && !again) return;
    this.last = json;
    this.host.post({ type: 'state', post: this.key, state });
  }

  /**
   * A change told elsewhere about this post (liked from another list): while its list holds the
   * post, the list's copy is the truth (the lists follow SiteChanges too); once it does not, the
   * page's last copy takes what is told.
   */
  private heard(c: ReaderPostChange): void {
    if (Number(this.post.site_ID) !== c.siteId || Number(this.post.ID) !== c.postId) return;
    this.post = { ...this.post, ...c.patch };
    this.changed();
  }

  private shown(): ShownPost {
    const state = this.state();
    const comments = new Map(Object.entries(state.comments).map(([id, c]) => [Number(id), { on: c.on, busy: c.busy }]));
    return { token: this.token, post: this.key, controls: state.controls, comments, hasMore: this.deps.conversation.hasMore };
  }

  /**
   * A message from the page; false when it is not this page's post message (the panel may read it).
   * A message from another render or for another post is ignored, unanswered: that page is gone.
   */
  async handle(message: unknown): Promise<boolean> {
    const m = readPostMessage(message, this.shown());
    if (!m) return false;
    switch (m.type) {
      case 'refused':
        this.refuse(m);
        break;
      case 'act': {
        const e = POST_BUTTONS.find((b) => b.id === m.action)!;
        // A toggle that is on runs its partner (Unlike), as the row's inline button does.
        const command = m.on && e.offCommand ? e.offCommand : e.command;
        try {
          if (command) await this.deps.run(command, this.key);
        } catch (err) {
          this.deps.log(`Detail view: ${m.action} on post ${this.key} failed: ${err instanceof Error ? err.message : String(err)}`);
        }
        break;
      }
      case 'comment':
        await this.send('comment', m.send, () => this.deps.actions.comment(this.post, m.text));
        break;
      case 'reply':
        await this.send(String(m.comment), m.send, () => this.deps.conversation.reply(m.comment, m.text), m.comment);
        break;
      case 'likeComment':
        try {
          await this.deps.conversation.like(m.comment, m.on);
        } catch (err) {
          this.refuse({
            type: 'refused',
            refused: 'likeComment',
            post: this.key,
            comment: m.comment,
            message: why(err, 'The like was not sent'),
          });
        }
        break;
      case 'more':
        await this.deps.conversation.loadMore();
        break;
      case 'suggest': {
        const site = Number(this.post.site_ID);
        const users = Number.isSafeInteger(site) && site > 0 ? await this.deps.suggest(site, m.letters) : [];
        this.host.post({
          type: 'suggestions',
          post: this.key,
          seq: m.seq,
          users: users.slice(0, MENTIONS_SHOWN).map((u) => ({ login: u.login, name: u.name })),
        });
        break;
      }
    }
    return true;
  }

  /**
   * Sends a comment (`box` 'comment') or a reply (`box` the comment's ID). The page hears the
   * outcome first (it empties the box), then the conversation shows the comment (a render), which
   * says the outcome again by the page's name for the send (`send`): a page rendered before it
   * heard still knows its text was taken.
   */
  private async send(box: string, send: string | undefined, write: () => Promise<Comment>, comment?: number): Promise<void> {
    const refused = comment === undefined ? 'comment' : 'reply';
    if (this.sending.has(box)) {
      const message = 'Your text is still being sent: wait for its answer.';
      this.refuse({ type: 'refused', refused, post: this.key, comment, message, ...(send ? { send } : {}) });
      return;
    }
    const told = (ok: boolean, message: string) => {
      if (send !== undefined) {
        this.sendingNames.delete(send);
        this.answer(send, { ok, message });
      }
      this.host.post({ type: 'sent', post: this.key, box, ok, message, ...(send ? { send } : {}) });
    };
    this.sending.add(box);
    if (send !== undefined) this.sendingNames.add(send);
    this.holding++;
    try {
      const made = await write();
      const held = made.status === 'unapproved';
      told(true, held ? 'Sent: held for moderation until the site approves it.' : 'Sent.');
      // A comment on the post joins the conversation here (the actions model tells the other views);
      // a reply already joined it (ReaderConversation.reply), and the other views hear of it here.
      if (comment === undefined) this.deps.conversation.add(made);
      else this.deps.replied?.(made);
    } catch (err) {
      this.deps.log(
        `Detail view: ${refused} on post ${this.key} failed: ${err instanceof ContentSiteError ? `${err.kind} ${err.code ?? ''}` : String(err)}`,
      );
      told(false, why(err, 'It was not sent'));
    } finally {
      this.sending.delete(box);
      this.holding--;
      this.changed();
    }
  }

  /** Keeps how a named send ended, for the renders after it (the latest few). */
  private answer(send: string, outcome: SendOutcome): void {
    this.answered.delete(send);
    this.answered.set(send, outcome);
    for (const old of this.answered.keys()) {
      if (this.answered.size <= ANSWERS_KEPT) break;
      this.answered.delete(old);
    }
  }

  /** Tells the page why its message did not run: by its box for a comment or a reply, else in its message line. */
  private refuse(r: PostRefusal): void {
    this.deps.log(`Detail view: ${r.refused} on post ${this.key} refused: ${r.message}`);
    if (r.refused === 'suggest') {
      this.host.post({ type: 'suggestions', post: this.key, seq: r.seq ?? null, users: [] });
      return;
    }
    if (r.send !== undefined) this.answer(r.send, { ok: false, message: r.message });
    this.changed(true);
    if (r.refused === 'comment' || r.refused === 'reply') {
      const box = r.refused === 'comment' ? 'comment' : String(r.comment ?? '');
      this.host.post({ type: 'sent', post: this.key, box, ok: false, message: r.message, ...(r.send ? { send: r.send } : {}) });
    } else this.host.post({ type: 'refused', post: this.key, refused: r.refused, comment: r.comment, message: r.message });
  }
}
