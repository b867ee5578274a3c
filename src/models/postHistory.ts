/**
 * A post's revisions on the site and who saved each (Show Revisions…): the command asks this, this
 * asks the client. The users' names are a nicety: when they cannot be read the list says "user 1003".
 */
import type { ContentSiteClient, PostRevisions } from '../api';

export class PostHistory {
  constructor(
    private readonly client: () => ContentSiteClient,
    private readonly warn: (message: string) => void,
  ) {}

  /** The post's revisions, and the site's users' names by ID (none when they cannot be read). */
  async read(site: string, id: number): Promise<{ all: PostRevisions; names: Map<number, string> }> {
    const client = this.client();
    const [all, names] = await Promise.all([client.posts.revisions(site, id), this.userNames(client, site)]);
    return { all, names };
  }

  private async userNames(client: ContentSiteClient, site: string): Promise<Map<number, string>> {
    try {
      const users = await client.users.suggest(/^\d+$/.test(site) ? { site_id: Number(site) } : { site });
      return new Map(users.map((u) => [u.ID, u.display_name || u.user_login]));
    } catch (err) {
      this.warn(`Show Revisions: the site's users could not be read (${err instanceof Error ? err.message : String(err)})`);
      return new Map();
    }
  }
}
