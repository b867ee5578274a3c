/**
 * Posts: the chosen site's posts by status, post files (new, publish, pull, the conflict), what a
 * post file open in the editor gets (its diagnostics, the site's categories and tags), and the rows' actions.
 */
import { registerPostFileCommands } from '../commands/postFiles';
import { registerPostRowCommands } from '../commands/postRows';
import { mediaMemory, postMemory, syncRecords } from '../commands/writingMemory';
import { pageSizes } from '../config';
import { cachedItem } from '../models/firstPageCache';
import { PostsModel } from '../models/postsModel';
import { WRITING_LIMITS } from '../writing/limits';
import { SiteTerms } from '../models/siteTerms';
import { PostEditing } from '../views/posts/postEditing';
import { PostsProvider } from '../views/posts/postsProvider';
import { COMMANDS } from '../ids';
import { ListFeature, type ListFeatureDeps } from './listFeature';
import { signedIn } from '../auth';
import type { Shared } from '../services/shared';

export type PostsDeps = ListFeatureDeps &
  Pick<Shared, 'log' | 'client' | 'site' | 'selectSite' | 'state' | 'storageUri' | 'changes' | 'sitePosts' | 'outbox'>;

export class PostsFeature extends ListFeature<PostsModel, PostsProvider> {
  constructor(deps: PostsDeps) {
    const { client, site } = deps;
    super(deps, {
      commands: COMMANDS.posts,
      model: new PostsModel({ client, pageSize: pageSizes.posts, site, changes: deps.changes }),
      provider: (model, loader) => new PostsProvider(model, site, loader),
      gate: () => site.site !== undefined,
      watched: (model) => [model],
      // The posts' first page and the pages'.
      pages: (model) =>
        [model, model.pagesList].map((m) => ({
          name: () => `${m.type === 'post' ? 'posts' : 'pages'}:${site.site ?? ''}`,
          list: m.list,
          read: cachedItem.post,
          pageSize: pageSizes.posts,
        })),
    });
    const { model, provider } = this;
    const sitePosts = deps.sitePosts;
    // The site's categories and tags, for post files (read when a post file first needs them).
    const isSignedIn = signedIn(deps.auth);
    const terms = this.register(new SiteTerms({ client }));
    const editing = this.register(
      new PostEditing(
        {
          rules: (w) => w.uploadRules(site.info?.options, WRITING_LIMITS.defaultUploadBytes),
          terms,
          chosenSite: () => (isSignedIn() ? site.site : undefined),
        },
        (m) => deps.log.warn(m),
      ),
    );
    this.registerAll([
      deps.auth.onDidChangeSession(() => {
        terms.clear();
        editing.recheckTerms();
      }),
      site.onDidChange(() => editing.recheckTerms()),
      terms.onDidChange(() => editing.recheckTerms()),
      // A publish may have created categories or tags.
      deps.changes.onPost(({ site: changed }) => terms.stale(changed)),
    ]);
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
          outbox: deps.outbox,
        },
        { row: (clicked) => provider.target(clicked)?.post, site: () => model.site },
      ),
    );
    this.registerAll(registerPostRowCommands({ log: deps.log, auth: deps.auth, model, provider }));

    this.followSite(site);
    // A post restored from the Trash, or written from a file: the list reads the site again when it is out of date.
    this.register(deps.changes.onPost((change) => model.follow(change) && void provider.reload()));
  }
}
