/**
 * Comments: the chosen site's comments by status (CommentsModel), their view, the actions on them
 * and the conversation in the detail view. What a note does to a comment (SiteChanges) moves it
 * here too; on deactivation, spam and trash still in their undo window are sent.
 */
import { registerCommentCommands } from '../commands/commentCommands';
import { pageSizes, undoMs } from '../config';
import { COMMANDS } from '../ids';
import { CommentsModel } from '../models/commentsModel';
import { CommentsProvider } from '../views/comments/commentsProvider';
import { ListFeature, type ListFeatureDeps } from './listFeature';
import type { Shared } from '../services/shared';

export type CommentsDeps = ListFeatureDeps & Pick<Shared, 'log' | 'client' | 'site' | 'changes' | 'detail'>;

export class CommentsFeature extends ListFeature<CommentsModel, CommentsProvider> {
  constructor(deps: CommentsDeps) {
    const { client, site } = deps;
    super(deps, {
      commands: COMMANDS.comments,
      model: new CommentsModel({ client, site, pageSize: pageSizes.comments, changes: deps.changes, undoMs }),
      provider: (model, loader) => new CommentsProvider(model, site, loader),
      gate: () => site.site !== undefined,
      watched: (model) => [...model.queues.values()],
      pages: () => [],
    });
    const { model, provider } = this;
    this.registerAll(registerCommentCommands({ model, provider, detail: deps.detail, log: deps.log, auth: deps.auth }));
    this.followSite(site);
  }

  /** Spam and trash still in their undo window are sent now. */
  deactivate(): Promise<void> {
    return this.model.flush();
  }
}
