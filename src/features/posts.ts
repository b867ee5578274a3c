/** Posts: the chosen site's posts by status, post files (new, publish, pull, the conflict), their diagnostics, and the rows' actions. */
import * as vscode from 'vscode';
import { registerPostFileCommands } from '../commands/postFiles';
import { placeOf } from '../views/posts/postPlace';
import { registerPostRowCommands } from '../commands/postRows';
import { mediaMemory, postMemory, syncRecords } from '../commands/writingMemory';
import { pageSizes } from '../config';
import { cachedItem } from '../models/firstPageCache';
import { PostsModel } from '../models/postsModel';
import { WRITING_LIMITS } from '../writing/limits';
import { ImageQuickFix } from '../views/posts/imageQuickFix';
import { PostFileDiagnostics } from '../views/posts/postFileDiagnostics';
import { PostsProvider } from '../views/posts/postsProvider';
import { SitePostDocuments } from '../views/posts/sitePostDocuments';
import { ListFeature, type ListFeatureDeps } from './listFeature';
import type { Shared } from './shared';

export type PostsDeps = ListFeatureDeps &
  Pick<Shared, 'log' | 'client' | 'site' | 'state' | 'storageUri' | 'changes'> & {
    selectSite(): Promise<unknown>;
  };

export class PostsFeature extends ListFeature<PostsModel, PostsProvider> {
  constructor(deps: PostsDeps) {
    const { client, site } = deps;
    super(deps, {
      model: new PostsModel({ client, pageSize: pageSizes.posts, site, changes: deps.changes }),
      provider: (model, loader) => new PostsProvider(model, site, loader),
      gate: () => site.site !== undefined,
      watched: (model) => [model],
      pages: (model) => [{ name: () => `posts:${site.site ?? ''}`, list: model.list, read: cachedItem.post, pageSize: pageSizes.posts }],
    });
    const { model, provider } = this;
    const sitePosts = this.register(new SitePostDocuments());
    const diagnostics = this.register(
      new PostFileDiagnostics((w) => w.uploadRules(site.info?.options, WRITING_LIMITS.defaultUploadBytes), placeOf),
    );
    const quickFix = this.register(new ImageQuickFix((doc, range) => diagnostics.targetAt(doc, range), placeOf));
    this.register(vscode.languages.registerCodeActionsProvider({ language: 'markdown' }, quickFix, ImageQuickFix.metadata));
    const memory = { state: deps.state, baseUrl: () => client().baseUrl };
    const media = mediaMemory(memory);
    const posts = postMemory(memory);
    const records = syncRecords({ storage: deps.storageUri, baseUrl: () => client().baseUrl });
    this.registerAll(
      registerPostFileCommands(
        {
          log: deps.log,
          auth: deps.auth,
          client,
          site,
          media,
          posts,
          records,
          selectSite: deps.selectSite,
          sitePosts,
          changes: deps.changes,
        },
        { row: (clicked) => provider.target(clicked)?.post, site: () => model.site },
      ),
    );
    this.registerAll(registerPostRowCommands({ log: deps.log, auth: deps.auth, client, model, provider }));

    this.followSite(site);
    // A post restored from the Trash, or written from a file: the list reads the site again when it is out of date.
    this.register(deps.changes.onPost((change) => model.follow(change) && void provider.reload()));
  }
}

export function registerPosts(deps: PostsDeps): PostsFeature {
  return new PostsFeature(deps);
}
