/**
 * What the site commands ask the service about sites: a site's `sites/$site` answer, read fresh,
 * the user's primary site (offered first when choosing one), and a post as the site stores it for
 * editing (the site's version beside a post file). The commands call these; this calls the client.
 */
import type { ContentSiteClient, PostV11, Site } from '../api';
import { siteFromInput } from './siteInput';

export class SiteModel {
  constructor(private readonly client: () => ContentSiteClient) {}

  /** The site's `sites/$site` answer (its name, address, options), asked now. */
  info(site: string): Promise<Site> {
    return this.client().sites.get(site);
  }

  /** The post as the site stores it, read in the context of editing (its raw content). */
  editablePost(site: string, id: number): Promise<PostV11> {
    return this.client().posts.get(site, id, { context: 'edit' });
  }

  /** The user's primary site as a site the user could type (its address's domain, else its ID); undefined when `me` names none. */
  async primarySite(): Promise<string | undefined> {
    const me = await this.client().me();
    const primary = me.primary_blog_url
      ? siteFromInput(String(me.primary_blog_url))
      : me.primary_blog
        ? siteFromInput(String(me.primary_blog))
        : undefined;
    return primary && 'site' in primary ? primary.site : undefined;
  }
}
