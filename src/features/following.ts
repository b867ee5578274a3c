/** Following: the posts of the followed blogs, their view and commands (a post shown in the detail panel), and the first page for the next start. */
import { registerFollowingCommands } from '../commands/followingCommands';
import { registerMarkAllSeen } from '../commands/markAllSeen';
import { pageSizes } from '../config';
import { cachedItem } from '../models/firstPageCache';
import { FollowingModel } from '../models/followingModel';
import { FollowingProvider } from '../views/following/followingProvider';
import { COMMANDS } from '../ids';
import { ListFeature, type ListFeatureDeps } from './listFeature';
import type { Shared } from '../services/shared';
import { readerPostPage } from './readerPostPage';

export type FollowingDeps = ListFeatureDeps & Pick<Shared, 'client' | 'detail' | 'changes' | 'mentions' | 'log' | 'readerPosts'>;

export class FollowingFeature extends ListFeature<FollowingModel, FollowingProvider> {
  constructor(deps: FollowingDeps) {
    super(deps, {
      commands: COMMANDS.following,
      model: new FollowingModel({ client: deps.client, pageSize: pageSizes.following, changes: deps.changes }),
      provider: (model, loader) => new FollowingProvider(model, loader),
      watched: (model) => [model],
      pages: (model) => [{ name: () => 'following', list: model.list, read: cachedItem.feedPost, pageSize: pageSizes.following }],
    });
    const { model, provider } = this;
    const actions = () => deps.readerPosts.actions();
    this.register(deps.readerPosts.add('following', model, provider));
    this.registerAll(registerFollowingCommands({ model, provider, show: readerPostPage(deps), auth: deps.auth, actions }));
    this.registerAll(
      registerMarkAllSeen({ command: COMMANDS.following.markAllSeen, list: model, provider, actions, log: deps.log, auth: deps.auth }),
    );
  }
}
