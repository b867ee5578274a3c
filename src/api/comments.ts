/** Acting on a comment: moderate, trash, like and unlike, reply (all POST /v1.1, never replayed). */
import { schemas } from './lazy/loadSchemas';
import { act, Reactions, target, type ActOptions } from './act';
import { parseWith } from './decode';
import type { Transport } from './request';
import { COMMENT_STATUSES, type CommentStatus } from './commentStatus';
import type { Comment } from './schemas/comment';
import { oneOf } from './validate';

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
