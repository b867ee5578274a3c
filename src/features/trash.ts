/** Trash: the chosen site's trashed posts, their view, restoring them, and the first page for the next start. */
import { registerRestoreCommands } from '../commands/restorePosts';
import { pageSizes } from '../config';
import { cachedItem } from '../models/firstPageCache';
import { TrashModel } from '../models/trashModel';
import { TrashProvider } from '../views/trash/trashProvider';
import { COMMANDS } from '../ids';
import { ListFeature, type ListFeatureDeps } from './listFeature';
import type { Shared } from '../services/shared';

export type TrashDeps = ListFeatureDeps & Pick<Shared, 'log' | 'client' | 'site' | 'selectSite' | 'changes'>;

export class TrashFeature extends ListFeature<TrashModel, TrashProvider> {
  constructor(deps: TrashDeps) {
    const { client, site } = deps;
    super(deps, {
      commands: COMMANDS.trash,
      model: new TrashModel({ client, pageSize: pageSizes.trash, site, changes: deps.changes }),
      provider: (model, loader) => new TrashProvider(model, site, loader),
      gate: () => site.site !== undefined,
      watched: (model) => [model],
      pages: (model) => [
        { name: () => `trash:${site.site ?? ''}`, list: model.list, read: cachedItem.trashedPost, pageSize: pageSizes.trash },
      ],
    });
    const { model, provider } = this;
    this.registerAll(registerRestoreCommands({ model, provider, site, selectSite: deps.selectSite, log: deps.log, auth: deps.auth }));

    this.followSite(site);
    // A post trashed or restored elsewhere (the Posts view, a publish): the trash reads the site again.
    this.register(deps.changes.onPost((change) => model.follow(change) && void provider.reload()));
  }
}
