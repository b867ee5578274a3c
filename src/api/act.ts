/**
 * The requests that act (likes and replies, on posts and comments alike): checked before sending,
 * sent once as POST (the transport never retries a POST), answers validated.
 */
import { schemas } from './schemasLoad';
import { parseWith } from './decode';
import { invalidInput } from './errors';
import type { CallOptions, CommonParams, Transport } from './request';
import type { Comment, Like } from './schemas/comment';
import { positiveInt, site as checkSite } from './validate';

/**
 * The longest reply the client sends, in characters after trimming. The service stores far more
 * (65,525) but a reply from an editor panel longer than this is almost surely a paste by mistake.
 */
export const REPLY_MAX_CHARS = 10_000;

/** Trimmed reply text, or an invalid_input error naming the rule. */
export function replyContent(content: string): string {
  if (typeof content !== 'string') throw invalidInput('The reply must be text.');
  const text = content.trim();
  if (!text) throw invalidInput('Write something to reply: the reply is empty.');
  if (text.length > REPLY_MAX_CHARS)
    throw invalidInput(
      `The reply is too long: ${text.length.toLocaleString('en')} characters, at most ${REPLY_MAX_CHARS.toLocaleString('en')}.`,
    );
  return text;
}

export type ActOptions = CommonParams &
  CallOptions & {
    /** How the user knows the site (its domain), for the sentences of errors; the request names it by `site`. */
    siteName?: string;
  };

/** `/sites/$site/<kind>/$id` with both checked: the base of every action path. */
export function target(site: string | number, kind: 'comments' | 'posts', id: number): { site: string; path: string } {
  const s = checkSite(site);
  positiveInt(kind === 'comments' ? 'comment ID' : 'post ID', id);
  return { site: s, path: `/sites/${encodeURIComponent(s)}/${kind}/${id}` };
}

export async function act(
  t: Transport,
  s: string,
  path: string,
  form: Record<string, string> | undefined,
  options: ActOptions,
): Promise<unknown> {
  const { signal, siteName, ...common } = options;
  return t.send({ method: 'POST', version: '1.1', path, form, common, messageContext: { site: siteName ?? s }, signal });
}

/** POST …/likes/new or …/likes/mine/delete. */
export async function sendLike(t: Transport, at: { site: string; path: string }, on: boolean, options: ActOptions): Promise<Like> {
  const path = `${at.path}/likes/${on ? 'new' : 'mine/delete'}`;
  return parseWith(schemas().likeSchema, await act(t, at.site, path, undefined, options), { request: `POST /v1.1${path}`, site: at.site });
}

/** POST …/replies/new with the content. */
export async function sendReply(t: Transport, at: { site: string; path: string }, content: string, options: ActOptions): Promise<Comment> {
  const text = replyContent(content);
  const path = `${at.path}/replies/new`;
  return parseWith(schemas().commentSchema, await act(t, at.site, path, { content: text }, options), {
    request: `POST /v1.1${path}`,
    site: at.site,
  });
}

/** like, unlike and reply, the same on a post and on a comment: the base of PostsApi and CommentsApi. */
export class Reactions {
  constructor(
    protected readonly t: Transport,
    private readonly kind: 'comments' | 'posts',
  ) {}

  /** POST /v1.1/sites/$site/{posts|comments}/$id/likes/new. */
  async like(site: string | number, id: number, options: ActOptions = {}): Promise<Like> {
    return sendLike(this.t, target(site, this.kind, id), true, options);
  }

  /** POST /v1.1/sites/$site/{posts|comments}/$id/likes/mine/delete. */
  async unlike(site: string | number, id: number, options: ActOptions = {}): Promise<Like> {
    return sendLike(this.t, target(site, this.kind, id), false, options);
  }

  /**
   * POST /v1.1/sites/$site/{posts|comments}/$id/replies/new: a top-level comment on a post, or a
   * reply under a comment; `content` is trimmed and must be 1 to REPLY_MAX_CHARS characters.
   */
  async reply(site: string | number, id: number, content: string, options: ActOptions = {}): Promise<Comment> {
    return sendReply(this.t, target(site, this.kind, id), content, options);
  }
}
