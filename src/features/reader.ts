/** Reader: Freshly Pressed and the subscribed tags (each opening to its posts), their view and commands, and their first pages for the next start. */
import { registerMarkAllSeen } from '../commands/markAllSeen';
import { registerReaderCommands } from '../commands/readerCommands';
import { registerTagCommands } from '../commands/tagCommands';
import { pageSizes } from '../config';
import { cachedItem } from '../models/firstPageCache';
import { ReaderModel } from '../models/readerModel';
import { ReaderProvider } from '../views/reader/readerProvider';
import { COMMANDS } from '../ids';
import { ListFeature, type ListFeatureDeps } from './listFeature';
import type { Shared } from '../services/shared';
import { readerPostPage } from './readerPostPage';

export type ReaderDeps = ListFeatureDeps & Pick<Shared, 'client' | 'detail' | 'changes' | 'mentions' | 'log' | 'readerPosts'>;

export class ReaderFeature extends ListFeature<ReaderModel, ReaderProvider> {
  constructor(deps: ReaderDeps) {
    super(deps, {
      commands: COMMANDS.reader,
      model: new ReaderModel({ client: deps.client, pageSize: pageSizes.following }),
      provider: (model, loader) => new ReaderProvider(model, loader),
      watched: (model) => [model.featured],
      pages: (model) => [
        { name: () => 'featured', list: model.featured.list, read: cachedItem.featuredPost, pageSize: pageSizes.following },
        { name: () => 'tags', list: model.tags.list, read: cachedItem.tag, pageSize: () => 50 },
      ],
    });
    const { model, provider } = this;
    const actions = () => deps.readerPosts.actions();
    this.register(deps.readerPosts.add('reader', model.featured, provider));
    // Each opened tag's posts are Reader posts too: a like anywhere shows in them, and theirs everywhere.
    model.shareTagPosts((list) => deps.readerPosts.add('reader', list, provider));
    this.registerAll(
      registerReaderCommands({
        featured: model.featured,
        tagPosts: (key) => model.tagPosts(key),
        show: readerPostPage(deps),
        auth: deps.auth,
        actions,
      }),
    );
    this.registerAll(
      registerMarkAllSeen({
        command: COMMANDS.reader.markAllSeen,
        list: model.featured,
        provider,
        actions,
        log: deps.log,
        auth: deps.auth,
      }),
    );
    const view = this.provider.view;
    this.registerAll(registerTagCommands({ tags: this.model.tags, selection: () => view.selection, log: deps.log, auth: deps.auth }));
  }
}
