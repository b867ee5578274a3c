/** Acting on a comment: moderate, trash, like and unlike, reply (all POST /v1.1, never replayed). */
import { schemas } from './schemasLoad';
import { act, Reactions, target, type ActOptions } from './act';
import { parseSkipping, parseWith } from './decode';
import type { CallOptions, CommonParams, Prepared, Transport } from './request';
import { COMMENT_STATUSES, type CommentStatus } from './commentStatus';
import type { Comment, CommentText } from './schemas/comment';
import { intInRange, isoDate, oneOf, positiveInt, site as checkSite } from './validate';

/** What a site's comments are listed by (site-data.md); `all` is approved and pending together. */
export const COMMENT_LIST_STATUSES = ['approved', 'unapproved', 'spam', 'trash', 'all'] as const;
export type CommentListStatus = (typeof COMMENT_LIST_STATUSES)[number];
/** The most comments one page holds. */
export const COMMENTS_MAX_NUMBER = 100;

export interface CommentListParams extends Pick<CommonParams, 'fields' | 'context'> {
  status?: CommentListStatus;
  type?: 'comment' | 'trackback' | 'pingback' | 'pings';
  /** 1 to 100; the service's default is 20. */
  number?: number;
  offset?: number;
  page?: number;
  order?: 'DESC' | 'ASC';
  /** ISO 8601. */
  after?: string;
  before?: string;
  /** Each comment followed by its replies (a post's conversation as threads). */
  hierarchical?: boolean;
}

export interface CommentPage {
  found: number;
  comments: Comment[];
  /** Comments the answer held that could not be read: left out of `comments` (the log names each). */
  unreadable: number;
}

/** What editing a comment may change (moderators, or the comment's author within the site's rules). */
export interface CommentEdit {
  content?: string;
  status?: CommentStatus;
}

/** Moderation here; like, unlike and reply come from Reactions. */
export class CommentsApi extends Reactions {
  constructor(t: Transport) {
    super(t, 'comments');
  }

  /**
   * POST /v1.1/sites/$site/comments/$id with `status`: approve (`approved`), unapprove
   * (`unapproved`), spam (`spam`) or not spam (`approved`). Moderators only.
   */
  async setStatus(site: string | number, commentId: number, status: CommentStatus, options: ActOptions = {}): Promise<Comment> {
    const at = target(site, 'comments', commentId);
    oneOf('status', status, COMMENT_STATUSES);
    return parseWith(schemas().commentSchema, await act(this.t, at.site, at.path, { status }, options), {
      request: `POST /v1.1${at.path}`,
      site: at.site,
    });
  }

  /** GET /v1.1/sites/$site/comments/$id: one comment as the service has it now. */
  async get(
    site: string | number,
    commentId: number,
    common: Pick<CommonParams, 'fields' | 'context'> = {},
    opts: CallOptions = {},
  ): Promise<Comment> {
    return this.t.run(this.getRequest(site, commentId, common), opts.signal);
  }

  getRequest(site: string | number, commentId: number, common: Pick<CommonParams, 'fields' | 'context'> = {}): Prepared<Comment> {
    return this.one(site, commentId, common, () => schemas().commentSchema);
  }

  /**
   * GET /v1.1/sites/$site/comments/$id with `context=edit`, only its text: `raw_content` (the
   * comment as its author wrote it, for those who may edit it) and `content`. Run with `client.run`.
   */
  textRequest(site: string | number, commentId: number): Prepared<CommentText> {
    return this.one(site, commentId, { fields: 'ID,raw_content,content', context: 'edit' }, () => schemas().commentTextSchema);
  }

