/** Followed Sites: the sites the reader follows, their view, Follow a Site… and Unfollow with Undo, and the first page for the next start. */
import { registerFollowedSitesCommands } from '../commands/followedSitesCommands';
import { pageSizes, undoMs } from '../config';
import { FollowedSitesModel } from '../models/followedSitesModel';
import { FollowedSitesProvider } from '../views/followedSites/followedSitesProvider';
import { COMMANDS } from '../ids';
import { ListFeature, type ListFeatureDeps } from './listFeature';
import type { Shared } from '../services/shared';

export type FollowedSitesDeps = ListFeatureDeps & Pick<Shared, 'client' | 'changes' | 'log'>;

export class FollowedSitesFeature extends ListFeature<FollowedSitesModel, FollowedSitesProvider> {
  constructor(deps: FollowedSitesDeps) {
    super(deps, {
      commands: COMMANDS.followedSites,
      model: new FollowedSitesModel({ client: deps.client, pageSize: pageSizes.following, changes: deps.changes, undoMs }),
      provider: (model, loader) => new FollowedSitesProvider(model, loader),
      watched: (model) => [model],
      pages: () => [],
    });
    this.registerAll(registerFollowedSitesCommands({ model: this.model, provider: this.provider, log: deps.log, auth: deps.auth }));
  }

  /** Unfollows still in their Undo window are sent before the extension stops. */
  deactivate(): Promise<void> {
    return this.model.flush();
  }
}
