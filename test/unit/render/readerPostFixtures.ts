/** A Reader post's page without the editor: a post, a small conversation, and a session over fakes of its models. */
import { ContentSiteError, type Comment } from '../../../src/api';
import { Emitter } from '../../../src/models/emitter';
import type { ReaderPost } from '../../../src/models/readerActionCatalog';
import type { ThreadedComment } from '../../../src/models/readerConversation';
import type { ReaderPostChange } from '../../../src/models/siteChanges';
import { ReaderPostSession, type ConversationLike, type ReaderPostDeps } from '../../../src/render/readerPostSession';

export const KEY = '3101/7000';

export function readerPost(over: Partial<ReaderPost> = {}): ReaderPost {
  return {
    ID: 7000,
    site_ID: 3101,
    title: 'On margins',
    content: '<p>Margins matter.</p><script>alert(1)</script>',
    URL: 'https://longhand.example.blog/2026/on-margins/',
    date: '2026-11-01T10:00:00Z',
    site_name: 'Longhand Quarterly',
    i_like: false,
    like_count: 2,
    is_following: true,
    is_seen: false,
    discussion: { comments_open: true },
    ...over,
  } as ReaderPost;
}

export function comment(ID: number, parent: number | undefined, over: Partial<Comment> = {}): Comment {
  return {
    ID,
    post: { ID: 7000 },
    author: { ID: 1, name: `Writer ${ID}` },
    date: '2026-11-02T10:00:00Z',
    content: `<p>Comment ${ID}</p>`,
    status: 'approved',
    parent: parent === undefined ? false : { ID: parent },
    i_like: false,
    like_count: 0,
    ...over,
  } as Comment;
}

/** A conversation that holds what a test gives it and records what the session asked. */
export class FakeConversation implements ConversationLike {
  items: ThreadedComment[] = [];
  found: number | undefined = undefined;
  hasMore = true;
  loading = false;
  error = '';
  readonly asked: string[] = [];
  likeFails: ContentSiteError | undefined;
  private readonly changes = new Emitter<void>();
  readonly onDidChange = (l: () => void) => this.changes.event(l);
  get comments(): ThreadedComment[] {
    return this.items;
  }
  get(id: number) {
    return this.items.find((t) => t.comment.ID === id)?.comment;
  }
  set(items: ThreadedComment[], o: { hasMore?: boolean; found?: number } = {}): void {
    this.items = items;
    this.hasMore = o.hasMore ?? false;
    this.found = o.found ?? items.length;
    this.changes.fire();
  }
  async loadMore(): Promise<void> {
    this.asked.push('more');
  }
  async like(id: number, on: boolean): Promise<void> {
    this.asked.push(`like ${id} ${on}`);
    if (this.likeFails) throw this.likeFails;
  }
  async reply(id: number, text: string): Promise<Comment> {
    this.asked.push(`reply ${id} ${text}`);
    // As ReaderConversation does: the reply joins the conversation before the call resolves.
    const made = comment(9999, id);
    this.items = [...this.items, { comment: made, depth: 1, liking: false }];
    this.changes.fire();
    return made;
  }
  dispose(): void {
    this.changes.dispose();
  }
  add(c: Comment): void {
    this.asked.push(`add ${c.ID}`);
    this.items = [...this.items, { comment: c, depth: 0, liking: false }];
    this.changes.fire();
  }
}

export const threaded = (): ThreadedComment[] => [
  { comment: comment(9900, undefined), depth: 0, liking: false },
  { comment: comment(9901, 9900, { i_like: true, like_count: 1 }), depth: 1, liking: false },
  { comment: comment(9902, undefined), depth: 0, liking: false },
];

export function setup(o: { post?: ReaderPost; comment?: (post: ReaderPost, text: string) => Promise<Comment>; hasMore?: boolean } = {}) {
  let post: ReaderPost | undefined = o.post ?? readerPost();
  const listChanged = new Emitter<void>();
  const actionsChanged = new Emitter<void>();
  const readerChanges = new Emitter<ReaderPostChange>();
  const conversation = new FakeConversation();
  conversation.set(threaded(), { hasMore: o.hasMore });
  const ran: Array<[string, string]> = [];
  const posted: Array<Record<string, unknown>> = [];
  const commented: Array<[number, string]> = [];
  let renders = 0;
  const events: string[] = [];
  const deps: ReaderPostDeps = {
    key: KEY,
    get: () => post,
    onDidChange: listChanged.event,
    onReaderPost: readerChanges.event,
    actions: {
      comment:
        o.comment ??
        (async (p, text) => {
          commented.push([Number(p.ID), text]);
          return comment(9950, undefined, { content: text });
        }),
      onDidChange: actionsChanged.event,
    },
    conversation,
    suggest: async (site, letters) => [{ login: `${letters}writer`, name: `Site ${site}` }],
    replied: (c) => void events.push(`replied ${c.ID}`),
    run: async (command, key) => void ran.push([command, key]),
    log: () => undefined,
  };
  const t = {
    /** Where the session's messages go besides `posted` (a browser page). */
    hostPost: undefined as ((m: unknown) => void) | undefined,
    /** What a render does besides counting (a browser page loaded again). */
    hostRender: undefined as (() => void) | undefined,
  };
  const session = new ReaderPostSession(post!, deps, {
    post: (m) => {
      posted.push(m as Record<string, unknown>);
      events.push(`post ${String((m as { type: string }).type)}`);
      t.hostPost?.(m);
    },
    render: () => {
      renders++;
      events.push('render');
      t.hostRender?.();
    },
  });
  session.token = 'T';
  session.view(() => '5 min ago', false);
  return Object.assign(t, {
    session,
    events,
    conversation,
    ran,
    posted,
    commented,
    renders: () => renders,
    setPost(next: ReaderPost | undefined) {
      post = next;
      listChanged.fire();
    },
    tell: (c: ReaderPostChange) => readerChanges.fire(c),
  });
}

export const refusal = (message: string, status = 403) =>
  new ContentSiteError({ kind: 'api', status, code: 'unauthorized', serviceMessage: message, userMessage: message });