  /** GET /v1.1/sites/$site/comments/$id, read with `schema` (what the fields asked for make of a comment). */
  private one<T>(
    site: string | number,
    commentId: number,
    common: Pick<CommonParams, 'fields' | 'context'>,
    schema: () => Parameters<typeof parseWith<T>>[0],
  ): Prepared<T> {
    const s = checkSite(site);
    positiveInt('comment ID', commentId);
    const path = `/sites/${encodeURIComponent(s)}/comments/${commentId}`;
    return {
      spec: { method: 'GET', version: '1.1', path, common, messageContext: { site: s } },
      parse: (body) => parseWith(schema(), body, { request: `GET /v1.1${path}`, site: s }),
    };
  }

  /** GET /v1.1/sites/$site/comments/: the site's comments in one status (pending, spam and trash are for moderators). */
  async list(site: string | number, params: CommentListParams = {}, opts: CallOptions = {}): Promise<CommentPage> {
    return this.t.run(this.listRequest(site, params), opts.signal);
  }

  listRequest(site: string | number, params: CommentListParams = {}): Prepared<CommentPage> {
    return this.pageRequest(checkSite(site), undefined, params);
  }

  /** GET /v1.1/sites/$site/posts/$post/replies/: one post's comments. */
  async replies(site: string | number, postId: number, params: CommentListParams = {}, opts: CallOptions = {}): Promise<CommentPage> {
    return this.t.run(this.repliesRequest(site, postId, params), opts.signal);
  }

  repliesRequest(site: string | number, postId: number, params: CommentListParams = {}): Prepared<CommentPage> {
    positiveInt('post ID', postId);
    return this.pageRequest(checkSite(site), postId, params);
  }

  /** POST /v1.1/sites/$site/comments/$id with new content (and/or status): the comment as the service now has it. */
  async edit(site: string | number, commentId: number, change: CommentEdit, options: ActOptions = {}): Promise<Comment> {
    const at = target(site, 'comments', commentId);
    oneOf('status', change.status, COMMENT_STATUSES);
    const form: Record<string, string> = {};
    if (change.content !== undefined) form.content = change.content;
    if (change.status !== undefined) form.status = change.status;
    return parseWith(schemas().commentSchema, await act(this.t, at.site, at.path, form, options), {
      request: `POST /v1.1${at.path}`,
      site: at.site,
    });
  }

  private pageRequest(s: string, postId: number | undefined, params: CommentListParams): Prepared<CommentPage> {
    const { fields, context, ...query } = params;
    oneOf('status', query.status, COMMENT_LIST_STATUSES);
    oneOf('type', query.type, ['comment', 'trackback', 'pingback', 'pings'] as const);
    intInRange('number', query.number, 1, COMMENTS_MAX_NUMBER);
    intInRange('offset', query.offset, 0, Number.MAX_SAFE_INTEGER);
    positiveInt('page', query.page);
    oneOf('order', query.order, ['DESC', 'ASC'] as const);
    isoDate('after', query.after);
    isoDate('before', query.before);
    const path =
      postId === undefined ? `/sites/${encodeURIComponent(s)}/comments/` : `/sites/${encodeURIComponent(s)}/posts/${postId}/replies/`;
    return {
      // `hierarchical=1`, as the apps send it; left out when false (the service's default).
      spec: {
        method: 'GET',
        version: '1.1',
        path,
        query: { ...query, hierarchical: query.hierarchical ? 1 : undefined },
        common: { fields, context },
        messageContext: { site: s },
      },
      parse: (body) => {
        const { value: list, skipped } = parseSkipping(schemas().commentListSchema, body, { request: `GET /v1.1${path}`, site: s });
        return { found: list.found, comments: list.comments, unreadable: skipped.length };
      },
    };
  }

  /** POST /v1.1/sites/$site/comments/$id/delete: to the trash (a trashed comment is deleted for good). */
  async trash(site: string | number, commentId: number, options: ActOptions = {}): Promise<Comment> {
    const at = target(site, 'comments', commentId);
    const path = `${at.path}/delete`;
    return parseWith(schemas().commentSchema, await act(this.t, at.site, path, undefined, options), {
      request: `POST /v1.1${path}`,
      site: at.site,
    });
  }
}
